import { BusinessError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { hashPasswordDigest, md5Hex } from '../../core/password.ts';
import type { Db } from '../../db/database.ts';
import type { SysConfigService, SysSettings } from './sys-config.service.ts';
import {
  defaultDingTalkBase,
  defaultWeComBase,
  dingTalkConnector,
  type ThirdConnector,
  ThirdPartyError,
  thirdRootId,
  weComConnector,
} from './third-party.client.ts';
import { type SyncDataType, ThirdSyncRepository, type ThirdType } from './third-sync.repository.ts';

/** One row of `SynThirdInfo/getSynThirdTotal`; the client tells the two apart by `synType` '组织'. */
export interface SynThirdTotal {
  synType: '组织' | '用户';
  recordTotal: number;
  synSuccessCount: number;
  synFailCount: number;
  unSynCount: number;
  synDate: number | null;
}

/** The settings a connection test or a synchronisation uses: what was sent, else what is saved. */
export type ConnectorSettings = Partial<Record<string, unknown>>;

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const reasonOf = (error: unknown) =>
  error instanceof ThirdPartyError || error instanceof BusinessError
    ? error.message
    : String((error as Error)?.message ?? error);
/** The organisation code a pulled department gets: unique per connector and department. */
const codeOf = (thirdType: ThirdType, id: string) => `${thirdType === 1 ? 'qy' : 'ding'}-${id}`;

/**
 * WeCom (1) and DingTalk (2): the connection test and the synchronisation of organisations and
 * users (protocol-admin.md section 9). `type` 0 sends ours to the third party (SysTo...), 1 takes
 * theirs into ours. Every item's result is recorded, so getSynThirdTotal counts real results.
 */
export class ThirdSyncService {
  constructor(
    private readonly db: Db,
    private readonly sysConfig: SysConfigService,
  ) {}

  /**
   * `SysConfig/{0|1}/testQyWebChatConnect`: 0 the application (corpId + agent secret), 1 the
   * address book (corpId + corp secret). `SysConfig/testDingTalkConnect`: app key + secret.
   */
  async testConnect(thirdType: ThirdType, sent: ConnectorSettings, weComKind: 0 | 1 = 1) {
    const connector = this.connector(thirdType, { ...(await this.sysConfig.get()), ...sent }, weComKind);
    try {
      await connector.token();
    } catch (error) {
      throw new BusinessError('sysConfig.connectFailed', { reason: reasonOf(error) });
    }
  }

  async totals(thirdType: ThirdType): Promise<SynThirdTotal[]> {
    return [await this.total(thirdType, 'organize'), await this.total(thirdType, 'user')];
  }

  /** `SynThirdInfo/synAll{Organize|User}SysTo{Qy|Ding}?type=0|1`: answers the kind's row afterwards. */
  async synchronise(thirdType: ThirdType, dataType: SyncDataType, direction: 0 | 1): Promise<SynThirdTotal> {
    const settings = await this.sysConfig.get();
    const connector = this.connector(thirdType, settings, 1);
    let token: string;
    try {
      token = await connector.token();
    } catch (error) {
      throw new BusinessError('sysConfig.connectFailed', { reason: reasonOf(error) });
    }
    const repo = new ThirdSyncRepository(this.db);
    if (direction === 1) {
      if (dataType === 'organize') await this.pullOrganizes(thirdType, connector, token, repo);
      else await this.pullUsers(thirdType, connector, token, repo, settings);
    } else if (dataType === 'organize') await this.pushOrganizes(thirdType, connector, token, repo);
    else await this.pushUsers(thirdType, connector, token, repo);
    return this.total(thirdType, dataType);
  }

  private connector(thirdType: ThirdType, settings: ConnectorSettings | SysSettings, weComKind: 0 | 1): ThirdConnector {
    if (thirdType === 1) {
      const corpId = str(settings.qyhCorpId);
      const secret = str(weComKind === 0 ? settings.qyhAgentSecret : settings.qyhCorpSecret);
      if (!corpId || !secret) throw new BusinessError('sysConfig.weComMissing');
      return weComConnector(str(settings.qyhApiBase) || defaultWeComBase, corpId, secret);
    }
    const appKey = str(settings.dingSynAppKey);
    const appSecret = str(settings.dingSynAppSecret);
    if (!appKey || !appSecret) throw new BusinessError('sysConfig.dingTalkMissing');
    return dingTalkConnector(str(settings.dingApiBase) || defaultDingTalkBase, appKey, appSecret);
  }

  private async total(thirdType: ThirdType, dataType: SyncDataType): Promise<SynThirdTotal> {
    const { total, success, failed, last } = await new ThirdSyncRepository(this.db).totals(thirdType, dataType);
    return {
      synType: dataType === 'organize' ? '组织' : '用户',
      recordTotal: total,
      synSuccessCount: success,
      synFailCount: failed,
      unSynCount: Math.max(0, total - success - failed),
      synDate: last ? last.getTime() : null,
    };
  }

  /** Their departments become our organisations under our root (their root is ours), parents first. */
  private async pullOrganizes(
    thirdType: ThirdType,
    connector: ThirdConnector,
    token: string,
    repo: ThirdSyncRepository,
  ) {
    const departments = await this.fetch(() => connector.departments(token));
    const root = await repo.rootOrganize();
    const ours = new Map<string, string>([[thirdRootId, root.id]]);
    for (const link of await repo.links(thirdType, 'organize'))
      if (link.sysObjId) ours.set(link.thirdObjId, link.sysObjId);
    const pending = [...departments];
    // Parents first: each round places the departments whose parent is placed.
    while (pending.length > 0) {
      const ready = pending.filter((d) => ours.has(d.parentId) || !pending.some((p) => p.id === d.parentId));
      if (ready.length === 0) break;
      for (const department of ready) {
        pending.splice(pending.indexOf(department), 1);
        try {
          const parentId = ours.get(department.parentId);
          if (!parentId) throw new ThirdPartyError(`parent department ${department.parentId} is not synchronised`);
          const parent = await repo.organizeById(parentId);
          if (!parent) throw new ThirdPartyError(`parent department ${department.parentId} is not synchronised`);
          const linked = ours.get(department.id);
          const existing = linked
            ? await repo.organizeById(linked)
            : await repo.organizeByCode(codeOf(thirdType, department.id));
          const name = department.name.slice(0, 100) || department.id;
          let id: string;
          if (existing) {
            id = existing.id;
            await repo.renameOrganize(id, name, department.order);
          } else {
            id = newId();
            await repo.insertOrganize({
              id,
              parentId,
              enCode: codeOf(thirdType, department.id),
              fullName: name,
              tree: `${parent.organizeIdTree},${id}`,
              sortCode: department.order,
            });
          }
          ours.set(department.id, id);
          await repo.record(thirdType, 'organize', { sysObjId: id, thirdObjId: department.id, ok: true });
        } catch (error) {
          await repo.record(thirdType, 'organize', {
            sysObjId: null,
            thirdObjId: department.id,
            ok: false,
            description: reasonOf(error),
          });
        }
      }
    }
    for (const department of pending) {
      await repo.record(thirdType, 'organize', {
        sysObjId: null,
        thirdObjId: department.id,
        ok: false,
        description: `parent department ${department.parentId} is not synchronised`,
      });
    }
  }

  /** Their users become ours (matched by link, then by account = their user id), in their main department. */
  private async pullUsers(
    thirdType: ThirdType,
    connector: ThirdConnector,
    token: string,
    repo: ThirdSyncRepository,
    settings: SysSettings,
  ) {
    const departments = await this.fetch(() => connector.departments(token));
    const users = await this.fetch(() => connector.users(token, [thirdRootId, ...departments.map((d) => d.id)]));
    const root = await repo.rootOrganize();
    const organizes = new Map<string, string>([[thirdRootId, root.id]]);
    for (const link of await repo.links(thirdType, 'organize'))
      if (link.sysObjId) organizes.set(link.thirdObjId, link.sysObjId);
    const linked = new Map<string, string>();
    for (const link of await repo.links(thirdType, 'user'))
      if (link.sysObjId) linked.set(link.thirdObjId, link.sysObjId);
    let passwordHash: string | null = null;
    for (const user of users) {
      try {
        if (!/^[A-Za-z0-9_.@-]{1,50}$/.test(user.id))
          throw new ThirdPartyError(`user id ${user.id} cannot be an account`);
        const organizeId = user.departmentIds.map((d) => organizes.get(d)).find(Boolean) ?? null;
        const card = {
          realName: user.name.slice(0, 50) || user.id,
          mobilePhone: user.mobile,
          email: user.email,
        };
        const existingId = linked.get(user.id) ?? (await repo.userByAccount(user.id))?.id;
        const existing = existingId ? await repo.userById(existingId) : undefined;
        let id: string;
        if (existing) {
          id = existing.id;
          await repo.updateUser(id, { ...card, organizeId });
        } else {
          passwordHash ??= await hashPasswordDigest(md5Hex(String(settings.newUserDefaultPassword)));
          id = newId();
          await repo.insertUser({ id, account: user.id, ...card, organizeId: organizeId ?? root.id, passwordHash });
        }
        await repo.record(thirdType, 'user', { sysObjId: id, thirdObjId: user.id, ok: true });
      } catch (error) {
        await repo.record(thirdType, 'user', {
          sysObjId: null,
          thirdObjId: user.id,
          ok: false,
          description: reasonOf(error),
        });
      }
    }
  }

  /** Our organisations become their departments under their root (ours is theirs), parents first. */
  private async pushOrganizes(
    thirdType: ThirdType,
    connector: ThirdConnector,
    token: string,
    repo: ThirdSyncRepository,
  ) {
    const theirs = new Map<string, string>();
    for (const link of await repo.links(thirdType, 'organize'))
      if (link.sysObjId) theirs.set(link.sysObjId, link.thirdObjId);
    for (const organize of await repo.organizes()) {
      if (organize.parentId === '-1') {
        theirs.set(organize.id, thirdRootId);
        continue;
      }
      try {
        const parentId = theirs.get(organize.parentId);
        if (!parentId) throw new ThirdPartyError('the parent organisation is not synchronised');
        const thirdId = await connector.saveDepartment(token, {
          thirdId: theirs.get(organize.id) ?? null,
          parentId,
          name: organize.fullName,
          order: organize.sortCode,
        });
        theirs.set(organize.id, thirdId);
        await repo.forget(thirdType, 'organize', `sys:${organize.id}`);
        await repo.record(thirdType, 'organize', { sysObjId: organize.id, thirdObjId: thirdId, ok: true });
      } catch (error) {
        const thirdId = theirs.get(organize.id);
        await repo.record(thirdType, 'organize', {
          sysObjId: organize.id,
          thirdObjId: thirdId ?? `sys:${organize.id}`,
          ok: false,
          description: reasonOf(error),
        });
      }
    }
  }

  /** Our users become theirs (their user id is our account), in the department of their organisation. */
  private async pushUsers(thirdType: ThirdType, connector: ThirdConnector, token: string, repo: ThirdSyncRepository) {
    const departments = new Map<string, string>();
    for (const link of await repo.links(thirdType, 'organize'))
      if (link.sysObjId) departments.set(link.sysObjId, link.thirdObjId);
    const root = await repo.rootOrganize();
    departments.set(root.id, thirdRootId);
    const theirs = new Map<string, string>();
    for (const link of await repo.links(thirdType, 'user'))
      if (link.sysObjId) theirs.set(link.sysObjId, link.thirdObjId);
    for (const user of await repo.users()) {
      const thirdId = theirs.get(user.id) ?? null;
      try {
        const departmentId = (user.organizeId && departments.get(user.organizeId)) || thirdRootId;
        const saved = await connector.saveUser(token, {
          thirdId,
          account: user.account,
          name: user.realName,
          mobile: user.mobilePhone,
          email: user.email,
          departmentId,
        });
        await repo.record(thirdType, 'user', { sysObjId: user.id, thirdObjId: saved, ok: true });
      } catch (error) {
        await repo.record(thirdType, 'user', {
          sysObjId: user.id,
          thirdObjId: thirdId ?? user.account,
          ok: false,
          description: reasonOf(error),
        });
      }
    }
  }

  /** A read of the whole address book either works or the call answers why not. */
  private async fetch<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw new BusinessError('sysConfig.synFailed', { reason: reasonOf(error) });
    }
  }
}
