import type { DataInterfaceLimits } from '../../config.ts';
import type { App } from '../../core/app-types.ts';
import type { Db } from '../../db/database.ts';
import { openReaderDatabase } from '../../db/reader-database.ts';
import type { MenuService } from '../menu/menu.service.ts';
import { DataInterfaceService } from './data-interface.service.ts';
import { DataInterfaceAccess, dataInterfaceReferencesChanged } from './data-interface-access.ts';
import { ensureReaderRole } from './data-interface-query.repository.ts';
import type { Resolver } from './outbound-http.ts';

/**
 * Where definitions that name interfaces are saved (forms, portals, flows, print templates): a
 * write there may give or take a right to call one, so it drops the callers kept (on every instance).
 */
const definitionAreas = [
  '/api/visualdev/Base',
  '/api/visualdev/Portal',
  '/api/workflow/Engine/flowTemplate',
  '/api/system/printDev',
  '/api/ReportServer/Data',
];
/** Calls under those areas that run a definition rather than change one. */
const runActions = ['/actions/preview', '/actions/exportexcel'];
export const defaultDataInterfaceLimits = (schema: string): DataInterfaceLimits => ({
  allowedRanges: [],
  schemas: [schema],
  role: 'platform_data_reader',
  timeoutMs: 5000,
  rowCap: 10_000,
  reportRowCap: 100_000,
  maxCost: 200_000,
  httpTimeoutMs: 10_000,
  httpMaxBytes: 2 * 1024 * 1024,
  logRetentionDays: 30,
});

/**
 * The app's one data-interface service (decorated as `app.dataInterfaces`): its SQL reader role and
 * pool, and the call log flushed on close. Generated forms name their records' values through it.
 */
export async function openDataInterfaces(app: App, menus: MenuService, options: { resolver?: Resolver } = {}) {
  const database = app.config.database;
  const limits = {
    ...defaultDataInterfaceLimits(database.kind === 'postgres' ? (database.schema ?? 'public') : 'public'),
    ...app.config.dataInterface,
  };
  let readerReady = false;
  let readerDb: Db | null = null;
  const access = new DataInterfaceAccess(app.db, app.permissions, (id) => menus.pagesOfModule(id), app.bus);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode !== 200) return;
    const url = request.url.toLowerCase();
    if (runActions.some((action) => url.split('?')[0]?.endsWith(action))) return;
    if (definitionAreas.some((area) => url.startsWith(area.toLowerCase())))
      await app.bus.publish({ type: dataInterfaceReferencesChanged });
  });
  const service = new DataInterfaceService(app.db, app.dictionaries, {
    access,
    ...limits,
    embedded: database.kind === 'pglite',
    readerReady: () => readerReady,
    reader: () => readerDb,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  const reader = { ...limits, embedded: database.kind === 'pglite' };
  readerReady = await ensureReaderRole(app.db, reader);
  if (!readerReady) {
    app.log.warn(
      `data interfaces: the database account cannot make or use the role ${limits.role}; SQL interfaces are refused until an administrator runs: ` +
        `create role ${limits.role} nologin; grant usage on schema <schema> to ${limits.role}; ` +
        `grant select on all tables in schema <schema> to ${limits.role}; grant ${limits.role} to <account>;`,
    );
  }
  if (readerReady && database.kind === 'postgres') {
    readerDb = openReaderDatabase(database, { role: limits.role, timeoutMs: limits.timeoutMs });
  }
  app.addHook('preClose', () => service.log.flush());
  app.addHook('onClose', async () => {
    await readerDb?.destroy();
  });
  return service;
}
