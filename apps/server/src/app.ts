import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import Fastify, { LogController } from 'fastify';
import type { Config } from './config.ts';
import { installAnswerCheck } from './core/answer-check.ts';
import { installApiCallLog } from './core/api-call-log.ts';
import type { App } from './core/app-types.ts';
import { installAuthentication } from './core/auth.ts';
import { BusProbe } from './core/bus-probe.ts';
import { Downloads, downloadRoutes } from './core/downloads.ts';
import { installErrorHandler } from './core/error-handler.ts';
import { createEventBus } from './core/event-bus.ts';
import { type FileStorage, openFileStorage } from './core/file-storage.ts';
import { langFromHeader, translator } from './core/i18n.ts';
import { JobRunner } from './core/jobs/job-runner.ts';
import { installDraining, Lifecycle } from './core/lifecycle.ts';
import { installRequestMetrics, Metrics } from './core/metrics.ts';
import { installOperationLog } from './core/operation-log.ts';
import { installPermissions } from './core/permissions.ts';
import { installSecurityHeaders } from './core/security-headers.ts';
import { serveWeb } from './core/serve-web.ts';
import { SessionStore } from './core/session.ts';
import { treatEmptyQueryValuesAsAbsent, validatorCompiler } from './core/validation.ts';
import { openDatabase, poolMonitorOf } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import areaRoutes from './modules/area/area.routes.ts';
import authorizeRoutes from './modules/authorize/authorize.routes.ts';
import billRuleRoutes from './modules/billRule/bill-rule.routes.ts';
import chatRoutes from './modules/chat/chat.routes.ts';
import { SocketHub } from './modules/chat/socket-hub.ts';
import dataInterfaceRoutes from './modules/dataInterface/data-interface.routes.ts';
import type { DataInterfaceService } from './modules/dataInterface/data-interface.service.ts';
import dictionaryRoutes from './modules/dictionary/dictionary.routes.ts';
import { DictionaryCache } from './modules/dictionary/dictionary-cache.ts';
import fileRoutes from './modules/file/file.routes.ts';
import { FileReaders } from './modules/file/file-readers.ts';
import generaterRoutes from './modules/generater/generater.routes.ts';
import groupRoutes from './modules/group/group.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import locationRoutes from './modules/location/location.routes.ts';
import { AuditSnapshots } from './modules/log/audit-snapshots.ts';
import logRoutes from './modules/log/log.routes.ts';
import menuRoutes from './modules/menu/menu.routes.ts';
import messageRoutes from './modules/message/message.routes.ts';
import messageTemplateRoutes from './modules/msgTemplate/msg-template.routes.ts';
import noticeRoutes from './modules/notice/notice.routes.ts';
import oauthRoutes from './modules/oauth/oauth.routes.ts';
import { LogSmsSender, type SmsSender } from './modules/oauth/sms-sender.ts';
import organizeRoutes from './modules/organize/organize.routes.ts';
import organizeAdministratorRoutes from './modules/organizeAdministrator/organize-administrator.routes.ts';
import permissionGroupRoutes from './modules/permissionGroup/permission-group.routes.ts';
import portalRoutes from './modules/portal/portal.routes.ts';
import positionRoutes from './modules/position/position.routes.ts';
import printDevRoutes from './modules/printDev/print-dev.routes.ts';
import profileRoutes from './modules/profile/profile.routes.ts';
import reportRoutes from './modules/report/report.routes.ts';
import roleRoutes from './modules/role/role.routes.ts';
import scheduleRoutes from './modules/schedule/schedule.routes.ts';
import { ChannelRegistry } from './modules/sendConfig/channels.ts';
import sendConfigRoutes from './modules/sendConfig/send-config.routes.ts';
import signatureRoutes from './modules/signature/signature.routes.ts';
import sysConfigRoutes from './modules/sysConfig/sys-config.routes.ts';
import { SysConfigService } from './modules/sysConfig/sys-config.service.ts';
import systemRoutes from './modules/system/system.routes.ts';
import userRoutes from './modules/user/user.routes.ts';
import userOnlineRoutes from './modules/userOnline/user-online.routes.ts';
import visualdevRoutes from './modules/visualdev/visualdev.routes.ts';
import workflowRoutes from './modules/workflow/workflow.routes.ts';
import { type SeedResult, seed } from './seed/seed.ts';
import { buildServices, type Services } from './services.ts';

// What app.ts adds to the instance from the areas (core/app-types.ts declares what core adds).
declare module 'fastify' {
  interface FastifyInstance {
    sysConfig: SysConfigService;
    /** Every dictionary, cached until any instance changes one (bus event 'dictionary.changed'). */
    dictionaries: DictionaryCache;
    /** Data interfaces: their definitions and calls (forms' options, the names of stored values). */
    dataInterfaces: DataInterfaceService;
    /** Generated files served by an unguessable name (exports). */
    downloads: Downloads;
    /** Uploaded files (`DATA_DIR/files`, or an S3-compatible store behind the same interface). */
    fileStorage: FileStorage;
    /** Who may have a link to an uploaded file: its uploader, or a reader of what references it (areas add theirs). */
    fileReaders: FileReaders;
    smsSender: SmsSender;
    /** Background jobs (schedule reminders, log pruning, the message outbox), kept in the `job` table. */
    jobs: JobRunner;
    /** This instance's sockets (chat, pushes, forced logout). */
    socketHub: SocketHub;
    /** Senders of the message channels (SMS, DingTalk, WeCom, ...); replace one with `use`. */
    messageChannels: ChannelRegistry;
  }
}

export interface BuiltApp {
  app: App;
  seedResult: SeedResult;
}

/** The whole server, not yet listening: main.ts listens on it, tests call it through inject. */
export interface AppPlugs {
  /** Where SMS verification codes go; the default writes them to the log. */
  smsSender?: SmsSender;
}

export async function buildApp(config: Config, plugs: AppPlugs = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<TypeBoxTypeProvider>() as App;

  // Measured from the first hook on, so every route's answers are counted, refusals included.
  app.decorate('lifecycle', new Lifecycle());
  app.decorate('metrics', new Metrics());
  installRequestMetrics(app, app.metrics);
  installDraining(app);

  // Before the database: an object store that cannot be reached stops the start with nothing to close.
  const fileStorage = await openFileStorage(config);
  const db = await openDatabase(config.database);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('bus', await createEventBus(config.redisUrl, config.redisChannel));
  const busProbe = new BusProbe(app.bus);
  app.decorate('sysConfig', new SysConfigService(db, app.bus));
  app.decorate('dictionaries', new DictionaryCache(db, app.bus));
  app.decorate('fileStorage', fileStorage);
  app.decorate('downloads', new Downloads(fileStorage));
  app.decorate('fileReaders', new FileReaders());
  app.decorate('smsSender', plugs.smsSender ?? new LogSmsSender(app.log));
  app.addHook('onClose', async () => {
    busProbe.close();
    await app.bus.close();
    await app.db.destroy();
    app.fileStorage.close?.();
  });

  await migrateToLatest(db, config.database.kind === 'postgres' ? config.database.schema : undefined);
  const seedResult = await seed(db, {
    adminPassword: config.adminPassword,
    production: config.nodeEnv === 'production',
  });

  app.setValidatorCompiler(validatorCompiler);
  treatEmptyQueryValuesAsAbsent(app);
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('t', translator('zh-CN'));
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = langFromHeader(request.headers['accept-language']);
    request.t = translator(request.lang);
    done();
  });
  installErrorHandler(app);
  if (config.apiCallLog) installApiCallLog(app, config.apiCallLog);
  if (config.checkAnswers) installAnswerCheck(app);
  const sessions = new SessionStore(db, app.bus, async () => (await app.sysConfig.get()).tokenTimeout);
  installAuthentication(app, sessions);
  installPermissions(app);
  app.decorate('messageChannels', new ChannelRegistry(app.sysConfig));
  // Before the services: the message outbox registers its sends with the runner.
  app.decorate('jobs', new JobRunner(app.db, app.log, config.jobPollMs ?? 5_000, config.jobFirstPollMs));
  const services = await buildServices(app);
  app.decorate('dataInterfaces', services.dataInterface.interfaces);
  const { logs } = services.log;
  installOperationLog(app, (batch) => logs.storeOperations(batch), new AuditSnapshots(db).read);

  installSecurityHeaders(app);
  await app.register(formbody);
  // Limits are per route (login, code sending); counters are per instance.
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Platform API', version: '3.6.0', description: 'Every call answers {code, msg, data}.' },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Uploads (user import sheets, chat images): limits here are the ceiling; routes ask for less.
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // Background work and sockets: jobs (reminders, log pruning) live in the `job` table; the hub
  // holds this instance's sockets. The runner starts when the server is ready, stops before close.
  const hub = new SocketHub(app.bus, app.sessions, services.chat.chat, services.message.messages, app.log, {
    heartbeatMs: config.socketHeartbeatMs ?? 30_000,
  });
  const { jobs } = app;
  services.schedule.schedules.registerJobs(jobs);
  app.decorate('socketHub', hub);
  jobs.onFailure((type) => app.metrics.jobFailed(type));
  app.metrics.watch({
    database: { kind: config.database.kind, pool: poolMonitorOf(db) },
    jobQueue: () => jobs.queueStats(),
    openSockets: () => hub.size,
    bus: { kind: config.redisUrl ? 'redis' : 'local', roundTrip: () => busProbe.roundTrip() },
  });
  app.addHook('onReady', async () => {
    jobs.start();
    app.lifecycle.markReady();
  });
  // Closing: not ready first, then the running job finishes and sockets are told to reconnect elsewhere.
  app.addHook('preClose', async () => {
    app.lifecycle.drain();
    await jobs.stop();
    await hub.close();
  });

  await registerAreaRoutes(app, services, hub);

  await serveWeb(app, config.webDir);
  return { app, seedResult };
}

/** Every area's routes, in one list; each receives its services from the composition root. */
async function registerAreaRoutes(app: App, services: Services, hub: SocketHub) {
  await app.register(healthRoutes);
  await app.register(oauthRoutes, services.oauth);
  await app.register(systemRoutes, services.system);
  await app.register(menuRoutes, services.menu);
  await app.register(authorizeRoutes, services.authorize);
  await app.register(userRoutes, services.user);
  await app.register(organizeRoutes, services.organize);
  await app.register(positionRoutes, services.position);
  await app.register(roleRoutes, services.role);
  await app.register(groupRoutes, services.group);
  await app.register(permissionGroupRoutes, services.permissionGroup);
  await app.register(organizeAdministratorRoutes, services.organizeAdministrator);
  await app.register(billRuleRoutes, services.billRule);
  await app.register(dataInterfaceRoutes, services.dataInterface);
  await app.register(areaRoutes, services.area);
  await app.register(locationRoutes, services.location);
  await app.register(signatureRoutes, services.signature);
  await app.register(userOnlineRoutes, services.userOnline);
  await app.register(logRoutes, services.log);
  await app.register(dictionaryRoutes, services.dictionary);
  downloadRoutes(app, app.downloads);
  await app.register(fileRoutes, services.file);
  await app.register(sysConfigRoutes, services.sysConfig);
  await app.register(profileRoutes, services.profile);
  await app.register(messageRoutes, services.message);
  await app.register(noticeRoutes, services.notice);
  await app.register(messageTemplateRoutes, services.messageTemplate);
  await app.register(sendConfigRoutes, services.sendConfig);
  await app.register(scheduleRoutes, services.schedule);
  await app.register(chatRoutes, { ...services.chat, hub });
  await app.register(visualdevRoutes, services.visualdev);
  await app.register(generaterRoutes, services.generater);
  await app.register(printDevRoutes, services.printDev);
  await app.register(reportRoutes, services.report);
  await app.register(portalRoutes, services.portal);
  await app.register(workflowRoutes, services.workflow);
}
