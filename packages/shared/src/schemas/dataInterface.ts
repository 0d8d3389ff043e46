import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import { Description, EnabledMark, EnCode, FullName, Nullable, SortCode } from './organize.ts';

/**
 * Data interfaces (数据接口, protocol-admin.md section 4): a named source of rows that forms'
 * popup selects, table selects, autocompletes and options read. Kinds: 1 SQL over the application
 * database, 2 static JSON, 3 an HTTP API.
 */
export const DataInterfaceKind = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type DataInterfaceKind = Static<typeof DataInterfaceKind>;
/** 3 query; 1 insert, 2 update and 4 delete are refused: an interface only reads. */
export const DataInterfaceAction = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]);
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** A JSON document kept as text on the wire (the client sends these as strings). */
const JsonText = (maxLength: number) => Type.String({ maxLength });

/** Parameter data types (admin.md 3.16). */
export const DATA_INTERFACE_DATA_TYPES = ['varchar', 'int', 'datetime', 'decimal', 'bigint', 'text'] as const;

/** One row of `parameterJson`: a value the caller passes, bound into the statement as `{field}`. */
export const DataInterfaceParameter = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 50 })),
  field: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  fieldName: Type.Optional(Type.String({ maxLength: 50 })),
  dataType: Type.Optional(Type.String({ maxLength: 20 })),
  defaultValue: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()])),
  required: Type.Optional(Type.Union([Flag, Type.Boolean()])),
});
export type DataInterfaceParameter = Static<typeof DataInterfaceParameter>;

/** One row of `fieldJson`: the result column `field` is answered as `defaultValue` (the mapped name). */
export const DataInterfaceFieldMap = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 50 })),
  field: Type.String({ minLength: 1, maxLength: 100 }),
  defaultValue: Type.Optional(Type.String({ maxLength: 100 })),
});
export type DataInterfaceFieldMap = Static<typeof DataInterfaceFieldMap>;

/** A header, query or body row of an HTTP interface: where its value comes from. */
export const DataInterfaceApiRow = Type.Object({
  field: Type.String({ minLength: 1, maxLength: 100 }),
  dataType: Type.Optional(Type.String({ maxLength: 20 })),
  /** 1 a parameter (named by defaultValue), 2 a variable (named by defaultValue), 3 custom text, 4 paging (currentPage, pageSize, keyword), 5 echo. */
  source: Type.Optional(
    Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5)]),
  ),
  defaultValue: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Null()])),
});
export type DataInterfaceApiRow = Static<typeof DataInterfaceApiRow>;

/** `dataConfigJson`: the source of each kind. */
export const DataInterfaceConfig = Type.Object({
  staticData: Type.Optional(Type.String({ maxLength: 1_000_000 })),
  sqlData: Type.Optional(
    Type.Object({
      /** '0' or empty: the application database, the only one interfaces read. */
      dbLinkId: Type.Optional(Type.String({ maxLength: 50 })),
      sql: Type.String({ maxLength: 20_000 }),
    }),
  ),
  apiData: Type.Optional(
    Type.Object({
      /** 1 GET, 2 POST. */
      method: Type.Union([Type.Literal(1), Type.Literal(2)]),
      url: Type.String({ maxLength: 2000 }),
      header: Type.Optional(Type.Array(DataInterfaceApiRow, { maxItems: 50 })),
      query: Type.Optional(Type.Array(DataInterfaceApiRow, { maxItems: 50 })),
      /** 0 none, 1 form-data, 2 urlencoded, 3 json, 4 xml. */
      bodyType: Type.Optional(
        Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]),
      ),
      /** A template for json/xml (`{field}` and `{@variable}` substituted), rows as JSON text for form kinds. */
      body: Type.Optional(Type.String({ maxLength: 100_000 })),
      /** Where the rows are in the answer, as a dotted path (`data.list`); empty for the whole answer. */
      responsePath: Type.Optional(Type.String({ maxLength: 200 })),
    }),
  ),
});
export type DataInterfaceConfig = Static<typeof DataInterfaceConfig>;

export const DataInterfaceInput = Type.Object({
  fullName: FullName,
  enCode: EnCode,
  /** The id of a DataInterfaceType dictionary entry. */
  category: Id,
  type: DataInterfaceKind,
  action: Type.Optional(DataInterfaceAction),
  hasPage: Type.Optional(Flag),
  isPostPosition: Type.Optional(Flag),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
  dataConfigJson: JsonText(1_100_000),
  dataCountJson: Nullable(JsonText(20_000)),
  dataEchoJson: Nullable(JsonText(20_000)),
  /** JavaScript of the original client: kept, never run by this server. */
  dataJsJson: Nullable(JsonText(20_000)),
  dataExceptionJson: Nullable(JsonText(20_000)),
  fieldJson: Nullable(JsonText(100_000)),
  parameterJson: Nullable(JsonText(100_000)),
});
export type DataInterfaceInput = Static<typeof DataInterfaceInput>;
export const DataInterfaceUpdate = Type.Object({ ...DataInterfaceInput.properties, id: Type.Optional(Id) });
export type DataInterfaceUpdate = Static<typeof DataInterfaceUpdate>;

export const DataInterfaceQuery = Type.Object({
  ...PageQuery.properties,
  /** A DataInterfaceType entry id. */
  category: Type.Optional(Type.String({ maxLength: 50 })),
  type: Type.Optional(Type.String({ maxLength: 10, pattern: '^[0-9,]*$' })),
  enabledMark: Type.Optional(Type.Union([EnabledMark, Type.Literal('')])),
  /** getList: 1 and 2 as every interface, 3 SQL ones only. */
  sourceType: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
});
export type DataInterfaceQuery = Static<typeof DataInterfaceQuery>;

export const DataInterfaceRow = Type.Object({
  id: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  category: Type.String(),
  type: Type.Integer(),
  action: Type.Integer(),
  hasPage: Type.Integer(),
  isPostPosition: Type.Integer(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  tenantId: Type.String(),
  dataConfigJson: Type.String(),
  dataCountJson: Type.String(),
  dataEchoJson: Type.String(),
  dataJsJson: Type.String(),
  dataExceptionJson: Type.String(),
  fieldJson: Type.String(),
  parameterJson: Type.String(),
  creatorTime: Type.Integer(),
  lastModifyTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type DataInterfaceRow = Static<typeof DataInterfaceRow>;

/** `GET Selector`: categories with their enabled interfaces (type 0 = a category node). */
export interface DataInterfaceNode {
  id: string;
  fullName: string;
  enCode: string;
  type: number;
  hasChildren: boolean;
  children?: DataInterfaceNode[];
}
export const DataInterfaceNode = Type.Cyclic(
  {
    Node: Type.Object({
      id: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      type: Type.Integer(),
      hasChildren: Type.Boolean(),
      children: Type.Optional(Type.Array(Type.Ref('Node'))),
    }),
  },
  'Node',
);

/** A value the caller passes for a parameter: its `field` and value (`defaultValue`, as the client sends it). */
export const DataInterfaceParamValue = Type.Object({
  field: Type.String({ maxLength: 100 }),
  defaultValue: Type.Optional(
    Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean(), Type.Null()]),
  ),
  relationField: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  sourceType: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 10 }), Type.Null()])),
  dataType: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
});
export type DataInterfaceParamValue = Static<typeof DataInterfaceParamValue>;
const ParamList = Type.Optional(Type.Array(DataInterfaceParamValue, { maxItems: 100 }));

export const DataInterfacePreviewInput = Type.Object({
  paramList: ParamList,
  tenantId: Type.Optional(Type.String({ maxLength: 50 })),
  origin: Type.Optional(Type.String({ maxLength: 20 })),
});
export type DataInterfacePreviewInput = Static<typeof DataInterfacePreviewInput>;

/** A result row: whatever columns the interface answers. */
export const DataInterfaceDataRow = Type.Record(Type.String(), Type.Unknown());
export type DataInterfaceDataRow = Static<typeof DataInterfaceDataRow>;

export const DataInterfaceListInput = Type.Object({
  interfaceId: Type.Optional(Type.String({ maxLength: 50 })),
  propsValue: Type.Optional(Type.String({ maxLength: 100 })),
  relationField: Type.Optional(Type.String({ maxLength: 100 })),
  /** The columns the keyword searches, comma separated. */
  columnOptions: Type.Optional(Type.String({ maxLength: 1000 })),
  paramList: ParamList,
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  /** 100000 when the widget does not page; the server still caps the rows. */
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
export type DataInterfaceListInput = Static<typeof DataInterfaceListInput>;

export const DataInterfaceInfoByIdsInput = Type.Object({
  ids: Type.Array(Type.Union([Type.String({ maxLength: 200 }), Type.Number()]), { maxItems: 1000 }),
  interfaceId: Type.Optional(Type.String({ maxLength: 50 })),
  propsValue: Type.Optional(Type.String({ maxLength: 100 })),
  relationField: Type.Optional(Type.String({ maxLength: 100 })),
  paramList: ParamList,
});
export type DataInterfaceInfoByIdsInput = Static<typeof DataInterfaceInfoByIdsInput>;

/** Interface variables (DataInterfaceVariate): `{@fullName}` in an interface is replaced by the expression's value. */
export const DataInterfaceVariateInput = Type.Object({
  interfaceId: Id,
  fullName: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
  /** Text; `{@currentUser}`, `{@currentOrganize}`, `{@currentTime}`... within it are replaced. */
  expression: Type.String({ maxLength: 2000 }),
});
export type DataInterfaceVariateInput = Static<typeof DataInterfaceVariateInput>;
export const DataInterfaceVariateUpdate = Type.Object({
  ...DataInterfaceVariateInput.properties,
  id: Type.Optional(Id),
});
export type DataInterfaceVariateUpdate = Static<typeof DataInterfaceVariateUpdate>;
export const DataInterfaceVariateRow = Type.Object({
  id: Type.String(),
  interfaceId: Type.String(),
  fullName: Type.String(),
  expression: Type.String(),
  /** The expression's value for the caller, now. */
  value: Type.String(),
  creatorTime: Type.Integer(),
});
export type DataInterfaceVariateRow = Static<typeof DataInterfaceVariateRow>;
export const DataInterfaceVariateQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  id: Type.Optional(Type.String({ maxLength: 50 })),
});

/** System variables every interface may use as `{@name}`. */
export const DATA_INTERFACE_SYSTEM_VARIABLES = [
  'currentUser',
  'currentAccount',
  'currentOrganize',
  'currentTime',
  'currentDate',
  'currentTimestamp',
] as const;

/** One call of an interface, as its log keeps it. */
export const DataInterfaceLogRow = Type.Object({
  id: Type.String(),
  interfaceId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  invokTime: Type.Integer(),
  /** Milliseconds the call took. */
  invokWasteTime: Type.Integer(),
  /** 1 answered, 0 failed. */
  invokState: Type.Integer(),
  /** Bytes of the rows answered. */
  invokSize: Type.Integer(),
  invokIp: Type.String(),
  origin: Type.String(),
  message: Type.String(),
});
export type DataInterfaceLogRow = Static<typeof DataInterfaceLogRow>;
export const DataInterfaceLogQuery = Type.Object({ ...PageQuery.properties });

/** The `.bd` file of an interface export: its definition, its category by the entry's code too, and its variables. */
export const DATA_INTERFACE_FILE_FORMAT = 'platform.dataInterface';
export const DataInterfaceFile = Type.Object({
  format: Type.Literal(DATA_INTERFACE_FILE_FORMAT),
  version: Type.Literal(1),
  exportedAt: Type.Optional(Type.Integer()),
  interface: Type.Object({
    ...DataInterfaceInput.properties,
    /** The DataInterfaceType entry's code: entry ids differ between installations. */
    categoryCode: Type.String({ maxLength: 50 }),
  }),
  variates: Type.Array(
    Type.Object({
      fullName: DataInterfaceVariateInput.properties.fullName,
      expression: DataInterfaceVariateInput.properties.expression,
    }),
    { maxItems: 200 },
  ),
});
export type DataInterfaceFile = Static<typeof DataInterfaceFile>;
export const DataInterfaceExportLink = Type.Object({ url: Type.String() });
export const DataInterfaceImportResult = Type.Object({ id: Type.String(), skipped: Type.Boolean() });
export type DataInterfaceImportResult = Static<typeof DataInterfaceImportResult>;

/** `GET /api/system/DataSource/Selector?type=`: a type asks for other connections than the default. */
export const DataSourceSelectorQuery = Type.Object({ type: Type.Optional(Type.String({ maxLength: 50 })) });
/** Connections grouped as the 3.6 designers read them: `[{fullName, children: [{id, fullName, dbType}]}]`. */
export const DataSourceGroup = Type.Object({
  fullName: Type.String(),
  children: Type.Array(Type.Object({ id: Type.String(), fullName: Type.String(), dbType: Type.String() })),
});
export type DataSourceGroup = Static<typeof DataSourceGroup>;

/** A variable written to a `.ffa` file; its interface is found again by id, else by code. */
export const VARIATE_FILE_FORMAT = 'platform.dataInterfaceVariate';
export const DataInterfaceVariateFile = Type.Object({
  format: Type.Literal(VARIATE_FILE_FORMAT),
  version: Type.Literal(1),
  exportedAt: Type.Optional(Type.Integer()),
  interfaceId: Type.String({ maxLength: 50 }),
  interfaceCode: Type.String({ maxLength: 50 }),
  variate: Type.Object({
    fullName: DataInterfaceVariateInput.properties.fullName,
    expression: DataInterfaceVariateInput.properties.expression,
  }),
});
export type DataInterfaceVariateFile = Static<typeof DataInterfaceVariateFile>;
