import { randomInt } from 'node:crypto';
import {
  DataInterfaceConfig,
  type DataInterfaceInput,
  type DataInterfaceLogRow,
  type DataInterfaceNode,
  type DataInterfaceParameter,
  type DataInterfaceQuery,
  type DataInterfaceRow,
  type PageData,
  type PageQuery,
} from '@platform/shared';
import { BusinessError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { DataInterfaceRepository, type DataInterfaceValues } from './data-interface.repository.ts';
import {
  FieldMaps,
  type InterfaceDefinitionCache,
  type InterfaceRow,
  Parameters,
  parseJson,
  placeholder,
} from './data-interface-definition.ts';
import type { DataInterfaceLogWriter } from './data-interface-log.ts';
import { checkSelect } from './sql-guard.ts';

const text = (value: string | null | undefined) => value ?? '';

const toWire = (r: InterfaceRow): DataInterfaceRow => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  type: r.type,
  action: r.action,
  hasPage: r.hasPage,
  isPostPosition: r.isPostPosition,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: text(r.description),
  tenantId: '',
  dataConfigJson: r.dataConfigJson,
  dataCountJson: text(r.dataCountJson),
  dataEchoJson: text(r.dataEchoJson),
  dataJsJson: text(r.dataJsJson),
  dataExceptionJson: text(r.dataExceptionJson),
  fieldJson: text(r.fieldJson),
  parameterJson: text(r.parameterJson),
  creatorTime: toMillis(r.creatorTime) ?? 0,
  lastModifyTime: toMillis(r.lastModifyTime),
});

/** The source a definition of `type` must carry, checked: an SQL SELECT, a static JSON list, an http(s) URL. */
async function checkSource(type: number, config: DataInterfaceConfig, schemas: string[]) {
  if (type === 1) {
    const sqlText = config.sqlData?.sql?.trim();
    if (!sqlText) throw new BusinessError('dataInterface.sqlRequired');
    if (config.sqlData?.dbLinkId && config.sqlData.dbLinkId !== '0')
      throw new BusinessError('dataInterface.dbLinkUnknown');
    let n = 0;
    await checkSelect(
      sqlText.replace(placeholder, () => `$${++n}`),
      schemas,
    );
  } else if (type === 2) {
    try {
      const data: unknown = JSON.parse(config.staticData ?? '');
      if (data === null || typeof data !== 'object') throw new Error('not a list');
    } catch {
      throw new BusinessError('dataInterface.staticInvalid');
    }
  } else {
    const url = config.apiData?.url ?? '';
    let parsed: URL | null = null;
    try {
      parsed = new URL(url.replace(placeholder, 'x'));
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new BusinessError('dataInterface.httpUrl');
    }
  }
}

/** Data interfaces' definitions: the admin pages' list, form, state, copies, and each one's call log. */
export class DataInterfaceDefinitions {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryCache,
    private readonly cache: InterfaceDefinitionCache,
    private readonly log: DataInterfaceLogWriter,
    private readonly schemas: string[],
  ) {}

  async page(query: DataInterfaceQuery): Promise<PageData<DataInterfaceRow>> {
    const params = pageParams(query);
    const types = (query.type ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((n) => n >= 1 && n <= 3);
    const { list, total } = await new DataInterfaceRepository(this.db).page(params, {
      category: query.category || undefined,
      types: query.sourceType === 3 ? [1] : types,
      enabledMark: query.enabledMark === '' ? undefined : query.enabledMark,
    });
    return page(list.map(toWire), total, params);
  }

  async info(id: string) {
    const row = await new DataInterfaceRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return toWire(row);
  }

  /** Categories (DataInterfaceType entries) with their enabled interfaces; empty categories left out. */
  async selector(): Promise<DataInterfaceNode[]> {
    const [categories, rows] = await Promise.all([
      this.dictionaries.entries('DataInterfaceType'),
      new DataInterfaceRepository(this.db).enabled(),
    ]);
    return categories
      .map((category) => {
        const children = rows
          .filter((row) => row.category === category.id)
          .map((row) => ({
            id: row.id,
            fullName: row.fullName,
            enCode: row.enCode,
            type: row.type,
            hasChildren: false,
          }));
        return {
          id: category.id,
          fullName: category.fullName,
          enCode: category.enCode,
          type: 0,
          hasChildren: true,
          children,
        };
      })
      .filter((node) => node.children.length > 0);
  }

  async parameters(id: string): Promise<DataInterfaceParameter[]> {
    const row = await new DataInterfaceRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return parseJson(row.parameterJson, Parameters, 'parameters') ?? [];
  }

  /** What a form sends, checked and as stored: each kind's source must be there and valid. */
  private async valuesOf(input: DataInterfaceInput): Promise<DataInterfaceValues> {
    if (!(await this.dictionaries.hasEntry('DataInterfaceType', input.category))) {
      throw new BusinessError('dataInterface.categoryUnknown', { id: input.category });
    }
    if ((input.action ?? 3) !== 3) throw new BusinessError('dataInterface.readOnly');
    const config = parseJson(input.dataConfigJson, DataInterfaceConfig, 'config') ?? {};
    parseJson(input.parameterJson, Parameters, 'parameters');
    parseJson(input.fieldJson, FieldMaps, 'fields');
    await checkSource(input.type, config, this.schemas);
    return {
      fullName: input.fullName,
      enCode: input.enCode,
      category: input.category,
      type: input.type,
      action: 3,
      hasPage: input.hasPage ?? 0,
      isPostPosition: input.isPostPosition ?? 0,
      dataConfigJson: input.dataConfigJson,
      dataCountJson: input.dataCountJson ?? null,
      dataEchoJson: input.dataEchoJson ?? null,
      dataJsJson: input.dataJsJson ?? null,
      dataExceptionJson: input.dataExceptionJson ?? null,
      fieldJson: input.fieldJson ?? null,
      parameterJson: input.parameterJson ?? null,
      sortCode: input.sortCode ?? 0,
      enabledMark: input.enabledMark ?? 1,
      description: input.description ?? null,
    };
  }

  async create(input: DataInterfaceInput, session: Session): Promise<string> {
    const values = await this.valuesOf(input);
    return this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('dataInterface.codeTaken');
      const id = newId();
      await repo.insert(id, values, session.userId);
      return id;
    });
  }

  async update(id: string, input: DataInterfaceInput, session: Session) {
    const values = await this.valuesOf(input);
    await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('dataInterface.codeTaken');
      await repo.update(id, values, session.userId);
    });
    this.cache.forget(id);
  }

  async toggleState(id: string, session: Session): Promise<number> {
    const next = await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      const state = row.enabledMark === 1 ? 0 : 1;
      await repo.setState(id, state, session.userId);
      return state;
    });
    this.cache.forget(id);
    return next;
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.delete(id);
    });
    this.cache.forget(id);
  }

  /** A copy, disabled, named and coded with a random suffix, with the original's variables. */
  async copy(id: string, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new DataInterfaceRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      const suffix = String(randomInt(1000, 10000));
      const copyId = newId();
      const { id: _id, creatorTime: _c, lastModifyTime: _m, ...values } = row;
      await repo.insert(
        copyId,
        {
          ...values,
          fullName: `${row.fullName}.副本${suffix}`.slice(0, 50),
          enCode: `${row.enCode}${suffix}`.slice(0, 50),
          enabledMark: 0,
        },
        session.userId,
      );
      for (const variate of await repo.variates(id)) {
        await repo.insertVariate(
          newId(),
          { interfaceId: copyId, fullName: variate.fullName, expression: variate.expression },
          session.userId,
        );
      }
      return copyId;
    });
  }

  /** A page of the interface's call log; entries still gathered are written first. */
  async logs(interfaceId: string, query: PageQuery): Promise<PageData<DataInterfaceLogRow>> {
    await this.log.flush();
    const params = pageParams(query);
    const { list, total } = await new DataInterfaceRepository(this.db).logs(interfaceId, params);
    return page(
      list.map((r) => ({
        id: r.id,
        interfaceId: r.interfaceId,
        userId: text(r.userId),
        userName: r.realName ? `${r.realName}/${r.account ?? ''}` : '',
        invokTime: toMillis(r.invokTime) ?? 0,
        invokWasteTime: r.invokWasteTime,
        invokState: r.invokState,
        invokSize: r.invokSize,
        invokIp: text(r.invokIp),
        origin: text(r.origin),
        message: text(r.message),
      })),
      total,
      params,
    );
  }
}
