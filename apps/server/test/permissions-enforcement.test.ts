import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../src/core/ids.ts';
import type { RoutePermission } from '../src/core/permissions.ts';
import { adminApp, type Client, type TestApp } from './helpers/test-app.ts';

/**
 * Routes that check no permission, each with the reason. Anything else under /api/ must declare
 * `permit(menu, button)` or `permitMenu(menu)`: a new route that forgets it fails here.
 */
const unchecked: Record<string, string> = {
  // Open before login.
  'GET /api/health': 'public',
  'GET /api/health/live': 'public: the liveness probe of a process supervisor or load balancer',
  'GET /api/health/ready': 'public: the readiness probe (503 while starting or draining)',
  'GET /api/oauth/getLoginConfig': 'public',
  'GET /api/oauth/getConfig/:account': 'public',
  'GET /api/file/ImageCode/:random': 'public',
  'GET /api/oauth/ImageCode/:length/:random': 'public',
  'POST /api/oauth/sendSmsCode': 'public',
  'POST /api/oauth/Login': 'public',
  'GET /api/oauth/codeCertificate': 'public',
  'GET /api/oauth/codeCertificateStatus/:id': 'public',
  'GET /api/message/websocket/:token': 'public: the token is checked by the socket itself',
  'GET /api/file/Image/:type/:name':
    'public: images of the image upload types (chat, avatars, annexpic) by unguessable name',
  'GET /api/file/Image/signature/:name': 'public: signature images by unguessable name (<img> sends no token)',
  // The signed-in user's own session and settings.
  'GET /api/oauth/CurrentUser': 'self',
  'POST /api/oauth/updatePasswordMessage': 'self',
  'GET /api/oauth/Logout': 'self',
  'POST /api/oauth/LockScreen': 'self',
  'GET /api/oauth/PasswordPolicy': 'self',
  'GET /api/system/SysConfig': 'self: every client reads it after login; secrets only with the page permission',
  'GET /api/permission/Users/Current/Authorize': 'self: what the caller holds',
  'GET /api/permission/Users/Current/Administrators': 'self: whom the caller asks for access (names and accounts only)',
  'GET /api/oauth/setCodeCertificateStatus/:id/:status': 'self: confirms a scan login as the caller',
  'POST /api/permission/Users/Current/Actions/ModifyPassword': 'self',
  'PUT /api/permission/Users/Current/major': 'self: only systems granted to the caller',
  'GET /api/permission/Authority/GetColumnsByModuleId/:id': 'self: the service checks the caller may open the menu',
  'PUT /api/permission/Authority/SetColumnsByModuleId': 'self: the service checks the caller may open the menu',
  'GET /api/extend/Email/:id': "self: the mail's recipient, or a reader of the send log (the service checks)",
  // Pickers every page's forms use (organisation, position, role, group choosers).
  'GET /api/permission/Organize/Tree': 'picker',
  'GET /api/permission/Organize/Selector/:id': 'picker',
  'GET /api/permission/Organize/SelectorByAuth/:id': 'picker',
  'POST /api/permission/Organize/OrganizeCondition': 'picker',
  'GET /api/permission/Organize/Department': 'picker',
  'GET /api/permission/Organize/Department/Selector/:id': 'picker',
  'GET /api/permission/Organize/Department/SelectorByAuth/:id': 'picker',
  'GET /api/permission/Position/Selector': 'picker',
  'GET /api/permission/Position/All': 'picker',
  'POST /api/permission/Position/getListByOrgIds': 'picker',
  'POST /api/permission/Position/PositionCondition': 'picker',
  'GET /api/permission/Role/Selector': 'picker',
  'GET /api/permission/Role/SelectorByPermission': 'picker',
  'GET /api/permission/Position/SelectorByPermission': 'picker: the positions the caller may give',
  'GET /api/permission/Group/SelectorByPermission': 'picker: the user groups the caller may give',
  'POST /api/permission/Role/RoleCondition': 'picker',
  'POST /api/permission/Role/getListByOrgIds': 'picker',
  'GET /api/permission/Group/Selector': 'picker',
  'POST /api/permission/Group/GroupCondition': 'picker',
  'GET /api/permission/PermissionGroup/Selector': 'picker',
  // The caller's own messages, schedule and chat.
  'GET /api/message': 'self',
  'GET /api/message/ReadInfo/:id': 'self',
  'POST /api/message/Actions/ReadAll': 'self',
  'DELETE /api/message/Record': 'self',
  'GET /api/message/getUnReadMsgNum': 'self',
  'GET /api/system/Schedule': 'self',
  'GET /api/system/Schedule/detail': 'self',
  'GET /api/system/Schedule/:id': 'self',
  'POST /api/system/Schedule': 'self',
  'PUT /api/system/Schedule/:id/:type': 'self',
  'DELETE /api/system/Schedule/:id/:type': 'self',
  'GET /api/message/imreply': 'self',
  'GET /api/message/imreply/contacts': 'self',
  'DELETE /api/message/imreply/relocation/:id': 'self',
  'DELETE /api/message/imreply/deleteChatRecord/:id': 'self',
  // The signed-in user's own profile, avatar, signature and log (people area).
  'DELETE /api/permission/Users/Current/:id/SignImg': 'self',
  'GET /api/permission/Users/Current/BaseInfo': 'self',
  'GET /api/permission/Users/Current/SignImg': 'self',
  'GET /api/permission/Users/Current/Subordinate/:id': 'self',
  'GET /api/permission/Users/Current/SystemLog': 'self',
  'GET /api/permission/Users/Current/getUserOrganizes': 'self',
  'GET /api/permission/Users/Current/getUserPositions': 'self',
  'POST /api/permission/Users/Current/SignImg': 'self',
  'PUT /api/permission/Users/Current/:id/SignImg': 'self',
  'PUT /api/permission/Users/Current/Avatar/:name': 'self',
  'PUT /api/permission/Users/Current/BaseInfo': 'self',
  'PUT /api/permission/Users/Current/SystemLanguage': 'self',
  'PUT /api/permission/Users/Current/SystemTheme': 'self',
  // The file service: any signed-in user attaches files to the forms of any area.
  'POST /api/file/Uploader/:type': 'self: uploads (chat, avatar, form attachments)',
  'GET /api/file/chunk': 'self: chunked upload',
  'POST /api/file/chunk': 'self: chunked upload',
  'POST /api/file/merge': 'self: chunked upload',
  'GET /api/file/Download/:type/:fileId': 'self: a download address of a form attachment',
  'POST /api/file/PackDownload/:type': 'self: a zip address of form attachments',
  'GET /api/file/Uploader/Preview': 'self: a preview address of a form attachment',
  'GET /api/file/Download/:token': 'public: by an unguessable token that expires',
  'GET /api/file/Preview/:token': 'public: by an unguessable token that expires',
  // User pickers and the dictionary every page's forms read (people area).
  'GET /api/permission/Users/All': 'picker',
  'GET /api/permission/Users/Selector': 'picker',
  'GET /api/permission/Users/GetUsersByPositionId': 'picker',
  'GET /api/permission/Users/GetUsersByRoleOrgId': 'picker',
  'GET /api/permission/Users/ImUser': 'picker',
  'POST /api/permission/Users/ImUser/Selector/:id': 'picker',
  'POST /api/permission/Users/getSelectedList': 'picker',
  'POST /api/permission/Users/getSubordinates': 'picker',
  'POST /api/permission/Users/getUserList': 'picker',
  'GET /api/permission/Users/getOrganization': 'picker: the "current organisation" tab of the user picker',
  'POST /api/permission/Users/GetListByAuthorize/:id': "picker: the service limits it to the caller's data scope",
  'POST /api/permission/Users/getSelectedUserList': 'picker: the custom-mode list of the ids a form allows',
  'GET /api/system/DictionaryData/All': 'picker',
  'GET /api/system/DictionaryType/Selector/:id': 'picker: the category parent chooser (form designers too)',
  'GET /api/system/DictionaryData/:typeId/Selector/:id': 'picker: the entry parent chooser',
  'GET /api/system/DictionaryData/:typeId/Data/Selector': 'picker: dictionary options of form designers',
  'GET /api/file/Generated/:name': 'public: generated downloads (exports) by unguessable name',
  'GET /api/system/BillRule/Selector': 'picker: the code-rule chooser of form designers',
  'GET /api/system/BillRule/BillNumber/:enCode': 'numbers a form record as it is saved (any signed-in user)',
  'GET /api/system/Area/:id/Selector/:currId': 'picker: the area field of forms',
  'GET /api/system/DataInterface/Selector': 'picker: the interface chooser of form designers',
  'GET /api/system/DataInterface/GetParam/:id': 'picker: the parameters a form field passes to its interface',
  'POST /api/system/DataInterface/:id/Actions/List': 'forms: popup and table selects read their rows',
  'POST /api/system/DataInterface/:id/Actions/InfoByIds': 'forms: a select shows the rows of its value',
  'GET /api/system/DataInterface/:id/Actions/Options': 'forms: options of a field by interface id',
  'POST /api/system/Area/GetAreaByIds': 'picker: the names an area field shows',
  'GET /api/system/Location/around': 'forms: the location field searches nearby places',
  'GET /api/system/Location/text': 'forms: the location field searches places by keyword',
  'GET /api/system/Location/staticmap': "forms: the location field's map picture",
  'GET /api/system/Location/inputtips': 'forms: the location field suggests places while typing',
  'GET /api/system/Signature/Selector': 'picker: the signatures granted to the caller, for a signature field',
  'POST /api/system/Signature/ListByIds': 'a form shows the signatures it keeps to whoever reads it',
  'GET /api/permission/Users/ExportFile/:name': 'export download by generated one-time name (people area)',
  'GET /api/visualdev/Base/Selector': 'picker: released forms for menus and related-form fields',
  'GET /api/visualdev/Base/list': 'picker: released forms for menus and related-form fields',
  'GET /api/visualdev/Base/:id/FormDataFields': "picker: a released form's field names for related-form fields",
  'GET /api/visualdev/Base/:id/FieldDataSelect': "records: the service checks the caller's menus of that form",
  'GET /api/visualdev/OnlineDev/:modelId/Config': "records: the service checks the caller's menus of that form",
  'POST /api/visualdev/OnlineDev/:modelId/List': "records: the service checks the caller's menus of that form",
  'POST /api/visualdev/OnlineDev/:modelId': 'records: the service checks btn_add on a menu of that form',
  'PUT /api/visualdev/OnlineDev/:modelId/:id': 'records: the service checks btn_edit on a menu of that form',
  'GET /api/visualdev/OnlineDev/:modelId/:id': "records: the service checks the caller's menus of that form",
  'GET /api/visualdev/OnlineDev/:modelId/:id/DataChange': "records: the service checks the caller's menus of that form",
  'DELETE /api/visualdev/OnlineDev/:modelId/:id': 'records: the service checks btn_remove on a menu of that form',
  'POST /api/visualdev/OnlineDev/batchDelete/:modelId': 'records: the service checks btn_remove on a menu of that form',
  'POST /api/visualdev/OnlineDev/:modelId/Actions/ExportData':
    'records: the service checks btn_export on a menu of that form',
  'GET /api/visualdev/OnlineDev/:modelId/TemplateDownload':
    'records: the service checks btn_import on a menu of that form',
  'POST /api/visualdev/OnlineDev/:modelId/Uploader': 'records: the service checks btn_import on a menu of that form',
  'GET /api/visualdev/OnlineDev/:modelId/ImportPreview':
    'records: the service checks btn_import on a menu of that form',
  'POST /api/visualdev/OnlineDev/:modelId/ImportData': 'records: the service checks btn_import on a menu of that form',
  'POST /api/visualdev/OnlineDev/:modelId/ImportExceptionData':
    'records: the service checks btn_import on a menu of that form',
  'POST /api/visualdev/OnlineDev/Uploader':
    "the 3.6 client's upload without the form: any signed-in user keeps one sheet for a day; reading it needs btn_import",
  'GET /api/visualdev/OnlineDev/:modelId/ExportFile/:name':
    'public: a generated sheet, its random name is the capability',
  'GET /api/visualdev/ShortLink/:modelId/Config':
    'public: refused unless the form’s short link enables it (rate limited)',
  'POST /api/visualdev/ShortLink/:modelId/checkPwd': 'public: a short link’s password check (rate limited)',
  'POST /api/visualdev/ShortLink/:modelId': 'public: refused unless the short link enables its form (rate limited)',
  'POST /api/visualdev/ShortLink/:modelId/ListLink':
    'public: refused unless the short link enables its list (rate limited)',
  'GET /api/system/printDev/Selector': 'picker: the print-template chooser of form pages',
  'POST /api/system/printDev/getListOptions': 'picker: names of the print templates a form page offers',
  'GET /api/system/printDev/Data': "records: the record service checks the caller's menus of the template's form",
  'GET /api/system/printDev/BatchData': "records: the record service checks the caller's menus of the template's form",
  'GET /api/ReportServer/Data/Selector': 'picker: the enabled reports a report menu (type 5) may open',
  'GET /api/ReportServer/Data/:id':
    'ReportRunService.requireViewable: administrators, the designers and holders of a type-5 menu opening the report; a disabled one only for its designers',
  'POST /api/ReportServer/Data/:id/Actions/Preview':
    'ReportRunService.requireViewable as GET {id}; each dataset runs with the viewer’s interface permission and data scope',
  'POST /api/ReportServer/Data/:id/Actions/ExportExcel': 'ReportRunService.requireViewable, as Actions/Preview',
  'GET /api/Report/preview.html':
    'public: the 3.6 client’s frame, a page without data whose script calls Actions/Preview with its token',
  'GET /api/Report/preview.js': 'public: the script of Report/preview.html',
  'POST /api/system/printLog/save': 'whoever printed records the print (any signed-in user)',
  'GET /api/workflow/Engine/flowTemplate/TreeList':
    'picker: the launch page lists released flows to any signed-in user',
  'GET /api/workflow/Engine/flowTemplate/FlowJsonList/:id':
    'picker: the launch page lists released flows to any signed-in user',
  'GET /api/workflow/Engine/flowTemplate/PageListAll':
    'picker: the launch page lists released flows to any signed-in user',
  'GET /api/workflow/Engine/flowTemplate/PageChildListAll':
    'picker: the launch page lists released flows to any signed-in user',
  'POST /api/workflow/Engine/flowTemplate/getflowList': 'picker: the entrust form names the flows it holds',
  'POST /api/visualdev/OnlineDev/:modelId/List/:id': "records: the service checks the caller's menus of that form",
  'GET /api/visualdev/OnlineDev/:modelId/Template': 'records: the service checks btn_import on a menu of that form',
  'GET /api/workflow/Engine/flowTemplate/:id/FormInfo':
    'picker: the launch page lists released flows to any signed-in user',
  'GET /api/flowForm/Form/:id':
    'picker: the flow designer and the flow detail read the form a flow starts with, as FormInfo does',
  'GET /api/flowForm/Form/getFormById/:id': 'picker: the launch from a form page finds the flow that starts with it',
  'POST /api/workflow/Engine/FlowTask': "run time: the engine checks the start node's initiators",
  'PUT /api/workflow/Engine/FlowTask/:id': 'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/Candidates/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/Audit/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/Reject/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/SaveAudit/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/Transfer/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/freeApprover/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/Recall/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/Cancel/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/Suspend/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/Restore/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'PUT /api/workflow/Engine/FlowLaunch/:id/Actions/Withdraw':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowLaunch/Press/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'POST /api/workflow/Engine/FlowBefore/BatchOperation':
    'run time: the engine checks the caller holds the task or to-do row',
  'GET /api/workflow/Engine/FlowBefore/List/:category': "run time: lists of the caller's own rows",
  'GET /api/workflow/Engine/FlowLaunch': "run time: lists of the caller's own rows",
  'GET /api/workflow/Engine/FlowBefore/:id': 'run time: the engine checks the caller holds the task or to-do row',
  'GET /api/workflow/Engine/FlowBefore/:id/Info': 'run time: the engine checks the caller holds the task or to-do row',
  'GET /api/workflow/Engine/FlowBefore/RejectList/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'GET /api/workflow/Engine/FlowBefore/RecordList/:id':
    'run time: the engine checks the caller holds the task or to-do row',
  'GET /api/workflow/Engine/FlowBefore/SubFlowInfo/:id':
    'run time: the engine answers the children only to whoever may read the parent task',
  'GET /api/workflow/Engine/FlowComment': 'comments: only to whoever may read the task',
  'POST /api/workflow/Engine/FlowComment': 'comments: only by whoever may read the task',
  'DELETE /api/workflow/Engine/FlowComment/:id': "comments: the caller's own only",
  'POST /api/visualdev/Dashboard/FlowTodoCount': "home page: the caller's own counts",
  'GET /api/workflow/Engine/FlowDelegate': "entrust: the caller's own delegations",
  'POST /api/workflow/Engine/FlowDelegate': "entrust: the caller's own delegations",
  'PUT /api/workflow/Engine/FlowDelegate/:id': "entrust: the caller's own delegations",
  'DELETE /api/workflow/Engine/FlowDelegate/:id': "entrust: the caller's own delegations",
  'PUT /api/workflow/Engine/FlowDelegate/Stop/:id': "entrust: the caller's own delegations",
  'GET /api/workflow/Engine/FlowDelegate/:id':
    'entrust: a delegation the caller made or received (anyone else: not found)',
  'GET /api/workflow/Engine/FlowDelegate/getflow': 'delegated launch: only the flows delegated to the caller',
  'GET /api/workflow/Engine/FlowDelegate/userList': 'delegated launch: only those who delegated to the caller',
  'GET /api/visualdev/Dashboard/FlowTodo': "home page: the caller's own to-do rows",
  'POST /api/visualdev/Dashboard/Notice': 'home page: the notices the caller received',
  'GET /api/workflow/Engine/FlowBefore/BatchFlowSelector': "batch approval: the caller's own to-dos counted per flow",
  'GET /api/system/DataSource/Selector': 'designers: the one default connection, no secrets',
  'GET /api/system/atlas': "portal map card: the public divisions' names and codes",
  'GET /api/visualdev/Portal/Selector': "home page: the portal switcher's enabled portals",
  'GET /api/visualdev/Portal/:id/auth': 'home page: the portal shown, with the caller’s own layout',
  'PUT /api/visualdev/Portal/Custom/Save/:id': "home page: the caller's own layout of an unlocked portal",
  'PUT /api/visualdev/Portal/:id/Actions/SetDefault': "home page: the caller's own default portal",
};

let t: TestApp;
let admin: Client;
let user: Client;
let userId: string;
let routes: RoutePermission[];

beforeAll(async () => {
  ({ t, admin } = await adminApp());
  userId = await t.createUser({ account: 'clerk' });
  user = await t.signIn('clerk', 'Passw0rd');
  routes = t.app.routePermissions.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
});
afterAll(() => t.close());

const key = (r: RoutePermission) => `${r.method} ${r.url}`;

/** A request that reaches the route: every path parameter "0", an empty JSON body where one may go. */
function requestFor(route: RoutePermission): InjectOptions {
  const url = route.url.replace(/:[A-Za-z_]+/g, '0').replace(/\*$/, 'x');
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return { method: route.method as InjectOptions['method'], url, ...(hasBody ? { payload: {} } : {}) };
}

describe('every route declares its permission', () => {
  test('routes without a check are exactly the allow-list', () => {
    const missing = routes.filter((r) => !r.permission && !(key(r) in unchecked)).map(key);
    expect(missing, 'routes without permit()/permitMenu() and not on the allow-list').toEqual([]);
    const checkedAnyway = routes.filter((r) => r.permission && key(r) in unchecked).map(key);
    expect(checkedAnyway).toEqual([]);
    expect(routes.filter((r) => r.permission).length).toBeGreaterThan(40);
  });

  test('a signed-in user without grants is refused on every checked route (403 / 暂无权限)', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.permission)) {
      const res = await user.call(requestFor(route));
      if (res.status !== 200 || res.code !== 403 || res.msg !== '暂无权限')
        wrong.push(`${key(route)} -> ${res.status} ${res.code} ${res.msg}`);
    }
    expect(wrong).toEqual([]);
  });

  test('the same user gets through every checked route once granted', async () => {
    const db = t.app.db;
    const main = await db.selectFrom('system').select('id').where('enCode', '=', 'main').executeTakeFirstOrThrow();
    const moduleIds = new Set<string>();
    const buttonIds = new Set<string>();
    for (const { permission } of routes.filter((r) => r.permission)) {
      if (!permission) continue;
      let menu = await db
        .selectFrom('menu')
        .select('id')
        .where('systemId', '=', main.id)
        .where('enCode', '=', permission.menuCode)
        .executeTakeFirst();
      if (!menu) {
        // A page whose menu is not seeded yet: the grant needs a menu to hang on.
        menu = { id: newId() };
        await db
          .insertInto('menu')
          .values({
            id: menu.id,
            systemId: main.id,
            parentId: '-1',
            enCode: permission.menuCode,
            fullName: permission.menuCode,
            type: 2,
            urlAddress: permission.menuCode,
          })
          .execute();
      }
      moduleIds.add(menu.id);
      if (!permission.buttonCode) continue;
      let button = await db
        .selectFrom('modulePermission')
        .select('id')
        .where('menuId', '=', menu.id)
        .where('kind', '=', 'button')
        .where('enCode', '=', permission.buttonCode)
        .executeTakeFirst();
      if (!button) {
        button = { id: newId() };
        await db
          .insertInto('modulePermission')
          .values({
            id: button.id,
            menuId: menu.id,
            kind: 'button',
            enCode: permission.buttonCode,
            fullName: permission.buttonCode,
          })
          .execute();
      }
      buttonIds.add(button.id);
    }
    const grant = await admin.put(`/api/permission/Authority/Data/${userId}`, {
      objectType: 'User',
      module: [...moduleIds],
      button: [...buttonIds],
    });
    expect(grant).toMatchObject({ code: 200 });

    const refused: string[] = [];
    for (const route of routes.filter((r) => r.permission)) {
      const res = await user.call(requestFor(route));
      if (res.code === 403) refused.push(key(route));
    }
    expect(refused).toEqual([]);
  });

  test('revoking takes effect on the next call', async () => {
    const route = routes.find((r) => key(r) === 'GET /api/system/Menu/Selector/All');
    expect(route).toBeDefined();
    expect((await user.call(requestFor(route!))).code).toBe(200);
    await admin.put(`/api/permission/Authority/Data/${userId}`, { objectType: 'User', module: [], button: [] });
    expect(await user.call(requestFor(route!))).toMatchObject({ code: 403, msg: '暂无权限' });
  });

  test('an area opened from two pages passes with either page granted: forms under 功能设计 or 表单设计', async () => {
    const db = t.app.db;
    const pageOf = async (enCode: string) =>
      (await db.selectFrom('menu').select('id').where('enCode', '=', enCode).executeTakeFirstOrThrow()).id;
    const formDesign = await pageOf('workFlow.formDesign');
    const designerId = await t.createUser({ account: 'flowformer' });
    const designer = await t.signIn('flowformer', 'Passw0rd');
    const flowForms = { method: 'GET', url: '/api/flowForm/Form?currentPage=1&pageSize=20' } as const;
    const forms = { method: 'GET', url: '/api/visualdev/Base?currentPage=1&pageSize=20' } as const;
    expect(await designer.call(flowForms)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(
      await admin.put(`/api/permission/Authority/Data/${designerId}`, { objectType: 'User', module: [formDesign] }),
    ).toMatchObject({ code: 200 });
    expect(await designer.call(flowForms)).toMatchObject({ code: 200 });
    expect(await designer.call(forms)).toMatchObject({ code: 200 });
    // Another workflow page does not open them.
    expect(
      await admin.put(`/api/permission/Authority/Data/${designerId}`, {
        objectType: 'User',
        module: [await pageOf('workFlow.flowEngine')],
      }),
    ).toMatchObject({ code: 200 });
    expect(await designer.call(flowForms)).toMatchObject({ code: 403, msg: '暂无权限' });
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = res.json() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(spec.paths['/api/flowForm/Form']?.get?.description).toContain(
      'menu onlineDev.webDesign or workFlow.formDesign',
    );
  });

  test('the requirement is written into the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = res.json() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(spec.paths['/api/system/Menu/{id}']?.delete?.description).toContain('system.menu / btn_remove');
  });
});
