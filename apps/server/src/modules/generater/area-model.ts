import {
  type ColumnDefinition,
  childrenOf,
  type FormDefinition,
  type FormField,
  holdsValue,
  kindOf,
  type ValueFacets,
  valueFacetsOf,
  valueFields,
} from '@platform/shared';
import { type ColumnType, columnTypeOf } from '../visualdev/storage-plan.ts';

/**
 * What the generator knows about the area it writes, read once from a released definition: the
 * names every file uses and each field's column, wire schema and rules. The renderers only print
 * this model, so two files can never disagree on a name.
 */

export interface GenerateOptions {
  /** The area's folder and route segment: a safe identifier (it becomes file paths). */
  module: string;
  /** The record's class name (PascalCase once converted): `Leave` gives `LeaveInput`, `LeaveService`. */
  className: string;
  /** One class name per sub-table, in definition order; missing ones are made from the sub-table's field. */
  subClassNames: string[];
  description: string;
  /** Prefix of the tables' names (`ext_` gives `ext_leave`); empty for none. */
  tablePrefix: string;
  /** The migration's number, so it sorts after the repository's last one. */
  migrationNumber: number;
  /** The form rendered by the engine from the released definition, or its layout written out as code. */
  formStyle: 'engine' | 'written';
}

/** A definition as the generator reads it (the released version). */
export interface AreaSource {
  fullName: string;
  form: FormDefinition;
  list: ColumnDefinition;
}

export interface FieldModel {
  /** The field's name in the definition (`__vModel__`). */
  source: string;
  /** The property on the wire and in code (camelCase), and its column (snake_case, as Kysely's CamelCasePlugin maps it). */
  property: string;
  column: string;
  label: string;
  kind: string;
  facets: ValueFacets;
  columnType: ColumnType;
  required: boolean;
  /** A server-filled kind (creator, times, organisation, bill number): never taken from the client. */
  auto: ValueFacets['auto'];
  /** Text kinds: the longest value accepted. */
  maxLength: number | null;
  min: number | null;
  max: number | null;
  multiple: boolean;
  /** A bill number's rule code (`__config__.rule`). */
  billRule: string | null;
  /** Shown in the list and searched by its keyword. */
  listed: boolean;
}

export interface TableModel {
  className: string;
  /** camelCase of the class: variables and the wire key of a sub-table's rows. */
  variable: string;
  table: string;
  /** The Kysely table key (camelCase of `table`). */
  tableKey: string;
  label: string;
  fields: FieldModel[];
}

export interface ChildModel extends TableModel {
  /** The sub-table's property on the record (its rows). */
  property: string;
  source: string;
}

export interface AreaModel extends TableModel {
  module: string;
  description: string;
  /** The menu code the routes check and the seed names (`<module>.<variable>`). */
  menu: string;
  /** Route base: `/api/<module>/<ClassName>`. */
  base: string;
  children: ChildModel[];
  migration: string;
  options: GenerateOptions;
}

/** Columns every generated table has; a field named like one of them is renamed. */
const reservedProperties = new Set([
  'id',
  'parentId',
  'sortCode',
  'creatorTime',
  'creatorUserId',
  'lastModifyTime',
  'lastModifyUserId',
]);

/** The words of a name: `F_FullName` -> F, Full, Name; `input101` -> input101. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

export const pascalCase = (name: string) =>
  words(name)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

export const camelCase = (name: string) => {
  const pascal = pascalCase(name);
  return pascal.slice(0, 1).toLowerCase() + pascal.slice(1);
};

/** The column Kysely's CamelCasePlugin maps a property to (an upper-case letter becomes `_` and its lower case). */
export const snakeCase = (property: string) => property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A property for each field: its name in camelCase, or `field<n>` when that is not an identifier; never twice. */
function propertyNamer() {
  const taken = new Set(reservedProperties);
  let unnamed = 0;
  return (source: string) => {
    let base = camelCase(source);
    if (!/^[a-z][A-Za-z0-9]*$/.test(base)) base = `field${++unnamed}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    return name;
  };
}

const numberOr = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The value fields of the list's columns: what the generated list shows and its keyword searches. */
function listedFields(list: ColumnDefinition): Set<string> {
  return new Set((Array.isArray(list.columnList) ? list.columnList : []).map((column) => column.prop));
}

function fieldModel(field: FormField, property: string, listed: Set<string>): FieldModel | null {
  const kind = kindOf(field);
  const facets = valueFacetsOf(kind);
  if (!facets || !field.__vModel__) return null;
  const config = field.__config__;
  const multiple = facets.multiple === 'always' || (facets.multiple === 'optional' && field.multiple === true);
  const rule = config.rule;
  return {
    source: field.__vModel__,
    property,
    column: snakeCase(property),
    label: String(config.label ?? field.__vModel__),
    kind,
    facets,
    columnType: columnTypeOf(kind, multiple),
    required: config.required === true && facets.auto === null,
    auto: facets.auto,
    maxLength: numberOr(field.maxlength),
    min: numberOr(field.min),
    max: numberOr(field.max),
    multiple,
    billRule: typeof rule === 'string' && rule ? rule : null,
    listed: listed.has(field.__vModel__),
  };
}

function tableModel(className: string, table: string, label: string, fields: FieldModel[]): TableModel {
  return { className, variable: camelCase(className), table, tableKey: camelCase(table), label, fields };
}

/** The model of the area `source` becomes under `options`. */
export function areaModel(source: AreaSource, options: GenerateOptions): AreaModel {
  const className = pascalCase(options.className);
  const listed = listedFields(source.list);
  const nameMain = propertyNamer();
  const fields: FieldModel[] = [];
  const children: ChildModel[] = [];
  for (const field of valueFields(source.form.fields)) {
    const property = nameMain(field.__vModel__ ?? '');
    if (kindOf(field) !== 'table') {
      const model = fieldModel(field, property, listed);
      if (model) fields.push(model);
      continue;
    }
    const childClass = pascalCase(options.subClassNames[children.length] ?? `${className}${pascalCase(property)}`);
    const nameChild = propertyNamer();
    const columns = childrenOf(field)
      .filter(holdsValue)
      .flatMap((column) => fieldModel(column, nameChild(column.__vModel__ ?? ''), new Set()) ?? []);
    const label = String(field.__config__.label ?? property);
    const table = `${options.tablePrefix}${snakeCase(camelCase(childClass))}`;
    children.push({ ...tableModel(childClass, table, label, columns), property, source: field.__vModel__ ?? '' });
  }
  // A list that names none of the fields still shows something: the first few.
  if (!fields.some((f) => f.listed)) for (const f of fields.slice(0, 4)) f.listed = true;
  const main = tableModel(
    className,
    `${options.tablePrefix}${snakeCase(camelCase(className))}`,
    source.fullName,
    fields,
  );
  return {
    ...main,
    module: options.module,
    description: options.description || source.fullName,
    menu: `${options.module}.${main.variable}`,
    base: `/api/${options.module}/${className}`,
    children,
    migration: `${String(options.migrationNumber).padStart(4, '0')}_${snakeCase(main.variable)}`,
    options,
  };
}
