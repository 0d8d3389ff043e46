import { type Static, Type } from 'typebox';
import { Id, Millis } from '../envelope.ts';
import { PageQuery } from '../paging.ts';
import {
  ACCOUNT_PATTERN,
  EMAIL_PATTERN,
  LANDLINE_PATTERN,
  MOBILE_PATTERN,
  TELEPHONE_PATTERN,
} from '../rules/patterns.ts';
import { PasswordDigest } from './auth.ts';
import { Description, EnabledMark, FullName, ID_CSV_PATTERN, IdArray, IdCsv, Nullable, SortCode } from './organize.ts';
import { ImportCell, ImportDataInput, ImportPreviewAnswer, ImportResultAnswer } from './sheetImport.ts';

const Text = (maxLength: number) => Type.String({ maxLength });
const EmptyOr = (pattern: RegExp, maxLength: number) =>
  Type.Union([Type.Literal(''), Type.String({ pattern: pattern.source, maxLength })]);

/** `POST /api/permission/Users` and `PUT .../{id}` (protocol.md): organizeId, positionId and roleId are comma-joined. */
export const UserInput = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 50, pattern: ACCOUNT_PATTERN.source }),
  realName: FullName,
  /** Code of the `sex` dictionary: 1 male, 2 female, 3 undisclosed. */
  gender: Nullable(Text(20)),
  email: Nullable(EmptyOr(EMAIL_PATTERN, 100)),
  organizeId: Type.String({ minLength: 1, maxLength: 20_000, pattern: ID_CSV_PATTERN }),
  managerId: Nullable(Type.Union([Type.Literal(''), Id])),
  positionId: Nullable(IdCsv),
  roleId: Nullable(IdCsv),
  groupId: Nullable(IdCsv),
  ranks: Nullable(Text(50)),
  sortCode: Type.Optional(SortCode),
  enabledMark: Type.Optional(EnabledMark),
  description: Nullable(Description),
  headIcon: Nullable(Text(500)),
  nation: Nullable(Text(50)),
  nativePlace: Nullable(Text(100)),
  certificatesType: Nullable(Text(50)),
  certificatesNumber: Nullable(Text(50)),
  education: Nullable(Text(50)),
  entryDate: Nullable(Millis),
  birthday: Nullable(Millis),
  // The same rules the user form applies: office and emergency phones may be landline or mobile.
  telePhone: Nullable(EmptyOr(TELEPHONE_PATTERN, 50)),
  landline: Nullable(EmptyOr(LANDLINE_PATTERN, 50)),
  mobilePhone: Nullable(EmptyOr(MOBILE_PATTERN, 11)),
  urgentContacts: Nullable(Text(50)),
  urgentTelePhone: Nullable(EmptyOr(TELEPHONE_PATTERN, 50)),
  postalAddress: Nullable(Text(200)),
});
export type UserInput = Static<typeof UserInput>;
export const UserUpdateInput = Type.Object({ ...UserInput.properties, id: Type.Optional(Id) });

export const UserQuery = Type.Object({
  ...PageQuery.properties,
  /** Users of this organisation and those below it. */
  organizeId: Type.Optional(Id),
  gender: Type.Optional(Text(20)),
  enabledMark: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
});
export type UserQuery = Static<typeof UserQuery>;

/** A row of the user list (protocol.md). enabledMark: 1 enabled, 2 locked, other disabled. */
export const UserRow = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  gender: Type.String(),
  mobilePhone: Type.String(),
  organize: Type.String(),
  creatorTime: Type.Integer(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  isAdministrator: Type.Boolean(),
});
export type UserRow = Static<typeof UserRow>;

export const ResetPasswordInput = Type.Object({ userPassword: PasswordDigest, validatePassword: PasswordDigest });
export type ResetPasswordInput = Static<typeof ResetPasswordInput>;

export const WorkHandoverInput = Type.Object({ fromId: Id, toId: Id });
export type WorkHandoverInput = Static<typeof WorkHandoverInput>;

/** `getUserList` and `getSelectedList`: ids (older clients send userId). */
export const IdsInput = Type.Object({ ids: Type.Optional(IdArray), userId: Type.Optional(IdArray) });
export type IdsInput = Static<typeof IdsInput>;
/** getSelectedList ids may carry a kind suffix: `id--user`, `id--department`, `id--role`, `id--position`, `id--group`. */
export const SelectedIdsInput = Type.Object({
  ids: Type.Array(Type.String({ minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_-]+(--[a-zA-Z]+)?$' }), {
    maxItems: 1000,
  }),
});
export type SelectedIdsInput = Static<typeof SelectedIdsInput>;

export const KeywordInput = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 200 })) });
export const KeywordPageInput = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type KeywordPageInput = Static<typeof KeywordPageInput>;

/** `GET Users/getOrganization`: users directly in one organisation; empty or absent means the caller's current one. */
export const UsersOfOrganizeQuery = Type.Object({
  organizeId: Type.Optional(Type.String({ maxLength: 50, pattern: '^[A-Za-z0-9_-]*$' })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
});
export type UsersOfOrganizeQuery = Static<typeof UsersOfOrganizeQuery>;

/** `POST Users/getSelectedUserList`: the custom-mode picker's flat list of the users these ids (with `--kind`) cover. */
export const SelectedUsersInput = Type.Object({ ...SelectedIdsInput.properties, ...KeywordPageInput.properties });
export type SelectedUsersInput = Static<typeof SelectedUsersInput>;

export const UsersByPositionQuery = Type.Object({ ...PageQuery.properties, positionId: Id });
export type UsersByPositionQuery = Static<typeof UsersByPositionQuery>;
export const UsersByRoleQuery = Type.Object({
  ...PageQuery.properties,
  roleId: Id,
  organizeId: Type.Optional(Id),
});
export type UsersByRoleQuery = Static<typeof UsersByRoleQuery>;

/** A user as pickers show them. */
export const UserBrief = Type.Object(
  {
    id: Type.String(),
    account: Type.String(),
    realName: Type.String(),
    fullName: Type.String(),
    headIcon: Type.String(),
    gender: Type.String(),
    organize: Type.String(),
    /** The organisation again, under the name the 3.6 client's chat contacts read. */
    department: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type UserBrief = Static<typeof UserBrief>;

/** Columns of the import template, in order; the preview's headerRow. */
export const userImportColumns = [
  ['account', '账户'],
  ['realName', '姓名'],
  ['gender', '性别'],
  ['organizeCode', '组织编码'],
  ['positionCode', '岗位编码'],
  ['roleCode', '角色编码'],
  ['mobilePhone', '手机'],
  ['email', '邮箱'],
  ['sortCode', '排序'],
  ['description', '说明'],
] as const;
export type UserImportField = (typeof userImportColumns)[number][0];

const Cell = ImportCell;
/** One row of an import: every cell as text (checked row by row, so a bad cell fails only its row). */
export const UserImportRow = Type.Object({
  account: Cell,
  realName: Cell,
  gender: Cell,
  organizeCode: Cell,
  positionCode: Cell,
  roleCode: Cell,
  mobilePhone: Cell,
  email: Cell,
  sortCode: Cell,
  description: Cell,
  errorsInfo: Cell,
});
export type UserImportRow = Static<typeof UserImportRow>;
export const UserImportInput = ImportDataInput(UserImportRow);
export type UserImportInput = ImportDataInput<UserImportRow>;

export const ExportQuery = Type.Object({
  ...PageQuery.properties,
  organizeId: Type.Optional(Id),
  /** 0 the current page, 1 every matching user. */
  dataType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type ExportQuery = Static<typeof ExportQuery>;

export const FileLink = Type.Object({ name: Type.String(), url: Type.String() });
export type FileLink = Static<typeof FileLink>;

const NullableMillis = Type.Union([Type.Integer(), Type.Null()]);

/**
 * The user card of `GET /api/permission/Users/{id}`: the fields of UserInput as stored ('' for an
 * empty text), organizeId, positionId, roleId and groupId comma-joined.
 */
export const UserInfo = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  gender: Type.String(),
  email: Type.String(),
  organizeId: Type.String(),
  managerId: Type.String(),
  positionId: Type.String(),
  roleId: Type.String(),
  groupId: Type.String(),
  ranks: Type.String(),
  sortCode: Type.Integer(),
  enabledMark: Type.Integer(),
  description: Type.String(),
  headIcon: Type.String(),
  nation: Type.String(),
  nativePlace: Type.String(),
  certificatesType: Type.String(),
  certificatesNumber: Type.String(),
  education: Type.String(),
  entryDate: NullableMillis,
  birthday: NullableMillis,
  telePhone: Type.String(),
  landline: Type.String(),
  mobilePhone: Type.String(),
  urgentContacts: Type.String(),
  urgentTelePhone: Type.String(),
  postalAddress: Type.String(),
  isAdministrator: Type.Boolean(),
  creatorTime: Type.Integer(),
});
export type UserInfo = Static<typeof UserInfo>;

/** `GET Users/ImportPreview`: the template's columns and the uploaded rows. */
export const UserImportPreview = ImportPreviewAnswer(UserImportRow);
export type UserImportPreview = ImportPreviewAnswer<UserImportRow>;

/** `POST Users/ImportData`: resultType 0 all imported, 1 some failed (they come back with errorsInfo). */
export const UserImportResult = ImportResultAnswer(UserImportRow);
export type UserImportResult = ImportResultAnswer<UserImportRow>;
