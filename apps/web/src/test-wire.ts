/**
 * Fake server answers of the web tests, checked against the answer schemas the server declares
 * (packages/shared), so a fake cannot say what the server never sends. Every test file that stubs
 * `fetch` for a real route answers through `wireResponse`; a mismatch fails the test that made it
 * (test-setup.ts checks after each test, since the request layer turns a throw into a failed call).
 */
import {
  AccountLoginConfig,
  BaseInfo,
  BillRuleSelectorRow,
  ChunkState,
  ColumnSettings,
  CurrentUser,
  type CurrentUserInfo,
  DashboardNotice,
  DataInterfaceDataRow,
  DataInterfaceLogRow,
  DataInterfaceNode,
  DataInterfaceParameter,
  DataInterfaceRow,
  DataInterfaceVariateRow,
  DictionaryAllItem,
  DictionaryDataRow,
  DictionaryTypeNode,
  EmailInfo,
  FlowDelegatePrincipal,
  FlowTaskSaved,
  FormDataField,
  GrantValues,
  ListOf,
  LoginConfig,
  LoginResult,
  LogRow,
  MenuInfo,
  type MenuNode,
  MergedFile,
  MessageRow,
  MessageTemplateInfo,
  MessageTemplateRow,
  type ModulePermission,
  OrganizeAdministratorRow,
  PackDownloadLink,
  PageOf,
  PasswordPolicySchema,
  PermissionGroupRow,
  PermissionGroupsOfObject,
  PermissionMembers,
  PermissionTree,
  PortalAuth,
  PortalSelectorNode,
  RecordPageConfig,
  RecordValues,
  ReportSelectorNode,
  ScanTicket,
  ScanTicketStatus,
  ScheduleRow,
  SendMessageConfigInfo,
  SendMessageResult,
  Signature,
  Subordinate,
  SynThirdTotal,
  SysConfigView,
  TreeNode,
  UnreadCounts,
  UploadedFile,
  UserBrief,
  type UserInfo,
  UserInfo as UserInfoSchema,
  UserOrganize,
  VisualDevSelectorRow,
} from '@platform/shared';
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';

/** `null`: the route answers no `data` (EmptyEnvelope). */
type Answer = TSchema | null;
const Created = Type.Object({ id: Type.String() });

/** The answer schema of each route the web tests fake: "METHOD /path/:param", as the server routes them. */
export const fakedRoutes: [route: string, answer: Answer][] = [
  ['GET /api/oauth/getLoginConfig', LoginConfig],
  ['GET /api/system/DataInterface/Selector', Type.Array(DataInterfaceNode)],
  ['POST /api/system/DataInterface/:id/Actions/List', PageOf(DataInterfaceDataRow)],
  ['GET /api/oauth/getConfig/:account', AccountLoginConfig],
  ['POST /api/oauth/Login', LoginResult],
  ['POST /api/oauth/sendSmsCode', null],
  ['GET /api/oauth/codeCertificate', ScanTicket],
  ['GET /api/oauth/codeCertificateStatus/:id', ScanTicketStatus],
  ['GET /api/oauth/CurrentUser', CurrentUser],
  ['GET /api/oauth/Logout', null],
  ['POST /api/oauth/updatePasswordMessage', null],
  ['POST /api/oauth/LockScreen', null],
  ['GET /api/oauth/PasswordPolicy', PasswordPolicySchema],
  ['POST /api/permission/Users/Current/Actions/ModifyPassword', null],
  ['GET /api/permission/Users/Current/BaseInfo', BaseInfo],
  ['PUT /api/permission/Users/Current/BaseInfo', null],
  ['GET /api/permission/Users/Current/getUserOrganizes', Type.Array(UserOrganize)],
  ['GET /api/permission/Users/Current/getUserPositions', Type.Array(UserOrganize)],
  ['GET /api/permission/Users/Current/Subordinate/:id', Type.Array(Subordinate)],
  ['GET /api/permission/Users/Current/SystemLog', PageOf(LogRow)],
  ['GET /api/system/Log/:category', PageOf(LogRow)],
  ['GET /api/permission/Users/Current/SignImg', Type.Array(Signature)],
  ['POST /api/permission/Users/Current/SignImg', Created],
  ['PUT /api/permission/Users/Current/:id/SignImg', null],
  ['DELETE /api/permission/Users/Current/:id/SignImg', null],
  ['PUT /api/permission/Users/Current/Avatar/:name', null],
  ['POST /api/file/Uploader/userAvatar', UploadedFile],
  ['POST /api/file/PackDownload/:type', PackDownloadLink],
  ['GET /api/file/Uploader/Preview', Type.String()],
  ['GET /api/file/chunk', ChunkState],
  ['POST /api/file/chunk', ChunkState],
  ['POST /api/file/merge', MergedFile],
  ['PUT /api/permission/Users/Current/SystemTheme', null],
  ['PUT /api/permission/Users/Current/SystemLanguage', null],
  ['GET /api/message', PageOf(MessageRow)],
  ['GET /api/message/getUnReadMsgNum', UnreadCounts],
  ['GET /api/extend/Email/:id', EmailInfo],
  ['GET /api/system/Schedule', ListOf(ScheduleRow)],
  ['GET /api/visualdev/Portal/:id/auth', PortalAuth],
  ['GET /api/visualdev/Portal/Selector', ListOf(PortalSelectorNode)],
  ['GET /api/visualdev/Base/Selector', ListOf(VisualDevSelectorRow)],
  ['GET /api/ReportServer/Data/Selector', ListOf(ReportSelectorNode)],
  ['GET /api/visualdev/Base/:id/FormDataFields', ListOf(FormDataField)],
  ['POST /api/ReportServer/Data/Actions/FromForm', Created],
  ['GET /api/visualdev/OnlineDev/:modelId/Config', RecordPageConfig],
  ['POST /api/visualdev/OnlineDev/:modelId/List', PageOf(RecordValues)],
  ['GET /api/system/Menu/:id', MenuInfo],
  ['GET /api/system/Menu/Selector/:id/:systemId', ListOf(MenuInfo)],
  ['POST /api/visualdev/Dashboard/Notice', ListOf(DashboardNotice)],
  ['GET /api/message/MessageTemplateConfig', PageOf(MessageTemplateRow)],
  ['GET /api/message/MessageTemplateConfig/:id', MessageTemplateInfo],
  ['POST /api/message/SendMessageConfig/:id/Actions/Send', SendMessageResult],
  ['GET /api/message/SendMessageConfig/:id', SendMessageConfigInfo],
  ['GET /api/system/DictionaryData/All', ListOf(DictionaryAllItem)],
  ['GET /api/system/BillRule/Selector', PageOf(BillRuleSelectorRow)],
  ['GET /api/system/DictionaryType', ListOf(DictionaryTypeNode)],
  ['GET /api/system/DictionaryData/:typeId', ListOf(DictionaryDataRow)],
  ['PUT /api/system/DictionaryData/:id/Actions/State', null],
  ['GET /api/permission/Authority/GetColumnsByModuleId/:id', ColumnSettings],
  ['PUT /api/permission/Authority/SetColumnsByModuleId', null],
  ['GET /api/permission/Users/Selector', ListOf(TreeNode)],
  ['POST /api/permission/Users/ImUser/Selector/:id', PageOf(Type.Object({}, { additionalProperties: true }))],
  ['POST /api/permission/Users/getUserList', ListOf(UserBrief)],
  ['GET /api/permission/Organize/Department/SelectorByAuth/:id', ListOf(TreeNode)],
  ['GET /api/permission/Position/Selector', ListOf(TreeNode)],
  ['GET /api/permission/Role/Selector', ListOf(TreeNode)],
  ['GET /api/permission/Group/Selector', ListOf(TreeNode)],
  ['GET /api/permission/Position/SelectorByPermission', ListOf(TreeNode)],
  ['GET /api/permission/Role/SelectorByPermission', ListOf(TreeNode)],
  ['GET /api/permission/Group/SelectorByPermission', ListOf(TreeNode)],
  ['POST /api/permission/Users', Created],
  ['PUT /api/permission/Users/:id', null],
  ['GET /api/permission/Users/:id', UserInfoSchema],
  ['POST /api/permission/Users/:id/Actions/ResetPassword', null],
  // Permission groups: the named calls before `/:id`, which would take them.
  ['GET /api/permission/PermissionGroup/getPermissionGroup', PermissionGroupsOfObject],
  ['GET /api/permission/PermissionGroup/getPermission', PermissionTree],
  ['GET /api/permission/PermissionGroup/PermissionMember/:id', PermissionMembers],
  ['POST /api/permission/PermissionGroup/PermissionMember/:id', null],
  ['POST /api/permission/PermissionGroup/:id/Actions/Copy', Created],
  ['GET /api/permission/PermissionGroup', PageOf(PermissionGroupRow)],
  ['POST /api/permission/PermissionGroup', Created],
  ['GET /api/permission/PermissionGroup/:id', PermissionGroupRow],
  ['PUT /api/permission/PermissionGroup/:id', null],
  ['DELETE /api/permission/PermissionGroup/:id', null],
  ['GET /api/permission/organizeAdminIsTrator/Selector', ListOf(OrganizeAdministratorRow)],
  ['GET /api/permission/organizeAdminIsTrator', PageOf(OrganizeAdministratorRow)],
  ['POST /api/permission/organizeAdminIsTrator', null],
  ['DELETE /api/permission/organizeAdminIsTrator/:id', null],
  ['POST /api/permission/Authority/Data/:id/Values', GrantValues],
  ['PUT /api/permission/Authority/Data/:id', null],
  ['GET /api/system/SysConfig', SysConfigView],
  ['PUT /api/system/SysConfig', null],
  ['POST /api/system/SysConfig/:type/testQyWebChatConnect', null],
  ['POST /api/system/SysConfig/testDingTalkConnect', null],
  ['GET /api/system/SynThirdInfo/getSynThirdTotal/:type', Type.Array(SynThirdTotal)],
  ['GET /api/system/SynThirdInfo/synAllOrganizeSysToQy', SynThirdTotal],
  ['GET /api/system/SynThirdInfo/synAllUserSysToQy', SynThirdTotal],
  ['GET /api/system/SynThirdInfo/synAllOrganizeSysToDing', SynThirdTotal],
  ['GET /api/system/SynThirdInfo/synAllUserSysToDing', SynThirdTotal],
  // Data interfaces: the named calls before `/:id`, which would take them.
  ['GET /api/system/DataInterface/GetParam/:id', Type.Array(DataInterfaceParameter)],
  ['POST /api/system/DataInterface/:id/Actions/Preview', Type.Array(DataInterfaceDataRow)],
  ['PUT /api/system/DataInterface/:id/Actions/State', null],
  ['GET /api/system/DataInterface', PageOf(DataInterfaceRow)],
  ['POST /api/system/DataInterface', Created],
  ['GET /api/system/DataInterface/:id', DataInterfaceRow],
  ['PUT /api/system/DataInterface/:id', null],
  ['GET /api/system/DataInterfaceLog/:id', PageOf(DataInterfaceLogRow)],
  ['GET /api/system/DataInterfaceVariate/:id', ListOf(DataInterfaceVariateRow)],
  ['POST /api/system/DataInterfaceVariate', Created],
  ['GET /api/workflow/Engine/FlowDelegate/userList', ListOf(FlowDelegatePrincipal)],
  ['POST /api/workflow/Engine/FlowTask', FlowTaskSaved],
];

const matchers = fakedRoutes.map(([route, answer]) => {
  const [method, path] = route.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
  return { method, path, pattern, answer };
});

/** The declared answer of a route, or undefined when the table does not know it. */
export function answerOf(method: string, path: string): { route: string; answer: Answer } | undefined {
  const found = matchers.find((m) => m.method === method.toUpperCase() && m.pattern.test(path));
  return found && { route: `${found.method} ${found.path}`, answer: found.answer };
}

/** Mismatches found since the last check (test-setup.ts fails the test that made them). */
export const fakeProblems: string[] = [];

/**
 * Problems of `data` as the answer of `schema`: what `Value.Check` finds wrong, and any field the
 * schema does not declare (the server's serialiser would drop it, so the server never sends it).
 */
export function answerProblems(schema: Answer, data: unknown): string[] {
  if (schema === null) return data === undefined || data === null ? [] : ['the route answers no data'];
  if (!Value.Check(schema, data)) {
    return Value.Errors(schema, data).map((e) => `${e.instancePath || '/'}: ${e.message}`);
  }
  const kept = Value.Clean(schema, structuredClone(data));
  const extra = undeclared(data, kept, '');
  return extra.map((path) => `${path}: not in the answer schema (the server never sends it)`);
}

function undeclared(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((v, i) => undeclared(v, kept[i], `${at}/${i}`));
  if (sent && typeof sent === 'object' && kept && typeof kept === 'object') {
    const keptRecord = kept as Record<string, unknown>;
    return Object.entries(sent as Record<string, unknown>).flatMap(([key, value]) =>
      key in keptRecord ? undeclared(value, keptRecord[key], `${at}/${key}`) : [`${at}/${key}`],
    );
  }
  return [];
}

/** Fails (now and after the test) unless `data` is what `schema` lets the server answer. */
export function checkAnswer<T>(schema: Answer, data: T, route = 'a fake answer'): T {
  const problems = answerProblems(schema, data);
  if (problems.length) {
    const text = `${route}: the fake answer does not match the route's answer schema:\n  ${problems.join('\n  ')}`;
    fakeProblems.push(text);
    throw new Error(text);
  }
  return data;
}

/**
 * The Response of a faked call: `envelope` as the server would send it. A code-200 answer's `data`
 * is checked against the route's schema; a route the table does not know fails.
 */
export function wireResponse(
  method: string,
  url: string | URL,
  envelope: { code: number; msg?: string; data?: unknown },
): Response {
  const path = new URL(String(url), 'http://localhost').pathname;
  const known = answerOf(method, path);
  if (!known) {
    const text = `${method} ${path}: no answer schema known for this route; add it to src/test-wire.ts`;
    fakeProblems.push(text);
    throw new Error(text);
  }
  if (envelope.code === 200) checkAnswer(known.answer, envelope.data, known.route);
  return new Response(JSON.stringify({ msg: '', ...envelope }), { headers: { 'Content-Type': 'application/json' } });
}

/** A complete `userInfo` of CurrentUser for the session store, with the fields a test cares about. */
export function fakeUserInfo(fields: Partial<CurrentUserInfo> = {}): CurrentUserInfo {
  return checkAnswer(CurrentUser.properties.userInfo, {
    userId: 'u-admin',
    userAccount: 'admin',
    userName: '管理员',
    headIcon: '',
    signImg: '',
    gender: '',
    mobilePhone: '',
    email: '',
    isAdministrator: true,
    portalId: '',
    theme: 'classic',
    language: 'zh-CN',
    organizeId: '',
    organizeName: '',
    organizeIdList: [],
    positionId: '',
    positionName: '',
    positionIds: [],
    roleName: '',
    roleIds: [],
    groupIds: [],
    systemId: 's-main',
    systemIds: [],
    changePasswordDate: null,
    prevLogin: 0,
    prevLoginTime: null,
    prevLoginIPAddress: '',
    prevLoginIPAddressName: '',
    ...fields,
  });
}

/** A complete `sysConfigInfo` of CurrentUser. */
export function fakeSysConfigInfo(fields: Partial<CurrentUser['sysConfigInfo']> = {}): CurrentUser['sysConfigInfo'] {
  return {
    sysName: '',
    sysVersion: '',
    title: '',
    copyright: '',
    companyName: '',
    logoIcon: '',
    workLogoIcon: '',
    navigationIcon: '',
    loginIcon: '',
    appIcon: '',
    newUserDefaultPassword: '',
    ...fields,
  };
}

/** The login page's settings as this server sends them. */
export function fakeLoginConfig(fields: Partial<LoginConfig> = {}): LoginConfig {
  return {
    redirect: false,
    url: '',
    ticketParams: '',
    socialsList: [],
    cipherKey: 'EY8WePvjM5GGwQzn',
    sysName: '',
    sysVersion: '',
    title: '',
    copyright: '',
    loginIcon: '',
    logoIcon: '',
    ...fields,
  };
}

/** A menu node of CurrentUser's menuList (a page unless `type` says otherwise). */
export function fakeMenuNode(fields: Partial<MenuNode> & Pick<MenuNode, 'id'>): MenuNode {
  const children = fields.children ?? [];
  return {
    parentId: '-1',
    enCode: `menu.${fields.id}`,
    fullName: fields.id,
    icon: '',
    type: 2,
    urlAddress: '',
    propertyJson: '',
    linkTarget: '',
    sortCode: 0,
    hidden: false,
    ...fields,
    hasChildren: fields.hasChildren ?? children.length > 0,
    children,
  };
}

/** A whole CurrentUser answer. */
export function fakeCurrentUser(
  fields: { menuList?: MenuNode[]; permissionList?: CurrentUser['permissionList'] } & {
    userInfo?: Partial<CurrentUserInfo>;
    sysConfigInfo?: Partial<CurrentUser['sysConfigInfo']>;
  } = {},
): CurrentUser {
  return {
    menuList: fields.menuList ?? [fakeMenuNode({ id: 'm1' })],
    permissionList: fields.permissionList ?? [],
    userInfo: fakeUserInfo(fields.userInfo),
    sysConfigInfo: fakeSysConfigInfo(fields.sysConfigInfo),
  };
}

/** What the user holds on one page (permissionList[]): entries by enCode. */
export function fakeModulePermission(
  modelId: string,
  codes: Partial<Record<'button' | 'column' | 'form' | 'resource', string[]>> = {},
): ModulePermission {
  const entries = (kind: keyof typeof codes) =>
    (codes[kind] ?? []).map((enCode) => ({ id: `${modelId}:${enCode}`, fullName: enCode, enCode }));
  return {
    modelId,
    moduleName: modelId,
    button: entries('button'),
    column: entries('column'),
    form: entries('form'),
    resource: entries('resource'),
  };
}

/** A user card (`GET /api/permission/Users/{id}`). */
export function fakeUserCard(fields: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u1',
    account: 'user',
    realName: 'user',
    gender: '',
    email: '',
    organizeId: '',
    managerId: '',
    positionId: '',
    roleId: '',
    groupId: '',
    ranks: '',
    sortCode: 0,
    enabledMark: 1,
    description: '',
    headIcon: '',
    nation: '',
    nativePlace: '',
    certificatesType: '',
    certificatesNumber: '',
    education: '',
    entryDate: null,
    birthday: null,
    telePhone: '',
    landline: '',
    mobilePhone: '',
    urgentContacts: '',
    urgentTelePhone: '',
    postalAddress: '',
    isAdministrator: false,
    creatorTime: 0,
    ...fields,
  };
}

/** A log row (the log page, the profile's own log). */
export function fakeLogRow(fields: Partial<LogRow> & Pick<LogRow, 'id'>): LogRow {
  return {
    category: 1,
    userId: '',
    userName: '',
    ipAddress: '',
    loginType: 0,
    ipAddressName: '',
    platForm: '',
    abstracts: '',
    loginMark: 1,
    requestMethod: '',
    requestURL: '',
    requestDuration: 0,
    creatorTime: 0,
    moduleName: '',
    browser: '',
    objectType: '',
    objectId: '',
    objectName: '',
    changes: [],
    ...fields,
  };
}

/** A flat dictionary of `DictionaryData/All` (`list[]`): its entries as [id, fullName], each id its code too. */
export function fakeDictionary(enCode: string, fullName: string, entries: [id: string, fullName: string][]) {
  return checkAnswer(DictionaryAllItem, {
    id: `dictionary.${enCode}`,
    enCode,
    fullName,
    isTree: 0,
    dictionaryList: entries.map(([id, name]) => ({
      id,
      enCode: id,
      fullName: name,
      parentId: '0',
      hasChildren: false,
      children: [],
    })),
  });
}

/** A message template's details (`MessageTemplateConfig/:id`), its code and name its id unless told. */
export function fakeMessageTemplate(fields: Partial<MessageTemplateInfo> & Pick<MessageTemplateInfo, 'id'>) {
  return checkAnswer(MessageTemplateInfo, {
    fullName: fields.id,
    enCode: fields.id,
    templateType: 0,
    messageSource: null,
    messageType: '1',
    enabledMark: 1,
    sortCode: 0,
    description: null,
    title: null,
    content: null,
    templateCode: null,
    wxSkip: null,
    xcxAppId: null,
    templateParamList: [],
    smsFieldList: [],
    creatorTime: 0,
    lastModifyTime: null,
    ...fields,
  });
}
