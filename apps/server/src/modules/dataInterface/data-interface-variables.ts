import { randomInt } from 'node:crypto';
import {
  type DataInterfaceNode,
  type DataInterfaceVariateInput,
  type DataInterfaceVariateRow,
  formatDate,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import { DataInterfaceRepository } from './data-interface.repository.ts';
import { type InterfaceDefinitionCache, placeholder } from './data-interface-definition.ts';

/** The system variables (`{@currentUser}`, ...) for one caller, each read when first named. */
export function systemVariables(
  session: Session,
  repo: DataInterfaceRepository,
): Record<string, () => Promise<string>> {
  const now = new Date();
  let organize: Promise<string> | null = null;
  return {
    currentUser: async () => session.userId,
    currentAccount: async () => session.account,
    currentOrganize: async () => {
      organize ??= repo.organizeOf(session.userId);
      return organize;
    },
    currentTime: async () => formatDate(now, 'YYYY-MM-DD HH:mm:ss'),
    currentDate: async () => formatDate(now, 'YYYY-MM-DD'),
    currentTimestamp: async () => String(now.getTime()),
  };
}

/** An expression's value: its `{@system}` names replaced; other text kept as written. */
export async function evaluate(expression: string, session: Session, repo: DataInterfaceRepository): Promise<string> {
  const system = systemVariables(session, repo);
  const parts: string[] = [];
  let last = 0;
  for (const match of expression.matchAll(placeholder)) {
    parts.push(expression.slice(last, match.index));
    const name = match[2] ?? '';
    const value = match[1] === '@' ? system[name] : undefined;
    parts.push(value ? await value() : match[0]);
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push(expression.slice(last));
  return parts.join('');
}

/** An interface's own variables (`{@name}` in its statement, URL or body): named expressions, unique per interface. */
export class DataInterfaceVariables {
  constructor(
    private readonly db: Db,
    private readonly cache: InterfaceDefinitionCache,
  ) {}

  async variates(interfaceId: string, keyword: string, session: Session): Promise<DataInterfaceVariateRow[]> {
    const repo = new DataInterfaceRepository(this.db);
    const rows = await repo.variates(interfaceId, keyword);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        interfaceId: row.interfaceId,
        fullName: row.fullName,
        expression: row.expression,
        value: await evaluate(row.expression, session, repo),
        creatorTime: toMillis(row.creatorTime) ?? 0,
      })),
    );
  }

  async variateInfo(id: string, session: Session): Promise<DataInterfaceVariateRow> {
    const repo = new DataInterfaceRepository(this.db);
    const row = await repo.findVariate(id);
    if (!row) throw new NotFoundError();
    return {
      ...row,
      value: await evaluate(row.expression, session, repo),
      creatorTime: toMillis(row.creatorTime) ?? 0,
    };
  }

  /** Interfaces with their variables, for the variable picker (variable nodes have type 1). */
  async variateSelector(): Promise<DataInterfaceNode[]> {
    const repo = new DataInterfaceRepository(this.db);
    const [rows, variates] = await Promise.all([repo.enabled(), repo.allVariates()]);
    return rows
      .map((row) => ({
        id: row.id,
        fullName: row.fullName,
        enCode: row.enCode,
        type: 0,
        hasChildren: true,
        children: variates
          .filter((v) => v.interfaceId === row.id)
          .map((v) => ({ id: v.id, fullName: v.fullName, enCode: v.fullName, type: 1, hasChildren: false })),
      }))
      .filter((node) => node.children.length > 0);
  }

  async createVariate(input: DataInterfaceVariateInput, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      if (!(await repo.findById(input.interfaceId))) throw new BusinessError('dataInterface.notFound');
      if (await repo.variateNameTaken(input.interfaceId, input.fullName, null)) {
        throw new BusinessError('dataInterface.variateTaken', { name: input.fullName });
      }
      const id = newId();
      await repo.insertVariate(id, input, session.userId);
      this.cache.forget(input.interfaceId);
      return id;
    });
  }

  async updateVariate(id: string, input: DataInterfaceVariateInput, session: Session) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      const before = await repo.findVariate(id);
      if (!before) throw new NotFoundError();
      if (!(await repo.findById(input.interfaceId))) throw new BusinessError('dataInterface.notFound');
      if (await repo.variateNameTaken(input.interfaceId, input.fullName, id)) {
        throw new BusinessError('dataInterface.variateTaken', { name: input.fullName });
      }
      await repo.updateVariate(id, input, session.userId);
      this.cache.forget(before.interfaceId);
      this.cache.forget(input.interfaceId);
    });
  }

  async deleteVariate(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      const before = await repo.findVariate(id);
      if (!before) throw new NotFoundError();
      await repo.deleteVariate(id);
      this.cache.forget(before.interfaceId);
    });
  }

  async copyVariate(id: string, session: Session): Promise<string> {
    const row = await new DataInterfaceRepository(this.db).findVariate(id);
    if (!row) throw new NotFoundError();
    return this.addVariateAsCopy(
      { interfaceId: row.interfaceId, fullName: row.fullName, expression: row.expression },
      session,
    );
  }

  /** Adds `input` under a name free in its interface: `<name>_copy`, else `<name>_<4 digits>`. */
  async addVariateAsCopy(input: DataInterfaceVariateInput, session: Session): Promise<string> {
    const repo = new DataInterfaceRepository(this.db);
    let name = `${input.fullName}_copy`.slice(0, 50);
    while (await repo.variateNameTaken(input.interfaceId, name, null))
      name = `${input.fullName.slice(0, 45)}_${randomInt(1000, 10000)}`;
    return this.createVariate({ ...input, fullName: name }, session);
  }
}
