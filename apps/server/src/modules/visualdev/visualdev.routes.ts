import type { App } from '../../core/app-types.ts';
import type { MenuService } from '../menu/menu.service.ts';
import { flowFormRoutes } from './flow-form.routes.ts';
import type { FlowFormService } from './flow-form.service.ts';
import type { RecordService } from './record.service.ts';
import { shortLinkRoutes } from './short-link.routes.ts';
import type { ShortLinkService } from './short-link.service.ts';
import type { FormDefinitionService } from './visualdev.service.ts';
import { visualdevDefinitionRoutes } from './visualdev-definition.routes.ts';
import { visualdevRecordRoutes } from './visualdev-record.routes.ts';
import type { VisualDevTransferService } from './visualdev-transfer.service.ts';

/** Forms are designed on 功能设计 and, as flow forms (the same definitions), on 表单设计. */
const menu = ['onlineDev.webDesign', 'workFlow.formDesign'] as const;

/** What the generated-form routes use (built once in the composition root, shared with print and workflow). */
export type VisualdevRouteServices = {
  definitions: FormDefinitionService;
  records: RecordService;
  menus: MenuService;
  shortLinks: ShortLinkService;
  flowForms: FlowFormService;
  transfer: VisualDevTransferService;
};

/**
 * Generated forms: definitions (`/api/visualdev/Base`, the form-design page's grants) and their
 * records (`/api/visualdev/OnlineDev/{modelId}`, whose rights come from the menus that open the
 * definition and are checked by the record service on every call).
 */
export default async function visualdevRoutes(app: App, services: VisualdevRouteServices) {
  const { records } = services;
  app.fileReaders.add('records', (session, file) => records.readsFile(session, file.name));
  const tags = ['visualdev'];
  shortLinkRoutes(app, services.shortLinks, menu, tags);
  flowFormRoutes(app, services.flowForms, menu, ['flowForm']);
  visualdevDefinitionRoutes(app, services, menu);
  visualdevRecordRoutes(app, records);
}
