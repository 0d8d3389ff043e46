import { EmptyEnvelope, EnvelopeOf, Id, OnlineUserRow, PageOf, PageQuery } from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { permit, permitMenu } from '../../core/permissions.ts';
import type { UserOnlineService } from './user-online.service.ts';

const tags = ['userOnline'];
const menu = 'permission.userOnline';
const base = '/api/permission/OnlineUser';

/** Live sessions and forced offline (the browser confirms with 确定要注销该账号?). */
export default async function userOnlineRoutes(app: App, { online }: { online: UserOnlineService }) {
  app.get(
    base,
    {
      preHandler: permitMenu(menu),
      schema: {
        tags,
        summary: 'Live sessions, paged',
        querystring: PageQuery,
        response: { 200: EnvelopeOf(PageOf(OnlineUserRow)) },
      },
    },
    async (request) => ok(await online.list(request.query, sessionOf(request))),
  );

  app.delete(
    `${base}/:id`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Force one session offline',
        params: Type.Object({ id: Id }),
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await online.offline([request.params.id], sessionOf(request));
      return ok(null, request.t('userOnline.offline'));
    },
  );

  app.post(
    `${base}/Actions/BatchOffline`,
    {
      preHandler: permit(menu, 'btn_remove'),
      schema: {
        tags,
        summary: 'Force several sessions offline',
        body: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }),
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await online.offline(request.body.ids, sessionOf(request));
      return ok(null, request.t('userOnline.offline'));
    },
  );
}
