import { CodePreviewAnswer, DownloadCodeAnswer, DownloadCodeForm, EnvelopeOf, Id } from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { GeneraterService } from './generater.service.ts';

const base = '/api/visualdev/Generater';
const tags = ['generater'];
/** Generating reads a definition: the pages that design forms may (as the definitions' own routes). */
const menu = ['onlineDev.webDesign', 'workFlow.formDesign'] as const;

const call = (summary: string, answer: typeof CodePreviewAnswer | typeof DownloadCodeAnswer) => ({
  preHandler: permitMenu(menu),
  config: { fieldMessages: { module: { pattern: 'generater.badModule' } } } as const,
  schema: {
    tags,
    summary,
    params: Type.Object({ id: Id }),
    body: DownloadCodeForm,
    response: { 200: EnvelopeOf(answer) },
  },
});

/** Code generation from released forms: the file tree with each file's text, or a zip to download. */
export default async function generaterRoutes(app: App, { generater }: { generater: GeneraterService }) {
  app.post(
    `${base}/:id/Actions/CodePreview`,
    call('The files a released form generates, by folder, with their text', CodePreviewAnswer),
    async (request) => ok(await generater.preview(request.params.id, request.body)),
  );
  app.post(
    `${base}/:id/Actions/DownloadCode`,
    call('The generated files as a zip: its name and the address that serves it', DownloadCodeAnswer),
    async (request) => ok(await generater.download(request.params.id, request.body, sessionOf(request))),
  );
}
