import type {
  AuditChange,
  AuditObjectType,
  AuthorizeItemType,
  AuthorizeObjectType,
  DataScopeType,
  PermissionKind,
  PermissionMemberType,
} from '@platform/shared';
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
  ranks: string | null;
  nation: string | null;
  nativePlace: string | null;
  certificatesType: string | null;
  certificatesNumber: string | null;
  education: string | null;
  entryDate: NullableTimestamp;
  birthday: NullableTimestamp;
  telePhone: string | null;
  landline: string | null;
  urgentContacts: string | null;
  urgentTelePhone: string | null;
  postalAddress: string | null;
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
  billRule: BillRuleTable;
  dataInterface: DataInterfaceTable;
  printDev: PrintDevTable;
  printLog: PrintLogTable;
  report: ReportTable;
  portal: PortalTable;
  portalCustom: PortalCustomTable;
  dataInterfaceVariate: DataInterfaceVariateTable;
  dataInterfaceLog: DataInterfaceLogTable;
  area: AreaTable;
  userRelation: UserRelationTable;
  signature: SignatureTable;
  signatureUser: SignatureUserTable;
  passwordHistory: PasswordHistoryTable;
  thirdSync: ThirdSyncTable;
  modulePermission: ModulePermissionTable;
  authorize: AuthorizeTable;
  permissionGroup: PermissionGroupTable;
  permissionMember: PermissionMemberTable;
  organizeAdministrator: OrganizeAdministratorTable;
  columnSetting: ColumnSettingTable;
  message: MessageTable;
  messageReceive: MessageReceiveTable;
  notice: NoticeTable;
  messageTemplate: MessageTemplateTable;
  sendMessageConfig: SendMessageConfigTable;
  messageSendLog: MessageSendLogTable;
  schedule: ScheduleTable;
  scheduleUser: ScheduleUserTable;
  imMessage: ImMessageTable;
  imConversation: ImConversationTable;
  job: JobTable;
  storedFile: StoredFileTable;
  codeGeneration: CodeGenerationTable;
  fileLink: FileLinkTable;
  visualDev: VisualDevTable;
  flowTemplate: FlowTemplateTable;
  flowDef: FlowDefTable;
  flowVersion: FlowVersionTable;
  flowTask: FlowTaskTable;
  flowTaskNode: FlowTaskNodeTable;
  flowTaskOperator: FlowTaskOperatorTable;
  flowTaskRecord: FlowTaskRecordTable;
  flowTaskCirculate: FlowTaskCirculateTable;
  flowDelegate: FlowDelegateTable;
  flowComment: FlowCommentTable;
  visualDevShortLink: VisualDevShortLinkTable;
}

/** Workflow tables: see migration 0034. */
export interface FlowTemplateTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  category: string | null;
  type: Generated<number>;
  icon: string | null;
  iconBackground: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}
export interface FlowDefTable {
  id: string;
  templateId: string;
  flowKey: Generated<string>;
  fullName: string;
  sortCode: Generated<number>;
  mainVersionId: string | null;
  deleteMark: Generated<number>;
  creatorTime: Generated<Date>;
}
export interface FlowVersionTable {
  id: string;
  flowId: string;
  templateId: string;
  version: number;
  graph: string;
  formId: string | null;
  creatorTime: Generated<Date>;
  creatorUserId: string | null;
}
export interface FlowTaskTable {
  id: string;
  templateId: string;
  flowId: string;
  versionId: string;
  fullName: string;
  formId: string | null;
  formData: Generated<string>;
  creatorUserId: string;
  status: Generated<number>;
  flowUrgent: Generated<number>;
  thisStep: Generated<string>;
  thisStepId: Generated<string>;
  completion: Generated<number>;
  suspend: Generated<boolean>;
  /** JSON `{splitNodeCode: branches still running}` of the parallel splits waiting to join. */
  joins: Generated<string>;
  /** A sub-flow's child task: the parent task and the parent's sub-flow node instance. */
  parentId: string | null;
  parentNodeId: string | null;
  /** The parent went on without waiting for this child. */
  isAsync: Generated<boolean>;
  startTime: NullableTimestamp;
  endTime: NullableTimestamp;
  creatorTime: Generated<Date>;
  lastModifyTime: NullableTimestamp;
}
export interface FlowTaskNodeTable {
  id: string;
  taskId: string;
  nodeCode: string;
  nodeType: string;
  nodeName: string;
  state: Generated<number>;
  prevNodeId: string | null;
  creatorTime: Generated<Date>;
  completionTime: NullableTimestamp;
}
export interface FlowTaskOperatorTable {
  id: string;
  taskId: string;
  taskNodeId: string;
  nodeCode: string;
  nodeName: string;
  handleId: string;
  state: Generated<number>;
  kind: Generated<number>;
  parentId: string | null;
  sortCode: Generated<number>;
  handleStatus: number | null;
  handleTime: NullableTimestamp;
  draftData: string | null;
  creatorTime: Generated<Date>;
}
export interface FlowTaskRecordTable {
  id: string;
  taskId: string;
  taskNodeId: string | null;
  taskOperatorId: string | null;
  nodeCode: Generated<string>;
  nodeName: Generated<string>;
  handleId: string;
  handleStatus: number;
  handleOpinion: Generated<string>;
  signImg: Generated<string>;
  fileList: Generated<string>;
  operatorId: Generated<string>;
  handleTime: Generated<Date>;
}
export interface FlowTaskCirculateTable {
  id: string;
  taskId: string;
  taskNodeId: string | null;
  nodeCode: Generated<string>;
  nodeName: Generated<string>;
  objectId: string;
  creatorTime: Generated<Date>;
}
/** Comments on a flow instance: see migration 0044. */
export interface FlowCommentTable {
  id: string;
  taskId: string;
  text: Generated<string>;
  image: Generated<string>;
  file: Generated<string>;
  creatorUserId: string;
  creatorTime: Generated<Date>;
}
export interface FlowDelegateTable {
  id: string;
  userId: string;
  toUserId: string;
  type: Generated<number>;
  flowId: Generated<string>;
  flowName: Generated<string>;
  startTime: Timestamp;
  endTime: Timestamp;
  description: string | null;
  creatorTime: Generated<Date>;
}

/** A generated form's short link (外链): public form and list, each enabled and guarded on its own. */
export interface VisualDevShortLinkTable extends Audit {
  /** The definition's id. */
  id: string;
  formUse: Generated<number>;
  formPassUse: Generated<number>;
  /** argon2id of the password's MD5, as account passwords are kept. */
  formPassword: string | null;
  columnUse: Generated<number>;
  columnPassUse: Generated<number>;
  columnPassword: string | null;
  /** JSON list of the field names the public list shows. */
  columnText: Generated<string>;
}

/** A generated form's definition: the draft, the released copy and the plan of its record tables. */
export interface VisualDevTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  category: string | null;
  type: Generated<number>;
  webType: Generated<number>;
  enableFlow: Generated<number>;
  dbLinkId: string | null;
  sortCode: Generated<number>;
  description: string | null;
  tables: string | null;
  formData: string | null;
  columnData: string | null;
  appColumnData: string | null;
  interfaceId: string | null;
  interfaceName: string | null;
  interfaceParam: string | null;
  /** 0 never released, 1 released, 2 released and edited since. */
  isRelease: Generated<number>;
  releasedFormData: string | null;
  releasedColumnData: string | null;
  releasedAppColumnData: string | null;
  releaseTime: NullableTimestamp;
  /** The record tables' plan (modules/visualdev/storage-plan.ts), written by Release. */
  storage: ColumnType<unknown, string | null, string | null>;
  /** 1 a system form (a hand-written page, fields listed in formData), 2 a generated form. */
  formType: Generated<number>;
  /** 0 a launch form, 1 a function form (the 3.6 client's 表单类别). */
  flowType: Generated<number>;
  urlAddress: string | null;
  appUrlAddress: string | null;
  interfaceUrl: string | null;
}
export type VisualDevRowDb = Selectable<VisualDevTable>;

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
  /** Operations: the menu enCode of the route's permission, or the first path segments after /api. */
  moduleCode: string | null;
  /** Operations: that menu's name when it was written. */
  moduleName: string | null;
  /** Operations: the route pattern (/api/permission/Users/:id). */
  requestRoute: string | null;
  /** Operations: the answer's envelope code (200, 400, 403, 500, ...). */
  resultCode: number | null;
  /** Operations: the request body as JSON with secret-like fields replaced, at most 2 KB. */
  requestBody: string | null;
  /** Administrative changes (core/audit.ts): the kind of object, its id (several comma-joined) and name. */
  objectType: AuditObjectType | null;
  objectId: string | null;
  objectName: string | null;
  /** The changed fields with old and new values, secrets as "***" (JSON list). */
  changes: ColumnType<AuditChange[] | null, string | null, string | null>;
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
  /** The portal its members open on the home page unless they chose their own. */
  portalId: Generated<string | null>;
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

/** Areas (行政区划): a tree by parentId, '-1' at the top; seeded rows use their GB/T 2260 code as id. */
export interface AreaTable extends Audit {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

export interface BillRuleTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  prefix: string | null;
  suffix: string | null;
  type: number;
  dateFormat: string | null;
  digit: number | null;
  startNumber: string | null;
  randomDigit: number | null;
  randomType: number | null;
  /** The last serial handed out within `period`; null before the first. bigint arrives as a string. */
  serial: ColumnType<string | null, string | null, string | null>;
  period: Generated<string>;
  outputNumber: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}
export interface DataInterfaceTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  /** 1 SQL, 2 static JSON, 3 HTTP. */
  type: number;
  action: Generated<number>;
  hasPage: Generated<number>;
  isPostPosition: Generated<number>;
  dataConfigJson: string;
  dataCountJson: string | null;
  dataEchoJson: string | null;
  dataJsJson: string | null;
  dataExceptionJson: string | null;
  fieldJson: string | null;
  parameterJson: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

export interface PrintDevTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  /** 1 flow form, 2 function form. */
  type: Generated<number>;
  formId: string | null;
  sourceType: Generated<number>;
  dbLinkId: string | null;
  sqlTemplate: string | null;
  parameterJson: string | null;
  interfaceId: string | null;
  interfaceName: string | null;
  printTemplate: string | null;
  pageParam: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

/**
 * A report definition (migration 0051). Its parameters, datasets and layout are JSON the designer
 * owns; the repository reads them back as text, so their keys (an interface's `user_id`) stay as
 * written instead of passing through the camel-case mapping of result rows.
 */
export interface ReportTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  /** The id of a ReportSort dictionary entry. */
  categoryId: string;
  parameters: Json<unknown>;
  datasets: Json<unknown>;
  layout: Json<unknown>;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

export interface PortalTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  /** 0 designed, 1 a link. */
  type: Generated<number>;
  linkType: Generated<number>;
  customUrl: string | null;
  enabledLock: Generated<number>;
  formData: string | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

/** A viewer's own arrangement of an unlocked portal. */
export interface PortalCustomTable {
  portalId: string;
  userId: string;
  formData: string;
  lastModifyTime: Generated<Date>;
}

export interface PrintLogTable {
  id: string;
  printId: string;
  printTitle: string;
  printNum: number;
  /** The user who printed. */
  printMan: string;
  printTime: Generated<Date>;
}

export interface DataInterfaceVariateTable extends Audit {
  id: string;
  interfaceId: string;
  fullName: string;
  expression: string;
}

export interface DataInterfaceLogTable {
  id: string;
  interfaceId: string;
  userId: string | null;
  invokTime: Timestamp;
  invokWasteTime: number;
  invokState: number;
  invokSize: number;
  invokIp: string | null;
  origin: string | null;
  message: string | null;
}

// The wire's names for what is granted, to whom and how widely (packages/shared).
export type { AuthorizeItemType, AuthorizeObjectType, DataScopeType, PermissionKind };

export type RelationType = 'Organize' | 'Position' | 'Role' | 'Group';

export interface UserRelationTable {
  id: string;
  userId: string;
  objectType: RelationType;
  objectId: string;
  sortCode: Generated<number>;
  creatorTime: Generated<Date>;
}

/** What a menu offers to grant: buttons, list columns, form fields and data scopes (resources). */
export interface ModulePermissionTable extends Audit {
  id: string;
  menuId: string;
  kind: PermissionKind;
  enCode: string;
  fullName: string;
  /** Only for resources: which rows the scope lets a user see. */
  scopeType: DataScopeType | null;
  sortCode: Generated<number>;
  enabledMark: Generated<number>;
  description: string | null;
}

/** One grant: an item (system, menu, or a menu's button/column/form/resource) to a permission group. */
export interface AuthorizeTable {
  id: string;
  objectType: 'PermissionGroup';
  /** The permission group's id. */
  objectId: string;
  itemType: AuthorizeItemType;
  itemId: string;
  creatorTime: Generated<Date>;
  creatorUserId: string | null;
}

/** A permission group (权限组): receives grants, reaches its members. */
export interface PermissionGroupTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  enabledMark: Generated<number>;
  sortCode: Generated<number>;
  description: string | null;
  /** Set on the group that holds one role's, position's, user's or user group's own grants (Authority calls). */
  ownerObjectType: Exclude<AuthorizeObjectType, 'PermissionGroup'> | null;
  ownerObjectId: string | null;
}

export interface PermissionMemberTable {
  groupId: string;
  objectType: PermissionMemberType;
  objectId: string;
  creatorTime: Generated<Date>;
  creatorUserId: string | null;
}

/** A tiered administrator's rights over one organisation (this layer) and the ones below it (sub layers); flags 0/1. */
export interface OrganizeAdministratorTable {
  id: string;
  userId: string;
  organizeId: string;
  thisLayerAdd: Generated<number>;
  thisLayerEdit: Generated<number>;
  thisLayerDelete: Generated<number>;
  thisLayerSelect: Generated<number>;
  subLayerAdd: Generated<number>;
  subLayerEdit: Generated<number>;
  subLayerDelete: Generated<number>;
  subLayerSelect: Generated<number>;
  creatorTime: Generated<Date>;
  creatorUserId: string | null;
}

export interface ColumnSettingTable {
  userId: string;
  moduleId: string;
  /** The client's JSON list of {prop, label, visible}. */
  fieldList: string;
  lastModifyTime: Generated<Date>;
}

export type ModulePermissionRow = Selectable<ModulePermissionTable>;
export type SystemRow = Selectable<SystemTable>;

// Messaging (migration 0007)

export interface MessageTable extends Audit {
  id: string;
  /** 1 system, 2 flow, 3 notice, 4 schedule (msgSourceType). */
  type: number;
  flowType: number | null;
  title: string;
  bodyText: string | null;
  excerpt: string | null;
  files: string | null;
  /** The notice, schedule or send configuration the message came from. */
  sourceId: string | null;
  releaseUserId: string | null;
  releaseTime: Generated<Date>;
}

export interface MessageReceiveTable {
  id: string;
  messageId: string;
  userId: string;
  isRead: Generated<number>;
  readTime: NullableTimestamp;
  creatorTime: Generated<Date>;
}

export interface NoticeTable extends Audit {
  id: string;
  title: string;
  bodyText: string | null;
  excerpt: string | null;
  category: string | null;
  files: string | null;
  coverImage: string | null;
  /** JSON list of user ids; null or empty means every user. */
  toUserIds: string | null;
  /** 0 draft, 1 released, -1 expired. */
  enabledMark: Generated<number>;
  expirationTime: NullableTimestamp;
  releaseTime: NullableTimestamp;
  releaseUserId: string | null;
}

export interface MessageTemplateTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  templateType: Generated<number>;
  messageSource: string | null;
  messageType: string;
  enabledMark: Generated<number>;
  sortCode: Generated<number>;
  description: string | null;
  title: string | null;
  content: string | null;
  templateCode: string | null;
  wxSkip: string | null;
  xcxAppId: string | null;
  templateParamList: Generated<string>;
  smsFieldList: Generated<string>;
}

export interface SendMessageConfigTable extends Audit {
  id: string;
  fullName: string;
  enCode: string;
  templateType: Generated<number>;
  messageSource: string | null;
  enabledMark: Generated<number>;
  sortCode: Generated<number>;
  description: string | null;
  sendConfigTemplateList: Generated<string>;
}

export interface MessageSendLogTable {
  id: string;
  sendConfigId: string | null;
  templateId: string | null;
  messageType: string;
  toUserId: string | null;
  recipient: string | null;
  title: string | null;
  content: string | null;
  /** pending (in the outbox, maybe retrying), sent, recorded (a channel without a gateway), failed. */
  status: string;
  error: string | null;
  /** Tries so far; the error is the last one's. */
  attempts: Generated<number>;
  creatorTime: Generated<Date>;
}

export interface ScheduleTable extends Audit {
  id: string;
  groupId: string;
  category: string | null;
  urgent: Generated<number>;
  title: string;
  content: string | null;
  files: string | null;
  color: string | null;
  allDay: Generated<boolean>;
  startDay: Timestamp;
  endDay: Timestamp;
  /** Minutes before the start; -1 at the start, -2 no reminder. */
  reminderTime: Generated<number>;
  /** "1" does not repeat; 2 daily, 3 weekly, 4 monthly, 5 yearly. */
  repetition: Generated<string>;
  repeatTime: NullableTimestamp;
}

export interface ScheduleUserTable {
  scheduleId: string;
  userId: string;
}

export interface ImMessageTable {
  id: string;
  sendUserId: string;
  receiveUserId: string;
  contentType: string;
  content: string;
  sendTime: Generated<Date>;
  readTime: NullableTimestamp;
  sendDeleted: Generated<boolean>;
  receiveDeleted: Generated<boolean>;
}

export interface ImConversationTable {
  id: string;
  userId: string;
  otherUserId: string;
  latestMessage: string | null;
  messageType: string | null;
  latestDate: Timestamp;
}

export interface JobTable {
  id: string;
  type: string;
  payload: Generated<string>;
  runAt: Timestamp;
  status: Generated<'pending' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  lockedBy: string | null;
  lockedAt: NullableTimestamp;
  lastError: string | null;
  /** What the job is about (a schedule id), so it can be cancelled with it. */
  refId: string | null;
  createdAt: Generated<Date>;
}

/** Personal (ownerUserId set) and administered signatures: see migration 0023. */
export interface SignatureTable {
  id: string;
  ownerUserId: string | null;
  fullName: string | null;
  enCode: string | null;
  /** Personal: a PNG data URL; administered: the URL of the stored image. */
  image: string;
  isDefault: Generated<number>;
  sortCode: Generated<number>;
  description: string | null;
  creatorTime: Generated<Date>;
  creatorUserId: string | null;
  lastModifyTime: NullableTimestamp;
  lastModifyUserId: string | null;
}

export interface SignatureUserTable {
  signatureId: string;
  userId: string;
  sortCode: Generated<number>;
}

/** The passwords a user has had, newest first by creatorTime: see migration 0026. */
export interface PasswordHistoryTable {
  id: string;
  userId: string;
  passwordHash: string;
  creatorTime: Generated<Date>;
}

/** A synchronised organisation or user: our id and the WeCom (1) / DingTalk (2) id (migration 0026). */
export interface ThirdSyncTable {
  id: string;
  thirdType: number;
  dataType: 'organize' | 'user';
  sysObjId: string | null;
  thirdObjId: string;
  /** 1 the last attempt succeeded, 0 it failed (description says why). */
  status: number;
  description: string | null;
  lastModifyTime: Generated<Date>;
}

/** One upload (migration 0025): `name` is the generated fileId, `storageKey` where its bytes are. */
export interface StoredFileTable {
  id: string;
  name: string;
  type: string;
  storageKey: string;
  originalName: string;
  extension: string;
  /** bigint: PostgreSQL answers it as text. */
  size: ColumnType<string | number, number, number>;
  md5: string | null;
  creatorTime: Generated<Date>;
  creatorUserId: string | null;
}

/** A generated file as the last download of a form held it. */
export interface GeneratedFileText {
  filePath: string;
  fileContent: string;
}

/** The files of a form's last code download (migration 0050), for the next preview's differences. */
export interface CodeGenerationTable {
  visualDevId: string;
  files: Json<GeneratedFileText[]>;
  creatorTime: Generated<Date>;
  creatorUserName: string;
}

/** An expiring download address (migration 0025). */
export interface FileLinkTable {
  token: string;
  payload: Json<string>;
  expiresAt: Timestamp;
}
