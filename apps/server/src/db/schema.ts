import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Column types as Kysely sees them, camelCase (the CamelCasePlugin maps to the snake_case tables). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

interface Audit {
  creatorTime: Generated<Date>;
  creatorUserId: string | null;
  lastModifyTime: NullableTimestamp;
  lastModifyUserId: string | null;
}

export interface OrganizeTable extends Audit {
  id: string;
  /** "-1" for the top of the tree. */
  parentId: string;
  category: 'company' | 'department';
  enCode: string;
  fullName: string;
  /** Comma-joined ids from the root down to this node, for subtree filters. */
  organizeIdTree: string;
  managerId: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

export interface UserTable extends Audit {
  id: string;
  account: string;
  realName: string;
  /** argon2id over the lowercase hex MD5 of the clear password (what clients send). */
  passwordHash: string;
  gender: string | null;
  mobilePhone: string | null;
  email: string | null;
  headIcon: string | null;
  organizeId: string | null;
  managerId: string | null;
  isAdministrator: Generated<boolean>;
  /** 1 enabled, 2 locked, 0 disabled (protocol.md). */
  enabledMark: Generated<number>;
  sortCode: Generated<number>;
  description: string | null;
  theme: string | null;
  language: string | null;
  portalId: string | null;
  systemId: string | null;
  prevLoginTime: NullableTimestamp;
  prevLoginIp: string | null;
  lastLoginTime: NullableTimestamp;
  lastLoginIp: string | null;
  prevLoginIpName: string | null;
  lastLoginIpName: string | null;
  logErrorCount: Generated<number>;
  unlockTime: NullableTimestamp;
  changePasswordDate: NullableTimestamp;
}

export interface SystemTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  icon: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  isMain: Generated<boolean>;
  description: string | null;
}

export interface SysConfigTable {
  /** One setting per row, e.g. sysName, passwordLengthMin. */
  key: string;
  value: Json<unknown>;
  lastModifyTime: Timestamp;
}

export interface DictionaryTypeTable extends Audit {
  id: string;
  /** "0" for a top-level category. */
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: Generated<number>;
  sortCode: Generated<number>;
  description: string | null;
}

export interface DictionaryDataTable extends Audit {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

export interface Database {
  organize: OrganizeTable;
  appUser: UserTable;
  system: SystemTable;
  sysConfig: SysConfigTable;
  dictionaryType: DictionaryTypeTable;
  dictionaryData: DictionaryDataTable;
  userSession: UserSessionTable;
  authCode: AuthCodeTable;
  scanTicket: ScanTicketTable;
  sysLog: SysLogTable;
  menu: MenuTable;
  position: PositionTable;
  role: RoleTable;
  roleOrganize: RoleOrganizeTable;
  userGroup: UserGroupTable;
  userRelation: UserRelationTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type OrganizeRow = Selectable<OrganizeTable>;
export type DictionaryDataRow = Selectable<DictionaryDataTable>;

export interface UserSessionTable {
  id: string;
  tokenHash: string;
  userId: string;
  device: Generated<string>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Generated<Date>;
  lastSeenAt: Generated<Date>;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  revokedReason: 'logout' | 'password' | 'offline' | 'elsewhere' | null;
}

export interface AuthCodeTable {
  key: string;
  kind: 'captcha' | 'sms';
  codeHash: string;
  expiresAt: Timestamp;
  createdAt: Generated<Date>;
}

export interface ScanTicketTable {
  id: string;
  status: Generated<number>;
  userId: string | null;
  expiresAt: Timestamp;
  createdAt: Generated<Date>;
}

export interface SysLogTable {
  id: string;
  /** 1 login, 2 operation, 3 exception, 4 request. */
  category: number;
  userId: string | null;
  account: string | null;
  realName: string | null;
  ip: string | null;
  ipName: string | null;
  userAgent: string | null;
  success: Generated<boolean>;
  description: string | null;
  requestMethod: string | null;
  requestUrl: string | null;
  durationMs: number | null;
  creatorTime: Generated<Date>;
}

export interface MenuTable extends Audit {
  id: string;
  systemId: string;
  /** "-1" at the top of a system's tree. */
  parentId: string;
  enCode: string;
  fullName: string;
  icon: string | null;
  /** 0-8 as shell.md 2.3 lists them. */
  type: number;
  urlAddress: string | null;
  linkTarget: string | null;
  propertyJson: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  isHidden: Generated<boolean>;
  isButtonAuthorize: Generated<boolean>;
  isColumnAuthorize: Generated<boolean>;
  isFormAuthorize: Generated<boolean>;
  isDataAuthorize: Generated<boolean>;
  description: string | null;
}

export type UserSessionRow = Selectable<UserSessionTable>;
export type MenuRow = Selectable<MenuTable>;

export interface PositionTable extends Audit {
  id: string;
  organizeId: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

export interface RoleTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  /** 1: a global role; 0: an organisation role (its organisations in role_organize). */
  globalMark: Generated<number>;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

export interface RoleOrganizeTable {
  roleId: string;
  organizeId: string;
}

export interface UserGroupTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  type: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

export type RelationType = 'Organize' | 'Position' | 'Role' | 'Group';

export interface UserRelationTable {
  id: string;
  userId: string;
  objectType: RelationType;
  objectId: string;
  sortCode: Generated<number>;
  creatorTime: Generated<Date>;
}
