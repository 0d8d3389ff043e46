import type { MajorInput, SystemInfo, SystemInput, SystemQuery } from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import type { EventBus } from '../../core/event-bus.ts';
import { newId } from '../../core/ids.ts';
import { toMillis } from '../../core/paging.ts';
import type { PermissionService } from '../../core/permissions.ts';
import type { Session } from '../../core/session.ts';
import type { Db, Trx } from '../../db/database.ts';
import type { SystemRow } from '../../db/schema.ts';
import { SystemRepository } from './system.repository.ts';

export function systemInfo(row: SystemRow): SystemInfo {
  return {
    id: row.id,
    fullName: row.fullName,
    enCode: row.enCode,
    icon: row.icon ?? '',
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    isMain: row.isMain,
    description: row.description ?? '',
    creatorTime: toMillis(row.creatorTime),
  };
}

/** Applications (systems): each holds its own menu tree; a user works in one at a time. */
export class SystemService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly permissions: PermissionService,
  ) {}

  async list(query: SystemQuery) {
    const rows = await new SystemRepository(this.db).list({
      keyword: query.keyword?.trim(),
      ...(query.enabledMark !== undefined ? { enabledMark: query.enabledMark } : {}),
    });
    return { list: rows.map(systemInfo) };
  }

  async info(id: string) {
    const row = await new SystemRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return systemInfo(row);
  }

  async create(input: SystemInput, session: Session) {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      const systems = new SystemRepository(trx);
      await this.checkUnique(systems, input);
      await systems.insert({
        id,
        fullName: input.fullName,
        enCode: input.enCode,
        icon: input.icon ?? null,
        sortCode: input.sortCode ?? 0,
        enabledMark: input.enabledMark ?? 1,
        description: input.description ?? null,
        creatorUserId: session.userId,
      });
    });
    return id;
  }

  async update(id: string, input: SystemInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const systems = new SystemRepository(trx);
      const row = await systems.findById(id);
      if (!row) throw new NotFoundError();
      await this.checkUnique(systems, input, id);
      if (row.isMain && input.enabledMark === 0) throw new BusinessError('system.mainRequired');
      await systems.update(id, {
        fullName: input.fullName,
        enCode: input.enCode,
        icon: input.icon ?? null,
        sortCode: input.sortCode ?? row.sortCode,
        enabledMark: input.enabledMark ?? row.enabledMark,
        description: input.description ?? null,
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
  }

  /** Flips enabled/disabled; the main system stays enabled. */
  async toggleState(id: string, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const systems = new SystemRepository(trx);
      const row = await systems.findById(id);
      if (!row) throw new NotFoundError();
      if (row.isMain) throw new BusinessError('system.mainRequired');
      await systems.update(id, {
        enabledMark: row.enabledMark === 1 ? 0 : 1,
        lastModifyTime: new Date(),
        lastModifyUserId: session.userId,
      });
    });
    await this.bus.publish({ type: 'authorize.changed' });
  }

  /** Refused for the main system and while menus remain (delete or move them first). */
  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const systems = new SystemRepository(trx);
      const row = await systems.findById(id);
      if (!row) throw new NotFoundError();
      if (row.isMain) throw new BusinessError('system.mainUndeletable');
      if ((await systems.countMenus(id)) > 0) throw new BusinessError('system.hasMenus');
      await systems.delete(id);
    });
    await this.bus.publish({ type: 'authorize.changed' });
  }

  /** The application switch: only an enabled system the user may use. */
  async setMajor(session: Session, input: MajorInput) {
    if (input.majorType !== 'System') throw new BusinessError('system.majorType', { type: input.majorType });
    const systems = new SystemRepository(this.db);
    const row = await systems.findById(input.majorId);
    if (row?.enabledMark !== 1) throw new NotFoundError();
    if (!session.isAdministrator) {
      const allowed = await this.userSystemIds(session);
      if (!allowed.has(row.id)) throw new BusinessError('system.notGranted');
    }
    await systems.setUserSystem(session.userId, row.id);
  }

  /**
   * The systems a (non-administrator) user may switch to: those granted directly and those that
   * own a granted menu.
   */
  async userSystemIds(session: Session): Promise<Set<string>> {
    const access = await this.permissions.access(session);
    const ids = new Set(access.items.system);
    if (access.items.module.size) {
      for (const id of await new SystemRepository(this.db).ownersOfMenus([...access.items.module])) ids.add(id);
    }
    return ids;
  }

  // What other areas read of systems. `db` is the caller's transaction where the read is part of one.

  /** Whether system `id` exists. */
  async exists(id: string, db: Db | Trx = this.db): Promise<boolean> {
    return Boolean(await new SystemRepository(db).findById(id));
  }

  /** Every system (disabled ones too) or the enabled ones, as rows, in display order. */
  rows(filter: { enabledMark?: number } = {}, db: Db | Trx = this.db): Promise<SystemRow[]> {
    return new SystemRepository(db).list(filter);
  }

  /** The enabled systems CurrentUser offers to switch between. */
  enabled() {
    return new SystemRepository(this.db).enabled();
  }

  private async checkUnique(systems: SystemRepository, input: SystemInput, exceptId?: string) {
    if (await systems.codeTaken(input.enCode, exceptId)) throw new BusinessError('system.codeTaken');
    if (await systems.nameTaken(input.fullName, exceptId)) throw new BusinessError('system.nameTaken');
  }
}
