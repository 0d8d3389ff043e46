import type { App } from './core/app-types.ts';
import { BusinessError } from './core/errors.ts';
import type { Session } from './core/session.ts';
import { StoredImages } from './core/stored-images.ts';
import { AreaService } from './modules/area/area.service.ts';
import { AuthorizeService } from './modules/authorize/authorize.service.ts';
import { BillRuleService } from './modules/billRule/bill-rule.service.ts';
import { BillRuleTransferService } from './modules/billRule/bill-rule-transfer.service.ts';
import { ChatService } from './modules/chat/chat.service.ts';
import type { DataInterfaceService } from './modules/dataInterface/data-interface.service.ts';
import {
  DataInterfaceTransferService,
  VariateTransferService,
} from './modules/dataInterface/data-interface-transfer.service.ts';
import { openDataInterfaces } from './modules/dataInterface/open-data-interfaces.ts';
import { DictionaryService } from './modules/dictionary/dictionary.service.ts';
import { DictionaryTransferService } from './modules/dictionary/dictionary-transfer.service.ts';
import { FileService } from './modules/file/file.service.ts';
import { FileChunkService } from './modules/file/file-chunks.service.ts';
import { GeneraterService } from './modules/generater/generater.service.ts';
import { GroupService } from './modules/group/group.service.ts';
import { LocationService } from './modules/location/location.service.ts';
import { LogService } from './modules/log/log.service.ts';
import { MenuService } from './modules/menu/menu.service.ts';
import { MenuTransferService } from './modules/menu/menu-transfer.service.ts';
import { ModulePermissionService } from './modules/menu/module-permission.service.ts';
import { MessageService } from './modules/message/message.service.ts';
import { MessageTemplateService } from './modules/msgTemplate/msg-template.service.ts';
import { NoticeService } from './modules/notice/notice.service.ts';
import { CurrentUserService } from './modules/oauth/current-user.service.ts';
import { OauthService } from './modules/oauth/oauth.service.ts';
import { OrganizeService } from './modules/organize/organize.service.ts';
import { OrganizeAdministratorService } from './modules/organizeAdministrator/organize-administrator.service.ts';
import { PermissionGroupService } from './modules/permissionGroup/permission-group.service.ts';
import { PortalService } from './modules/portal/portal.service.ts';
import { PortalAccess } from './modules/portal/portal-access.ts';
import { PortalTransferService } from './modules/portal/portal-transfer.service.ts';
import { PositionService } from './modules/position/position.service.ts';
import { PrintDevService } from './modules/printDev/print-dev.service.ts';
import { PrintDevTransferService } from './modules/printDev/print-dev-transfer.service.ts';
import { ProfileService } from './modules/profile/profile.service.ts';
import { ReportService } from './modules/report/report.service.ts';
import { ReportFromFormService } from './modules/report/report-from-form.service.ts';
import { ReportRunService } from './modules/report/report-run.service.ts';
import { ReportTransferService } from './modules/report/report-transfer.service.ts';
import { RoleService } from './modules/role/role.service.ts';
import { ScheduleService } from './modules/schedule/schedule.service.ts';
import { MessageDelivery } from './modules/sendConfig/message-delivery.ts';
import { MessageOutbox } from './modules/sendConfig/message-outbox.ts';
import { SendConfigService } from './modules/sendConfig/send-config.service.ts';
import { SignatureService } from './modules/signature/signature.service.ts';
import { ThirdSyncService } from './modules/sysConfig/third-sync.service.ts';
import { SystemService } from './modules/system/system.service.ts';
import { UserService } from './modules/user/user.service.ts';
import { UserAccountService } from './modules/user/user-account.service.ts';
import { UserHandoverService } from './modules/user/user-handover.service.ts';
import { UserPickerService } from './modules/user/user-picker.service.ts';
import { UserOnlineService } from './modules/userOnline/user-online.service.ts';
import { FlowFormService } from './modules/visualdev/flow-form.service.ts';
import { RecordService } from './modules/visualdev/record.service.ts';
import { ShortLinkService } from './modules/visualdev/short-link.service.ts';
import { FormDefinitionService } from './modules/visualdev/visualdev.service.ts';
import { VisualDevTransferService } from './modules/visualdev/visualdev-transfer.service.ts';
import { CommentService } from './modules/workflow/comment.service.ts';
import { FlowDefinitionService } from './modules/workflow/definition.service.ts';
import { DelegateService } from './modules/workflow/delegate.service.ts';
import { EngineService } from './modules/workflow/engine.service.ts';
import { FlowTransferService } from './modules/workflow/flow-transfer.service.ts';
import { TaskQueryService } from './modules/workflow/task-query.service.ts';

/**
 * The composition root: every area's services, each built once, grouped by the routes plugin that
 * receives them (app.ts registers `xRoutes` with `services.x`). A service that needs another gets
 * that very instance through its constructor, so caches and bus subscriptions exist once per app.
 * Built after authentication and permissions are installed (the services keep `app.sessions`,
 * `app.permissions`, `app.delegation`) and after migrating (the data interfaces' reader role).
 */
export async function buildServices(app: App) {
  const platform = platformServices(app);
  const people = peopleServices(app, platform);
  const design = await designServices(app, platform);
  return { ...platform.routes, ...people, ...design, ...workflowServices(app, design.parts) };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

/** Platform services other areas build on: systems, menus, organisations, dictionaries, messages. */
function platformServices(app: App) {
  const { db, bus, permissions, delegation, dictionaries, downloads } = app;
  const systems = new SystemService(db, bus, permissions);
  const menus = new MenuService(db, bus, systems, delegation);
  const definitions = new ModulePermissionService(db, bus);
  const organizes = new OrganizeService(db, permissions);
  const accounts = new UserAccountService(db);
  const messageTemplates = new MessageTemplateService(db);
  // E-mail, SMS, ... go through the outbox in the job table: written with the change, sent by the job runner.
  const messageOutbox = new MessageOutbox(db, app.messageChannels, app.jobs);
  const delivery = new MessageDelivery(db, bus, app.messageChannels, messageOutbox);
  const sendConfigs = new SendConfigService(db, app.messageChannels, messageTemplates, delivery);
  const entries = new DictionaryService(db, dictionaries);
  const rules = new BillRuleService(db, dictionaries);
  const logs = new LogService(db);
  const messages = new MessageService(db, bus);
  const parts = { systems, menus, definitions, organizes, accounts, messageOutbox, rules, logs };
  const routes = {
    system: { systems },
    menu: { menus, definitions, transfer: new MenuTransferService(db, bus, systems) },
    organize: { organizes },
    dictionary: { entries, transfer: new DictionaryTransferService(db, dictionaries, downloads) },
    billRule: { rules, transfer: new BillRuleTransferService(db, rules, dictionaries, downloads) },
    area: { areas: new AreaService(db) },
    location: { locations: new LocationService(app.sysConfig) },
    log: { logs },
    sysConfig: { third: new ThirdSyncService(db, app.sysConfig) },
    message: { messages },
    notice: { notices: new NoticeService(db, bus, dictionaries) },
    messageTemplate: { templates: messageTemplates },
    sendConfig: { configs: sendConfigs },
    schedule: { schedules: new ScheduleService(db, bus, dictionaries) },
    chat: { chat: new ChatService(db, app.fileStorage) },
    file: {
      files: new FileService(db, app.fileStorage, app.fileReaders),
      chunks: new FileChunkService(db, app.fileStorage),
    },
    signature: signatureServices(app),
  };
  return { parts, routes };
}

type PlatformParts = ReturnType<typeof platformServices>['parts'];

function signatureServices(app: App) {
  const images = new StoredImages(app.fileStorage, 'signature');
  return { signatures: new SignatureService(app.db, images), images };
}

/** Users, their grants and their own records: sign-in, the current user, permissions, profile. */
function peopleServices(app: App, platform: ReturnType<typeof platformServices>) {
  const { db, bus, sessions, sysConfig, permissions, delegation, dictionaries } = app;
  const { systems, menus, definitions, organizes, accounts, logs } = platform.parts;
  const users = new UserService(db, sessions, sysConfig, dictionaries, bus, permissions, delegation);
  const oauth = new OauthService(db, sessions, sysConfig, app.smsSender, app.config.loginCipherKey, accounts);
  const currentUser = new CurrentUserService(db, sysConfig, permissions, bus, {
    users: accounts,
    systems,
    menus,
    definitions,
  });
  const portals = new PortalService(db, dictionaries, new PortalAccess(db, permissions));
  return {
    oauth: { oauth, currentUser },
    profile: { profile: new ProfileService(db, { users, accounts, logs }), oauth, systems, currentUser },
    authorize: {
      authorize: new AuthorizeService(db, bus, permissions, delegation, { systems, menus, definitions, portals }),
    },
    user: {
      users,
      handover: new UserHandoverService(db, delegation),
      picker: new UserPickerService(db, organizes),
    },
    userOnline: { online: new UserOnlineService(db, sessions, delegation) },
    position: { positions: new PositionService(db, bus, organizes, permissions, delegation) },
    role: { roles: new RoleService(db, bus, organizes, delegation) },
    group: { groups: new GroupService(db, bus, delegation) },
    permissionGroup: { groups: new PermissionGroupService(db, bus, permissions, delegation) },
    organizeAdministrator: { administrators: new OrganizeAdministratorService(db, bus, permissions, delegation) },
    portal: { portals, transfer: new PortalTransferService(db, portals, app.downloads) },
  };
}

/** The designers and what runs their definitions: data interfaces, generated forms, printing, reports. */
async function designServices(app: App, platform: ReturnType<typeof platformServices>) {
  const { db, dictionaries, downloads } = app;
  const { menus, rules, messageOutbox } = platform.parts;
  // After migrating: the SQL reader role is granted the tables that exist.
  const interfaces = await openDataInterfaces(app, menus);
  const forms = new FormDefinitionService(db);
  const records = new RecordService(db, forms, app.permissions, menus, rules, downloads, dictionaries, interfaces);
  const flowDefinitions = new FlowDefinitionService(db, forms);
  const queries = new TaskQueryService(db, flowDefinitions);
  // The flow detail prints its task's record for whoever may read the task (not a task, or not theirs: null).
  const readableTask = (session: Session, taskId: string) =>
    queries.checkReader(session, taskId).catch((error: unknown) => {
      if (error instanceof BusinessError) return null;
      throw error;
    });
  const templates = new PrintDevService(db, dictionaries, forms, records, interfaces, readableTask);
  const reports = new ReportService(db, dictionaries, interfaces, app.permissions, forms);
  const parts: DesignParts = { forms, records, flowDefinitions, queries, messageOutbox, interfaces };
  return {
    parts,
    dataInterface: {
      interfaces,
      transfer: new DataInterfaceTransferService(db, interfaces, dictionaries, downloads),
      variateTransfer: new VariateTransferService(db, interfaces, downloads),
    },
    visualdev: {
      definitions: forms,
      records,
      menus,
      shortLinks: new ShortLinkService(db, forms, records),
      flowForms: new FlowFormService(db, forms),
      transfer: new VisualDevTransferService(db, forms, downloads),
    },
    generater: { generater: new GeneraterService(db, forms, downloads) },
    printDev: { templates, transfer: new PrintDevTransferService(db, templates, downloads) },
    report: {
      reports,
      transfer: new ReportTransferService(db, reports, downloads),
      runs: new ReportRunService(db, interfaces, app.permissions, downloads),
      fromForm: new ReportFromFormService(db, forms, interfaces, reports, dictionaries),
    },
  };
}

interface DesignParts {
  forms: FormDefinitionService;
  records: RecordService;
  flowDefinitions: FlowDefinitionService;
  queries: TaskQueryService;
  messageOutbox: PlatformParts['messageOutbox'];
  interfaces: DataInterfaceService;
}

/** Workflow: definitions, the engine, its queries, delegations and comments. */
function workflowServices(app: App, design: DesignParts) {
  const { db } = app;
  const { records, flowDefinitions: definitions, queries } = design;
  return {
    workflow: {
      definitions,
      records,
      // Flow messages' e-mail, SMS, ... are queued in the action's transaction; the outbox is woken after it.
      engine: new EngineService(db, records, app.bus, design.messageOutbox, design.interfaces),
      queries,
      delegates: new DelegateService(db, definitions),
      comments: new CommentService(db, queries),
      transfer: new FlowTransferService(db, definitions, app.downloads),
    },
  };
}
