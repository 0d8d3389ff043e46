import { type Static, Type } from 'typebox';
import { Id } from '../envelope.ts';
import { Description, EnCode, FullName } from './organize.ts';

/** An enabled entry of a dictionary; entries of a tree dictionary nest under their parents. */
export const DictionaryEntry = Type.Cyclic(
  {
    DictionaryEntry: Type.Object({
      id: Type.String(),
      enCode: Type.String(),
      fullName: Type.String(),
      parentId: Type.String(),
      hasChildren: Type.Boolean(),
      children: Type.Array(Type.Ref('DictionaryEntry')),
    }),
  },
  'DictionaryEntry',
);
export type DictionaryEntry = Static<typeof DictionaryEntry>;

/** A row of `GET /api/system/DictionaryData/All` (protocol.md): a dictionary with its enabled entries. */
export const DictionaryAllItem = Type.Object({
  id: Type.String(),
  enCode: Type.String(),
  fullName: Type.String(),
  /** 1: the entries form a tree. */
  isTree: Type.Integer(),
  dictionaryList: Type.Array(DictionaryEntry),
});
export type DictionaryAllItem = Static<typeof DictionaryAllItem>;

// What the dictionary forms send. The 3.6 client and hand-written callers send switches as 1/0,
// '1'/'0' or true/false and sorts as numbers or digit strings; all of them are accepted and the
// service reads them through `flagOf` / `sortOf`. An empty text is the same as an absent one.

/** A switch: 1/0, '1'/'0' or a boolean. */
export const DictionaryFlag = Type.Union([
  Type.Literal(0),
  Type.Literal(1),
  Type.Literal('0'),
  Type.Literal('1'),
  Type.Boolean(),
]);
export type DictionaryFlag = Static<typeof DictionaryFlag>;
/** A sort number 0 to 999999, as a number or as digits ('' for none). */
export const DictionarySort = Type.Union([
  Type.Integer({ minimum: 0, maximum: 999_999 }),
  Type.String({ pattern: '^[0-9]{0,6}$' }),
  Type.Null(),
]);
export type DictionarySort = Static<typeof DictionarySort>;
/** A parent: '0' (top level), a record id, or '' / null read as '0'. */
export const DictionaryParent = Type.Union([Id, Type.Literal(''), Type.Null()]);

export const flagOf = (value: DictionaryFlag | undefined, absent: 0 | 1): 0 | 1 =>
  value === undefined ? absent : value === 1 || value === '1' || value === true ? 1 : 0;
export const sortOf = (value: DictionarySort | undefined): number =>
  value === undefined || value === null || value === '' ? 0 : Number(value);

/** A category as created or edited (protocol-admin.md section 1). */
export const DictionaryTypeInput = Type.Object({
  id: Type.Optional(Type.Union([Id, Type.Literal(''), Type.Null()])),
  /** '0' puts the category at the top. Required: the form's parent picker has a top node '0'. */
  parentId: Id,
  fullName: FullName,
  enCode: EnCode,
  /** 1: the entries form a tree. Fixed when the category is created (the form's switch is off when editing). */
  isTree: Type.Optional(DictionaryFlag),
  sortCode: Type.Optional(DictionarySort),
  description: Type.Optional(Type.Union([Description, Type.Null()])),
});
export type DictionaryTypeInput = Static<typeof DictionaryTypeInput>;

/** `GET /api/system/DictionaryType/{id}`: the form's fields. */
export const DictionaryTypeInfo = Type.Object({
  id: Type.String(),
  parentId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  isTree: Type.Integer(),
  sortCode: Type.Integer(),
  description: Type.String(),
});
export type DictionaryTypeInfo = Static<typeof DictionaryTypeInfo>;

/** A node of the category tree (the page's left tree, the classification drawer). */
export const DictionaryTypeNode = Type.Cyclic(
  {
    DictionaryTypeNode: Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      sortCode: Type.Integer(),
      isTree: Type.Integer(),
      description: Type.String(),
      hasChildren: Type.Boolean(),
      children: Type.Array(Type.Ref('DictionaryTypeNode')),
    }),
  },
  'DictionaryTypeNode',
);
export type DictionaryTypeNode = Static<typeof DictionaryTypeNode>;

/** A node of a parent picker (categories or entries): the first node is the top ('0' or the category). */
export const DictionarySelectorNode = Type.Cyclic(
  {
    DictionarySelectorNode: Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      hasChildren: Type.Boolean(),
      children: Type.Array(Type.Ref('DictionarySelectorNode')),
    }),
  },
  'DictionarySelectorNode',
);
export type DictionarySelectorNode = Static<typeof DictionarySelectorNode>;

/** `GET /api/system/DictionaryData/{typeId}`: keyword and tree display. */
export const DictionaryDataQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  /** 1 (or true): nest entries under their parents; otherwise a flat list. */
  isTree: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()])),
  /** The 3.6 client repeats the path's type id here. */
  typeId: Type.Optional(Type.String({ maxLength: 50 })),
});
export type DictionaryDataQuery = Static<typeof DictionaryDataQuery>;

export const DictionarySelectorQuery = Type.Object({
  isTree: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1 }), Type.Boolean()])),
});
export type DictionarySelectorQuery = Static<typeof DictionarySelectorQuery>;

/** A row of the entry table (a tree table when the category is a tree). */
export const DictionaryDataRow = Type.Cyclic(
  {
    DictionaryDataRow: Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      dictionaryTypeId: Type.String(),
      fullName: Type.String(),
      enCode: Type.String(),
      sortCode: Type.Integer(),
      enabledMark: Type.Integer(),
      description: Type.String(),
      hasChildren: Type.Boolean(),
      children: Type.Array(Type.Ref('DictionaryDataRow')),
    }),
  },
  'DictionaryDataRow',
);
export type DictionaryDataRow = Static<typeof DictionaryDataRow>;

/** An entry as created or edited. */
export const DictionaryDataInput = Type.Object({
  id: Type.Optional(Type.Union([Id, Type.Literal(''), Type.Null()])),
  dictionaryTypeId: Id,
  /** '0' (or the category's own id, which the entry picker's top node carries) puts the entry at the top. */
  parentId: Type.Optional(DictionaryParent),
  fullName: FullName,
  enCode: EnCode,
  sortCode: Type.Optional(DictionarySort),
  enabledMark: Type.Optional(DictionaryFlag),
  description: Type.Optional(Type.Union([Description, Type.Null()])),
});
export type DictionaryDataInput = Static<typeof DictionaryDataInput>;

/** `GET /api/system/DictionaryData/{id}/Info`. */
export const DictionaryDataInfo = Type.Object({
  id: Type.String(),
  dictionaryTypeId: Type.String(),
  parentId: Type.String(),
  fullName: Type.String(),
  enCode: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
});
export type DictionaryDataInfo = Static<typeof DictionaryDataInfo>;

/** What an export answers: the download address, opened without an authorization header. */
export const DictionaryExportLink = Type.Object({ url: Type.String() });
export type DictionaryExportLink = Static<typeof DictionaryExportLink>;

/** The duplicate-handling choice of an import: 0 skip what exists, 1 append duplicates with a random suffix. */
export const ImportDuplicateMode = Type.Union([Type.Literal(0), Type.Literal(1)]);

/**
 * The `.bdd` file: one category with its entries, as JSON. `format` and `version` say what it is,
 * so a later version can still read this one. Ids only link entries to their parents inside the
 * file; an import always makes new ones.
 */
export const DICTIONARY_FILE_FORMAT = 'platform.dictionary';
export const DictionaryFile = Type.Object({
  format: Type.Literal(DICTIONARY_FILE_FORMAT),
  version: Type.Literal(1),
  exportedAt: Type.Optional(Type.Integer()),
  category: Type.Object({
    id: Id,
    parentId: Id,
    fullName: FullName,
    enCode: EnCode,
    isTree: Type.Union([Type.Literal(0), Type.Literal(1)]),
    sortCode: Type.Integer({ minimum: 0, maximum: 999_999 }),
    description: Type.String({ maxLength: 500 }),
  }),
  entries: Type.Array(
    Type.Object({
      id: Id,
      parentId: Id,
      fullName: FullName,
      enCode: EnCode,
      sortCode: Type.Integer({ minimum: 0, maximum: 999_999 }),
      enabledMark: Type.Union([Type.Literal(0), Type.Literal(1)]),
      description: Type.String({ maxLength: 500 }),
    }),
    { maxItems: 20_000 },
  ),
});
export type DictionaryFile = Static<typeof DictionaryFile>;
