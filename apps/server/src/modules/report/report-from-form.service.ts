import {
  type FormField,
  kindOf,
  type ReportAggregate,
  type ReportCell,
  type ReportFromFormInput,
  type ReportLayout,
  staticOptions,
  valueFields,
} from '@platform/shared';
import { BusinessError } from '../../core/errors.ts';
import type { Translate } from '../../core/i18n.ts';
import type { Session } from '../../core/session.ts';
import type { Db } from '../../db/database.ts';
import type { DataInterfaceService } from '../dataInterface/data-interface.service.ts';
import type { DictionaryCache } from '../dictionary/dictionary-cache.ts';
import { IDENTIFIER, type StoredColumn } from '../visualdev/storage-plan.ts';
import type { FormDefinitionService } from '../visualdev/visualdev.service.ts';
import { ReportRepository } from './report.repository.ts';
import type { ReportService } from './report.service.ts';

/** A field's name as a dataset column: the form's own name where it is an identifier. */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** What the data interface's SQL would read as a placeholder (`{name}`) or cannot hold in a literal. */
const UNSAFE_LABEL = /[{}\\]/;

interface Picked {
  name: string;
  label: string;
  column: StoredColumn;
  field: FormField;
}

/**
 * "A report over a generated form in a few clicks" (issue 39): the form's group fields and measures
 * become a SQL data interface over its record table (so each viewer's data scope applies, as for any
 * interface over a form) and a report whose sheet groups, subtotals and totals them, with a bar
 * chart, ready to refine in the designer.
 */
export class ReportFromFormService {
  constructor(
    private readonly db: Db,
    private readonly forms: FormDefinitionService,
    private readonly interfaces: DataInterfaceService,
    private readonly reports: ReportService,
    private readonly dictionaries: DictionaryCache,
  ) {}

  async create(input: ReportFromFormInput, session: Session, t: Translate): Promise<string> {
    const released = await this.forms.releasedVersion(input.formId);
    if (!released) throw new BusinessError('visualdev.notReleased');
    const fields = new Map(valueFields(released.form.fields).map((f) => [f.__vModel__ ?? '', f]));
    const pick = (name: string): Picked => {
      const column = released.plan.columns.find((c) => c.field === name && !c.retired);
      const field = fields.get(name);
      if (!column || !field || !reportable(column, field) || !IDENTIFIER.test(column.column))
        throw new BusinessError('report.fromForm.fieldUnknown', { name });
      const label = String(field.__config__?.label ?? name);
      return { name: PLAIN_NAME.test(name) ? name : column.column, label, column, field };
    };
    const groups = input.groupBy.map(pick);
    const measures = input.measures.map((m) => ({ ...pick(m.field), aggregate: m.aggregate }));
    for (const measure of measures)
      if (measure.aggregate !== 'count' && measure.column.type !== 'numeric')
        throw new BusinessError('report.fromForm.notNumber', { label: measure.label });
    if (new Set(input.groupBy).size !== groups.length)
      throw new BusinessError('report.fromForm.fieldTwice', { name: input.groupBy.join(',') });
    if (await new ReportRepository(this.db).codeTaken(input.enCode, null)) throw new BusinessError('report.codeTaken');
    const interfaceCategory = (await this.dictionaries.entries('DataInterfaceType'))[0];
    if (!interfaceCategory) throw new BusinessError('report.fromForm.noInterfaceCategory');

    const columns = [...groups, ...measures.filter((m) => !groups.some((g) => g.name === m.name))];
    const select = columns.map((c) => `${columnExpression(c)} as "${c.name}"`).join(', ');
    // Records in a group come in the order they were made, so the sheet reads the same each time.
    const order = [...groups.map((g) => storedText(g.column)), 'creator_time', 'id'].join(', ');
    const interfaceId = await this.interfaces.create(
      {
        fullName: input.fullName,
        enCode: `report.${input.enCode}`.slice(0, 50),
        category: interfaceCategory.id,
        type: 1,
        action: 3,
        hasPage: 0,
        enabledMark: 1,
        sortCode: 0,
        description: t('report.fromForm.interfaceDescription', { name: released.fullName }),
        dataConfigJson: JSON.stringify({
          sqlData: { dbLinkId: '0', sql: `select ${select} from ${released.plan.table} order by ${order}` },
        }),
        parameterJson: '[]',
        fieldJson: JSON.stringify(columns.map((c) => ({ defaultValue: c.name, field: c.label }))),
      },
      session,
    );
    try {
      return await this.reports.create(
        {
          fullName: input.fullName,
          enCode: input.enCode,
          categoryId: input.categoryId,
          description: t('report.fromForm.reportDescription', { name: released.fullName }),
          datasets: [{ name: 'records', interfaceId, parameterMap: [] }],
          layout: groupedLayout(input.fullName, groups, measures, t),
        },
        session,
      );
    } catch (error) {
      // The report is refused (a category that is not one, say): the interface made for it goes too.
      await this.interfaces.delete(interfaceId);
      throw error;
    }
  }
}

/**
 * A column a report can group or count by: one value each (text, a number, a date) or a choice's
 * option (shown by name); not lists, nor pickers, whose stored ids a report would show.
 */
function reportable(column: StoredColumn, field: FormField): boolean {
  if (column.list) return false;
  return column.type !== 'jsonb' || CHOICE_KINDS.includes(kindOf(field));
}

const CHOICE_KINDS = ['select', 'radio'];

/**
 * The column as the report reads it: a choice field's stored value as its option's label (static
 * options whose labels can sit in SQL text), anything else as stored.
 */
function columnExpression(picked: Picked): string {
  const ref = storedText(picked.column);
  const options = CHOICE_KINDS.includes(kindOf(picked.field)) ? staticOptions(picked.field) : [];
  if (!options.length || options.some((o) => UNSAFE_LABEL.test(o.label) || UNSAFE_LABEL.test(String(o.value))))
    return ref;
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const cases = options.map((o) => `when ${literal(String(o.value))} then ${literal(o.label)}`).join(' ');
  return `case ${ref} ${cases} else ${ref} end`;
}

/** The column's SQL: a JSON scalar (a choice's stored value) as its text, others as stored. */
function storedText(column: StoredColumn): string {
  return column.type === 'jsonb' ? `btrim(${column.column}::text, '"')` : column.column;
}

const HEADER_STYLE = { bold: true, background: '#F2F2F2', align: 'center', border: true } as const;
const CLOSING_STYLE = { bold: true, background: '#FAFAFA', border: true } as const;
const NUMBER_FORMAT = '#,##0.00';

type Measure = Picked & { aggregate: ReportAggregate };

/**
 * The sheet: a title over every column, a header, one detail row grouped by the group fields left to
 * right, a subtotal after each group of the outermost field, a total, and a bar chart of the summed
 * measures by the outermost group.
 */
function groupedLayout(title: string, groups: Picked[], measures: Measure[], t: Translate): ReportLayout {
  const outer = groups[0] as Picked;
  const width = groups.length + measures.length;
  const closing = (label: string): (ReportCell | null)[] => [
    { text: label, style: CLOSING_STYLE },
    ...groups.slice(1).map(() => ({ style: CLOSING_STYLE })),
    ...measures.map((m) => ({
      aggregate: m.aggregate,
      format: m.aggregate === 'count' ? '#,##0' : NUMBER_FORMAT,
      style: CLOSING_STYLE,
    })),
  ];
  const summed = measures.filter((m) => m.aggregate !== 'count').map((m) => m.name);
  return {
    columns: Array.from({ length: width }, () => ({ width: 140 })),
    rows: [
      { kind: 'static', height: 36, cells: [{ text: title, style: { bold: true, fontSize: 14, align: 'center' } }] },
      {
        kind: 'static',
        cells: [
          ...groups.map((g) => ({ text: g.label, style: HEADER_STYLE })),
          ...measures.map((m) => ({
            text: t('report.fromForm.measureLabel', {
              label: m.label,
              aggregate: t(`report.aggregate.${m.aggregate}`),
            }),
            style: HEADER_STYLE,
          })),
        ],
      },
      {
        kind: 'detail',
        dataset: 'records',
        cells: [
          ...groups.map((g) => ({ field: g.name, group: true, style: { border: true } })),
          ...measures.map((m) => ({
            field: m.name,
            ...(m.column.type === 'numeric' ? { format: NUMBER_FORMAT } : {}),
            style: { border: true },
          })),
        ],
      },
      { kind: 'subtotal', groupColumn: 0, cells: closing(t('report.fromForm.subtotal', { label: outer.label })) },
      { kind: 'total', cells: closing(t('report.fromForm.total')) },
    ],
    merges: width > 1 ? [{ row: 0, col: 0, rowSpan: 1, colSpan: width }] : [],
    frozenRows: 2,
    page: { paper: 'A4', orientation: width > 5 ? 'landscape' : 'portrait', repeatHeader: true },
    charts: summed.length
      ? [{ title, dataset: 'records', type: 'bar', category: outer.name, values: summed.slice(0, 10) }]
      : [],
  };
}
