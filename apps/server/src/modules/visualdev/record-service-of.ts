import type { App } from '../../core/app-types.ts';
import { BillRuleService } from '../billRule/bill-rule.service.ts';
import { MenuService } from '../menu/menu.service.ts';
import { RecordService } from './record.service.ts';
import type { DefinitionService } from './visualdev.service.ts';

/** The record service with the app's shared parts: the generated-form pages and printing read records through it. */
export function recordServiceOf(app: App, definitions: DefinitionService): RecordService {
  return new RecordService(
    app.db,
    definitions,
    app.permissions,
    new MenuService(app.db, app.bus, app.permissions),
    new BillRuleService(app.db, app.dictionaries),
    app.downloads,
    app.dictionaries,
    app.dataInterfaces,
  );
}
