import {
  childrenOf,
  holdsValue,
  kindOf,
  type PageData,
  type PrintData,
  type PrintDevInput,
  type PrintDevQuery,
  type PrintDevRow,
  type PrintDevSelectorNode,
  type PrintField,
  type PrintLogInput,
  type PrintLogQuery,
  type PrintLogRow,
  valueFields,
} from '@platform/shared';
import { BusinessError, ForbiddenError, NotFoundError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { page, pageParams, toMillis } from '../../core/paging.ts';
import { sanitizePrintTemplate } from '../../core/sanitize.ts';
import type { Session } from '../../core/session.ts';
import { flipEnabledMark } from '../../core/state-switch.ts';
import type { Db } from '../../db/database.ts';
import type { Caller, DataInterfaceService } from '../dataInterface/data-interface.service.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import type { RecordService } from '../visualdev/record.service.ts';
import type { FormDefinitionService } from '../visualdev/visualdev.service.ts';
import { approvalRecordsOf } from '../workflow/task-query.service.ts';
import { PrintDevRepository, type PrintDevValues, PrintLogRepository } from './print-dev.repository.ts';

type Row = NonNullable<Awaited<ReturnType<PrintDevRepository['findById']>>>;

/** The dictionary whose entries (by enCode) are the templates' categories. */
const categoryDictionary = 'printDev';
/**
 * The print-data keys of a template's own SQL (the 3.6 client's print designer and preview): the
 * first statement's first row is the head (`headTable`, its columns printed by name), each further
 * statement a table of rows under `childrenDataTable{n}` (n from 0).
 */
export const HEAD_TABLE = 'headTable';
export const sqlTableKey = (index: number) => (index === 0 ? HEAD_TABLE : `childrenDataTable${index - 1}`);

/** A task the caller may read, with the form it holds values of (the flow detail's record). */
export type ReadableTask = (
  session: Session,
  taskId: string,
) => Promise<{ formId: string | null; formData: string } | null>;

/** A batch prints at most this many records. */
export const maxBatchRecords = 500;

const toWire = (r: Row, fieldJson = ''): PrintDevRow => ({
  id: r.id,
  fullName: r.fullName,
  enCode: r.enCode,
  category: r.category,
  type: r.type,
  formId: r.formId ?? '',
  sourceType: r.sourceType,
  dbLinkId: r.dbLinkId ?? '',
  sqlTemplate: r.sqlTemplate ?? '',
  parameterJson: r.parameterJson ?? '',
  interfaceId: r.interfaceId ?? '',
  interfaceName: r.interfaceName ?? '',
  // Sanitised on the way out too: rows stored before the server cleaned templates answer clean.
  printTemplate: sanitizePrintTemplate(r.printTemplate) ?? '',
  pageParam: r.pageParam ?? '',
  fieldJson,
  sortCode: r.sortCode,
  enabledMark: r.enabledMark,
  description: r.description ?? '',
  creatorTime: toMillis(r.creatorTime) ?? 0,
  lastModifyTime: toMillis(r.lastModifyTime),
});

export const valuesOf = (input: PrintDevInput): PrintDevValues => ({
  fullName: input.fullName,
  enCode: input.enCode,
  category: input.category,
  type: input.type ?? 2,
  formId: input.formId || null,
  sourceType: input.sourceType ?? 0,
  dbLinkId: input.dbLinkId || null,
  sqlTemplate: input.sqlTemplate || null,
  parameterJson: input.parameterJson || null,
  interfaceId: input.interfaceId || null,
  interfaceName: input.interfaceName || null,
  printTemplate: sanitizePrintTemplate(input.printTemplate),
  pageParam: input.pageParam || null,
  sortCode: input.sortCode ?? 0,
  enabledMark: input.enabledMark ?? 1,
  description: input.description ?? null,
});

/**
 * Print templates (打印模板): CRUD, copy and the selector for the administration page; the fields a
 * template can use and the data it prints, read from the generated form it names with the
 * caller's rights on that form's records; and the print log.
 */
export class PrintDevService {
  constructor(
    private readonly db: Db,
    private readonly dictionaries: DictionaryCache,
    private readonly definitions: FormDefinitionService,
    private readonly records: RecordService,
    private readonly dataInterfaces: DataInterfaceService,
    private readonly readableTask: ReadableTask,
  ) {}

  /** A category is an entry of the printDev dictionary, by its code (protocol-admin.md section 8). */
  private async check(input: PrintDevInput) {
    if (!(await this.dictionaries.hasEntry(categoryDictionary, input.category)))
      throw new BusinessError('printDev.categoryUnknown', { code: input.category });
    if (input.pageParam) parsePageParam(input.pageParam);
    // The form must exist and be released: its fields are what the template prints.
    if (input.formId) {
      const formId = input.formId;
      await this.definitions.released(formId, true).catch((error: unknown) => {
        throw error instanceof NotFoundError ? new BusinessError('printDev.formUnknown', { id: formId }) : error;
      });
    }
  }

  async page(query: PrintDevQuery): Promise<PageData<PrintDevRow>> {
    const params = pageParams(query);
    const { list, total } = await new PrintDevRepository(this.db).page(params, {
      category: query.category,
      enabledMark: query.enabledMark,
    });
    return page(
      list.map((r) => toWire({ ...r, printTemplate: null })),
      total,
      params,
    );
  }

  async info(id: string): Promise<PrintDevRow> {
    const row = await this.find(id);
    if (row.formId) return toWire(row, JSON.stringify(await this.fieldsOfForm(row.formId).catch(() => [])));
    // The 3.6 designer offers an interface template's fields from the interface's own field list.
    if (row.sourceType === 1 && row.interfaceId) {
      const source = await this.dataInterfaces.info(row.interfaceId).catch(() => null);
      return toWire(row, source?.fieldJson || '[]');
    }
    return toWire(row, '[]');
  }

  private async find(id: string): Promise<Row> {
    const row = await new PrintDevRepository(this.db).findById(id);
    if (!row) throw new NotFoundError();
    return row;
  }

  async create(input: PrintDevInput, session: Session): Promise<string> {
    await this.check(input);
    return this.db.transaction().execute(async (trx) => {
      const repo = new PrintDevRepository(trx);
      if (await repo.codeTaken(input.enCode, null)) throw new BusinessError('printDev.codeTaken');
      const id = newId();
      await repo.insert(id, valuesOf(input), session.userId);
      return id;
    });
  }

  async update(id: string, input: PrintDevInput, session: Session) {
    await this.check(input);
    await this.db.transaction().execute(async (trx) => {
      const repo = new PrintDevRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      if (await repo.codeTaken(input.enCode, id)) throw new BusinessError('printDev.codeTaken');
      await repo.update(id, valuesOf(input), session.userId);
    });
  }

  toggleState(id: string, session: Session): Promise<number> {
    return flipEnabledMark(this.db, 'printDev', id, session.userId);
  }

  async delete(id: string) {
    await this.db.transaction().execute(async (trx) => {
      const repo = new PrintDevRepository(trx);
      if (!(await repo.findById(id))) throw new NotFoundError();
      await repo.delete(id);
    });
  }

  /** A copy with a new name and code, as the other designers copy (name.副本xxxxx). */
  async copy(id: string, session: Session): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new PrintDevRepository(trx);
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError();
      const clean = { ...row, printTemplate: sanitizePrintTemplate(row.printTemplate) };
      return repo.insertCopy(clean, session.userId);
    });
  }

  /** `Selector`: printDev categories that hold enabled templates (of `type` when given), templates in children. */
  async selector(type: number | undefined): Promise<PrintDevSelectorNode[]> {
    const templates = await new PrintDevRepository(this.db).all({ enabledMark: 1, type });
    const categories = await this.dictionaries.entries(categoryDictionary);
    return categories
      .map((category) => ({
        id: category.enCode,
        fullName: category.fullName,
        enCode: category.enCode,
        parentId: '0',
        hasChildren: true,
        children: templates
          .filter((t) => t.category === category.enCode)
          .map((t) => ({
            id: t.id,
            fullName: t.fullName,
            enCode: t.enCode,
            parentId: category.enCode,
            formId: t.formId ?? '',
            hasChildren: false,
          })),
      }))
      .filter((category) => category.children.length > 0);
  }

  /** `getListOptions`: the names of the templates asked for, in the order asked; unknown ids are left out. */
  async options(ids: string[]) {
    const rows = await new PrintDevRepository(this.db).names(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id: row.id, fullName: row.fullName }] : [];
    });
  }

  /**
   * `Fields`: what a template of form `formId` can print: head fields, and each sub-table with its
   * columns in children (`table.column`, the placeholder used inside the table's row).
   */
  async fieldsOfForm(formId: string): Promise<PrintField[]> {
    const definition = await this.definitions.released(formId);
    const out: PrintField[] = [];
    for (const field of valueFields(definition.form.fields)) {
      const name = field.__vModel__ ?? '';
      const label = String(field.__config__?.label ?? name);
      if (kindOf(field) !== 'table') {
        out.push({ id: name, parentId: '0', fullName: label });
        continue;
      }
      out.push({
        id: name,
        parentId: '0',
        fullName: label,
        children: childrenOf(field)
          .filter(holdsValue)
          .map((column) => ({
            id: `${name}.${column.__vModel__ ?? ''}`,
            parentId: name,
            fullName: String(column.__config__?.label ?? column.__vModel__ ?? ''),
          })),
      });
    }
    return out;
  }

  /** `Data`: one record of the template's form, with the caller's rights on that form's records. */
  async data(caller: Caller, templateId: string, recordId: string): Promise<PrintData> {
    const [one] = await this.batchData(caller, templateId, [recordId]);
    if (!one) throw new NotFoundError();
    return one;
  }

  /**
   * `BatchData`: the records asked for, in that order, read from the template's source: its
   * generated form (with the caller's rights on its records, or as a reader of the flow task the
   * record is), its own SQL or its data interface (both with the caller's data scope on the forms
   * they read). One record the caller cannot read refuses the batch.
   */
  async batchData(caller: Caller, templateId: string, recordIds: string[]): Promise<PrintData[]> {
    const ids = recordIds.filter(Boolean);
    if (!ids.length) throw new BusinessError('printDev.selectRecords');
    if (ids.length > maxBatchRecords) throw new BusinessError('printDev.tooMany', { max: maxBatchRecords });
    const template = await this.find(templateId);
    if (template.enabledMark !== 1) throw new BusinessError('printDev.disabled');
    const records = await this.recordsOf(template, ids, caller);
    // A record launched into a flow is its task (task id = record id): its approval records print with it.
    const approvals = await approvalRecordsOf(this.db, ids);
    // The 3.6 client and other callers put this into the page as it comes: it is cleaned here, once a batch.
    const printTemplate = sanitizePrintTemplate(template.printTemplate) ?? '';
    return records.map((printData, i) => ({
      printTemplate,
      pageParam: template.pageParam ?? '',
      printData,
      operatorRecordList: (approvals.get(ids[i] ?? '') ?? []).map((r) => ({
        nodeName: r.nodeName,
        userName: r.userName,
        handleTime: r.handleTime.getTime(),
        handleStatus: r.handleStatus,
        handleOpinion: r.handleOpinion,
        signImg: r.signImg,
      })),
    }));
  }

  private async recordsOf(template: Row, ids: string[], caller: Caller): Promise<Record<string, unknown>[]> {
    const { session } = caller;
    if (template.formId) return this.formRecords(session, template.formId, ids);
    const out: Record<string, unknown>[] = [];
    if (template.sourceType === 1 && template.interfaceId) {
      for (const id of ids) out.push(await this.interfaceRecord(template, id, caller));
      return out;
    }
    if (!template.sqlTemplate) throw new BusinessError('printDev.noForm');
    for (const id of ids) out.push(await this.sqlRecord(template.sqlTemplate, id, session));
    return out;
  }

  /**
   * Records of a generated form as its detail shows them; when the caller's menus do not reach
   * them, the flow detail's reader: whoever may read the task a record is (launcher, approvers,
   * cc), every record asked being such a task of this form.
   */
  private async formRecords(session: Session, formId: string, ids: string[]) {
    try {
      return await this.records.displayRecords(session, formId, ids);
    } catch (refused) {
      if (!(refused instanceof ForbiddenError || refused instanceof NotFoundError)) throw refused;
      const given: Record<string, unknown>[] = [];
      for (const id of ids) {
        const task = await this.readableTask(session, id);
        if (task?.formId !== formId) throw refused;
        given.push({ ...(JSON.parse(task.formData) as Record<string, unknown>), id });
      }
      return this.records.displayTaskValues(session, formId, given);
    }
  }

  /** The statements of `sqlTemplate`: the 3.6 client's `[{"sql": ...}]`, or one statement as text. */
  private statementsOf(sqlTemplate: string): string[] {
    let parsed: unknown = sqlTemplate;
    if (sqlTemplate.trim().startsWith('[')) {
      try {
        parsed = JSON.parse(sqlTemplate);
      } catch {
        throw new BusinessError('printDev.sqlInvalid');
      }
    }
    const statements = (Array.isArray(parsed) ? parsed : [{ sql: parsed }]).map((item: unknown) =>
      item && typeof item === 'object' ? String((item as { sql?: unknown }).sql ?? '') : '',
    );
    if (!statements.length || statements.some((sql) => !sql.trim())) throw new BusinessError('printDev.sqlRequired');
    return statements;
  }

  /** `Fields` of a template's own SQL: a node per statement (head first), its columns in children. */
  async fieldsOfSql(sqlTemplate: string, session: Session): Promise<PrintField[]> {
    const out: PrintField[] = [];
    for (const [index, sql] of this.statementsOf(sqlTemplate).entries()) {
      const { columns } = await this.dataInterfaces.templateRows(sql, null, session);
      const id = sqlTableKey(index);
      out.push({
        id,
        parentId: '0',
        fullName: id,
        children: columns.map((column) => ({ id: column, parentId: id, fullName: column })),
      });
    }
    return out;
  }

  /** One record from the template's SQL: the head statement's first row, the others' rows as tables. */
  private async sqlRecord(sqlTemplate: string, recordId: string, session: Session) {
    const printData: Record<string, unknown> = {};
    for (const [index, sql] of this.statementsOf(sqlTemplate).entries()) {
      const { rows } = await this.dataInterfaces.templateRows(sql, recordId, session);
      // No head row: the record does not exist, or lies outside the caller's data scope.
      if (index === 0 && !rows[0]) throw new NotFoundError();
      if (index === 0) Object.assign(printData, rows[0]);
      else printData[sqlTableKey(index)] = rows;
    }
    return printData;
  }

  /**
   * One record from the template's data interface: its parameters as the template maps them
   * (`parameterJson`: 2 a value, 3 empty, 4 a system value such as `@formId`), the first row the head.
   */
  private async interfaceRecord(template: Row, recordId: string, caller: Caller) {
    const system: Record<string, string> = { '@formId': recordId, '@userId': caller.session.userId };
    let mapped: unknown = [];
    try {
      mapped = JSON.parse(template.parameterJson || '[]');
    } catch {
      mapped = [];
    }
    const paramList = (Array.isArray(mapped) ? mapped : []).flatMap((p: unknown) => {
      if (!p || typeof p !== 'object') return [];
      const { field, sourceType, relationField } = p as {
        field?: unknown;
        sourceType?: unknown;
        relationField?: unknown;
      };
      if (typeof field !== 'string' || !field) return [];
      const given = relationField === undefined || relationField === null ? '' : String(relationField);
      const value = Number(sourceType) === 4 ? (system[given] ?? '') : Number(sourceType) === 3 ? '' : given;
      return [{ field, defaultValue: value }];
    });
    const rows = await this.dataInterfaces.options(template.interfaceId ?? '', paramList, {
      ...caller,
      origin: 'print',
    });
    if (!rows[0]) throw new NotFoundError();
    return { ...rows[0] };
  }

  /** Records a print: any signed-in user who printed an existing template. */
  async saveLog(input: PrintLogInput, session: Session) {
    await this.find(input.printId);
    await new PrintLogRepository(this.db).insert({
      id: newId(),
      printId: input.printId,
      printTitle: input.printTitle,
      printNum: input.printNum ?? 1,
      printMan: session.realName ? `${session.realName}/${session.account}` : session.account,
    });
  }

  async logPage(templateId: string, query: PrintLogQuery): Promise<PageData<PrintLogRow>> {
    await this.find(templateId);
    const params = pageParams(query);
    const { list, total } = await new PrintLogRepository(this.db).page(params, {
      printId: templateId,
      from: query.startTime === undefined ? undefined : new Date(query.startTime),
      to: query.endTime === undefined ? undefined : new Date(query.endTime),
    });
    return page(
      list.map((r) => ({ ...r, printTime: toMillis(r.printTime) ?? 0 })),
      total,
      params,
    );
  }
}

/** The page settings: JSON text of an object; its sizes are numbers when given. */
export function parsePageParam(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BusinessError('printDev.badPageParam');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new BusinessError('printDev.badPageParam');
  const param = value as Record<string, unknown>;
  for (const key of ['width', 'height', 'mt', 'mb', 'ml', 'mr']) {
    const size = param[key];
    if (size !== undefined && size !== '' && !(Number(size) >= 0 && Number(size) <= 10_000))
      throw new BusinessError('printDev.badPageParam');
  }
  return param;
}
