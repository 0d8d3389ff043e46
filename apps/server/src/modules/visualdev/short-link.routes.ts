import {
  EmptyEnvelope,
  EnvelopeOf,
  Id,
  PageOf,
  RecordValues,
  ShortLinkCheck,
  ShortLinkConfig,
  ShortLinkConfigQuery,
  ShortLinkInfo,
  ShortLinkInput,
  ShortLinkListBody,
  ShortLinkRecordBody,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { type MenuCodes, permit, permitMenu } from '../../core/permissions.ts';
import type { ShortLinkService } from './short-link.service.ts';

const base = '/api/visualdev/ShortLink';
const ModelParams = Type.Object({ modelId: Id });

/**
 * Short links (外链): set on the form-design page (`menu`'s grants), and the public pages' calls,
 * open without a session and rate limited per address (password guessing included).
 */
export function shortLinkRoutes(app: App, links: ShortLinkService, menu: MenuCodes, tags: string[]) {
  const open = {
    public: true,
    rateLimit: { max: app.config.rateLimits.login, timeWindow: '1 minute' },
  };

  app.get(
    `${base}/:modelId`,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'A definition’s short link: what is enabled, the fields its list shows, the page addresses',
        params: ModelParams,
        response: { 200: EnvelopeOf(ShortLinkInfo) },
      },
    },
    async (request) => ok(await links.info(request.params.modelId)),
  );

  app.put(
    `${base}/:modelId`,
    {
      preHandler: permit(menu, 'btn_edit'),
      schema: {
        tags,
        summary: 'Set a definition’s short link (a password left empty keeps the stored one)',
        params: ModelParams,
        body: ShortLinkInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await links.save(request.params.modelId, request.body, sessionOf(request));
      return ok(null, request.t('common.updated'));
    },
  );

  app.get(
    `${base}/:modelId/Config`,
    {
      config: open,
      schema: {
        tags,
        summary: 'Public: the released form or list of an enabled link (only its name until the password is right)',
        params: ModelParams,
        querystring: ShortLinkConfigQuery,
        response: { 200: EnvelopeOf(ShortLinkConfig) },
      },
    },
    async (request) => ok(await links.config(request.params.modelId, request.query)),
  );

  app.post(
    `${base}/:modelId/checkPwd`,
    {
      config: open,
      schema: {
        tags,
        summary: 'Public: check a link’s password',
        params: ModelParams,
        body: ShortLinkCheck,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await links.check(request.params.modelId, request.body);
      return ok(null);
    },
  );

  app.post(
    `${base}/:modelId`,
    {
      config: open,
      schema: {
        tags,
        summary:
          'Public: fill the form of an enabled link, answering the image captcha (code, timestamp); checked as any create, owned by nobody',
        params: ModelParams,
        body: ShortLinkRecordBody,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) => {
      const id = await links.submit(request.params.modelId, request.body);
      return ok({ id }, request.t('visualdev.linkSubmitted'));
    },
  );

  app.post(
    `${base}/:modelId/ListLink`,
    {
      config: open,
      schema: {
        tags,
        summary: 'Public: the list of an enabled link, its shown fields only',
        params: ModelParams,
        body: ShortLinkListBody,
        response: { 200: EnvelopeOf(PageOf(RecordValues)) },
      },
    },
    async (request) => ok(await links.list(request.params.modelId, request.body, request.t)),
  );
}
