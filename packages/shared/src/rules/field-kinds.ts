/**
 * The field kinds of a generated form (widgets.md §1), one entry each: what the designer's key
 * means to everything that reads a definition. The browser's engine and designer and the server's
 * storage, import, export and list read these facets instead of lists of their own; adding a kind
 * is one entry here (and one web entry: its widget, palette item and property sections).
 *
 * Every facet of every kind is decided (the types leave none optional; `field-kinds.test.ts`
 * checks the table): a value kind picks a profile below and states what differs from it.
 */

/** What a kind is in a form: holds a value, shows something, holds other fields, or is a table layout's row or cell. */
export type FieldRole = 'value' | 'display' | 'container' | 'gridPart';

/**
 * The JSON a value kind holds: text, a number, a point in time (milliseconds), a pair (range),
 * a list, uploaded files, a sub-table's rows, or any JSON (ids, paths, a choice's value).
 */
export type ValueType = 'text' | 'number' | 'datetime' | 'range' | 'list' | 'files' | 'rows' | 'json';

/** What the server fills in (widgets.md §3 "Open-data (auto-filled) field types") and when. */
export interface AutoFill {
  fill: 'user' | 'time' | 'organize' | 'position' | 'billRule';
  /** `create`: once, when the record is made; `update`: on every later save. */
  on: 'create' | 'update';
}

/**
 * How a list, detail, export or print shows a stored value (`displayValue`): as stored (numbers,
 * stars, files, signatures the readers draw), a switch's text, a date in the field's format, a
 * range's two ends, a location's address, the mixed user picker's typed ids, the names of picked
 * ids, or the labels of its options (as stored when it has none).
 */
export type DisplayAs =
  | 'asStored'
  | 'switch'
  | 'date'
  | 'dateRange'
  | 'range'
  | 'location'
  | 'typedIds'
  | 'names'
  | 'labels';

/** What the ids of a picker field name. */
export type NameKind = 'user' | 'organize' | 'position' | 'role' | 'group' | 'area';

/** The widest search a list offers on the field: a range (numbers, dates, times), a fuzzy text match, or equality. */
export type SearchOperator = 'range' | 'like' | 'exact';

/** How an import sheet's cell becomes the value (`sheetCellValue`); null: the kind is left out of sheets. */
export type SheetParse = 'text' | 'number' | 'date' | 'switch' | 'options';

/** Whether the value is a list: always, when the field's `multiple` is on, or never. */
export type Multiple = 'always' | 'optional' | 'never';

/** The picker dialog a kind opens. */
export type PickerOf =
  | 'organize'
  | 'department'
  | 'position'
  | 'role'
  | 'group'
  | 'user'
  | 'users'
  | 'area'
  | 'location';

export interface ValueFacets {
  value: ValueType;
  auto: AutoFill | null;
  display: DisplayAs;
  /** What the ids of the value name (`display: 'names'`). */
  names: NameKind | null;
  search: SearchOperator;
  sheet: SheetParse | null;
  /** A calculation may read it (widgets.md "Calculate field"). */
  numberOperand: boolean;
  multiple: Multiple;
  /** Options the designer edits: a flat list (static, dictionary or interface) or a tree; null: none. */
  options: 'list' | 'tree' | null;
  /** Rows from a data interface named on the field: stores the picked row's id, or its text. */
  interfaceBound: 'id' | 'text' | null;
  picker: PickerOf | null;
}

export interface LayoutFacets {
  /** The designer drops fields into it. */
  dropTarget: boolean;
  /** Drawn by its parent (a pane, panel, grid row or cell): never dragged, copied or removed alone. */
  drawnByParent: boolean;
  /** The kind of its parts, which the property panel adds and removes. */
  parts: string | null;
  /**
   * The designer's palette offers it (the web's palette entry of the kind says where). Not: a part
   * its parent adds, or a kind only forms of the 3.6 designer bring.
   */
  placeable: boolean;
}

export interface FieldKind extends LayoutFacets {
  role: FieldRole;
  /** Other keys definitions use for this kind (3.6 and older designers). */
  aliases: readonly string[];
  /** Null for kinds that hold no value. */
  facets: ValueFacets | null;
}

// ---- profiles: a value kind starts from one and states what differs -------------------------------

const text: ValueFacets = {
  value: 'text',
  auto: null,
  display: 'labels',
  names: null,
  search: 'like',
  sheet: null,
  numberOperand: false,
  multiple: 'never',
  options: null,
  interfaceBound: null,
  picker: null,
};
const number: ValueFacets = {
  ...text,
  value: 'number',
  display: 'asStored',
  search: 'range',
  sheet: 'number',
  numberOperand: true,
};
const json: ValueFacets = { ...text, value: 'json', search: 'exact' };
const choice: ValueFacets = { ...json, sheet: 'options', options: 'list' };
const range: ValueFacets = { ...json, value: 'range', display: 'range', multiple: 'always' };
const files: ValueFacets = { ...json, value: 'files', display: 'asStored', multiple: 'always' };
const picker = (of: PickerOf, names: NameKind): ValueFacets => ({
  ...json,
  display: 'names',
  names,
  multiple: 'optional',
  picker: of,
});
const auto = (fill: AutoFill['fill'], on: AutoFill['on'], names: NameKind | null): ValueFacets => ({
  ...text,
  auto: { fill, on },
  ...(names ? { display: 'names', names } : {}),
});
const datetime: ValueFacets = { ...text, value: 'datetime', display: 'date', search: 'range' };

const noLayout: LayoutFacets = { dropTarget: false, drawnByParent: false, parts: null, placeable: false };
const value = (facets: ValueFacets, aliases: readonly string[] = []): FieldKind => ({
  role: 'value',
  aliases,
  facets,
  ...noLayout,
});
const display: FieldKind = { role: 'display', aliases: [], facets: null, ...noLayout };
/** A kind the palette offers. */
const offered = <K extends FieldKind>(kind: K): K => ({ ...kind, placeable: true });
const container = (layout: Partial<LayoutFacets> = {}): FieldKind => ({
  role: 'container',
  aliases: [],
  facets: null,
  ...noLayout,
  ...layout,
});

/** Every kind the palette, the form engine and the server know, by the key the engine and server use. */
export const FIELD_KINDS = {
  input: offered(value({ ...text, sheet: 'text' })),
  textarea: offered(value({ ...text, sheet: 'text' })),
  PsdInput: offered(value(text)),
  editor: offered(value(text)),
  colorPicker: offered(value({ ...text, sheet: 'text' })),
  time: offered(value({ ...text, search: 'range', sheet: 'text' }, ['timePicker'])),
  signature: offered(value({ ...text, display: 'asStored' })),
  sign: value({ ...json, display: 'asStored' }),
  location: value({ ...text, display: 'location', picker: 'location' }),
  inputNumber: offered(value(number)),
  rate: offered(value(number)),
  slider: offered(value(number)),
  calculate: offered(value({ ...number, search: 'exact', sheet: null })),
  date: offered(value({ ...datetime, sheet: 'date' }, ['datePicker'])),
  numRange: value({ ...range, multiple: 'never' }, ['numInputRange', 'numberRange']),
  dateRange: offered(value({ ...range, display: 'dateRange' })),
  timeRange: offered(value(range)),
  switch: offered(value({ ...json, display: 'switch', sheet: 'switch' })),
  radio: offered(value(choice)),
  checkbox: offered(value({ ...choice, value: 'list', multiple: 'always' })),
  select: offered(value({ ...choice, multiple: 'optional' })),
  cascader: value({ ...json, value: 'list', multiple: 'always', options: 'tree' }),
  treeSelect: value({ ...json, multiple: 'optional', options: 'tree' }),
  uploadFile: offered(value(files, ['uploadFz'])),
  uploadImg: offered(value(files)),
  organizeSelect: offered(value(picker('organize', 'organize'), ['comSelect'])),
  depSelect: offered(value(picker('department', 'organize'))),
  posSelect: offered(value(picker('position', 'position'))),
  roleSelect: offered(value(picker('role', 'role'))),
  groupSelect: value(picker('group', 'group')),
  userSelect: offered(value(picker('user', 'user'))),
  usersSelect: value({ ...picker('users', 'user'), display: 'typedIds', names: null }),
  areaSelect: offered(value(picker('area', 'area'))),
  popupSelect: offered(value({ ...text, multiple: 'optional', interfaceBound: 'id' })),
  popupTableSelect: value({ ...text, multiple: 'optional', interfaceBound: 'id' }),
  autoComplete: value({ ...text, interfaceBound: 'text' }),
  relationForm: value(text),
  popupAttr: value(json),
  relationFormAttr: value(json),
  createUser: offered(value(auto('user', 'create', 'user'))),
  modifyUser: offered(value(auto('user', 'update', 'user'))),
  createTime: offered(value({ ...datetime, auto: { fill: 'time', on: 'create' } })),
  modifyTime: offered(value({ ...datetime, auto: { fill: 'time', on: 'update' } })),
  currOrganize: offered(value(auto('organize', 'create', 'organize'), ['currDept'])),
  currPosition: offered(value(auto('position', 'create', 'position'))),
  billRule: offered(value(auto('billRule', 'create', null))),
  table: offered({ ...value({ ...json, value: 'rows', display: 'asStored', multiple: 'always' }), dropTarget: true }),
  divider: offered(display),
  text: offered(display),
  link: display,
  alert: offered(display),
  groupTitle: offered(display),
  button: display,
  iframe: display,
  barcode: offered(display),
  qrcode: offered(display),
  row: offered(container({ dropTarget: true })),
  card: offered(container({ dropTarget: true })),
  tab: offered(container({ parts: 'tabItem' })),
  tabItem: container({ dropTarget: true, drawnByParent: true }),
  collapse: offered(container({ parts: 'collapseItem' })),
  collapseItem: container({ dropTarget: true, drawnByParent: true }),
  tableGrid: offered(container()),
  tableGridTr: { ...display, role: 'gridPart', drawnByParent: true },
  tableGridTd: { ...display, role: 'gridPart', drawnByParent: true, dropTarget: true },
} as const satisfies Record<string, FieldKind>;

export type KindKey = keyof typeof FIELD_KINDS;

/**
 * A kind the table does not name (a newer or older designer's key): a value kept as JSON, shown by
 * its options' labels or as stored, searched by equality. Explicit, so such a field is stored and
 * shown as before rather than refused: the 3.6 client may send keys this server does not draw.
 */
export const UNKNOWN_KIND: FieldKind = value(json);

const aliasOf: ReadonlyMap<string, KindKey> = new Map(
  (Object.entries(FIELD_KINDS) as [KindKey, FieldKind][]).flatMap(([key, kind]) =>
    kind.aliases.map((alias) => [alias, key] as const),
  ),
);

/** The kind a designer's key names: the key itself, an alias resolved, or the key unchanged when unknown. */
export function kindKeyOf(jnpfKey: string): string {
  return aliasOf.get(jnpfKey) ?? jnpfKey;
}

export const isKnownKind = (jnpfKey: string): boolean => Object.hasOwn(FIELD_KINDS, kindKeyOf(jnpfKey));

/** The entry of a key (aliases resolved), `UNKNOWN_KIND` for a key no entry names. */
export function fieldKind(jnpfKey: string): FieldKind {
  const key = kindKeyOf(jnpfKey);
  return Object.hasOwn(FIELD_KINDS, key) ? FIELD_KINDS[key as KindKey] : UNKNOWN_KIND;
}

/** The value facets of a key, null for display kinds and containers. */
export const valueFacetsOf = (jnpfKey: string): ValueFacets | null => fieldKind(jnpfKey).facets;

/**
 * The keys whose entry passes `test`, with their aliases: a set any key (raw or resolved) may be
 * looked up in. The named sets of kinds are made this way.
 */
export function kindsWhere(test: (kind: FieldKind) => boolean): ReadonlySet<string> {
  return new Set(
    (Object.entries(FIELD_KINDS) as [string, FieldKind][]).flatMap(([key, kind]) =>
      test(kind) ? [key, ...kind.aliases] : [],
    ),
  );
}

/** `kindsWhere` on the value facets (display kinds and containers never pass). */
export const valueKindsWhere = (test: (facets: ValueFacets) => boolean): ReadonlySet<string> =>
  kindsWhere((kind) => kind.facets !== null && test(kind.facets));

/** Whether the value is a point in time kept as milliseconds (a date, the created and modified times). */
export const isDateLike = (jnpfKey: string): boolean => valueFacetsOf(jnpfKey)?.value === 'datetime';
