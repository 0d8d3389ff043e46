import { EmptyEnvelope, Id } from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { ok } from '../../core/envelope.ts';
import { permit } from '../../core/permissions.ts';
import { UserService } from './user.service.ts';

const tags = ['user'];

export default async function userRoutes(app: App) {
  const users = new UserService(app.db);

  app.put(
    '/api/permission/Users/:id/Actions/unlock',
    {
      preHandler: permit('permission.user', 'btn_edit'),
      schema: {
        tags,
        summary: 'Unlock an account locked by failed logins',
        params: Type.Object({ id: Id }),
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await users.unlock(request.params.id);
      return ok(null, request.t('auth.unlocked'));
    },
  );
}
