import {
  AdminListInput,
  AdminListItem,
  EmptyEnvelope,
  EnvelopeOf,
  SynThirdTotal,
  SysConfigInput,
  SysConfigView,
  TestMailInput,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { singleObject } from '../../core/audit.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { BusinessError } from '../../core/errors.ts';
import { permitMenu } from '../../core/permissions.ts';
import type { ThirdSyncService } from './third-sync.service.ts';

const tags = ['sysConfig'];
const menu = 'system.sysConfig';
/** The e-mail channel's code in the msgSendType dictionary. */
const emailChannel = '2';
/** The system-configuration page's reads (protocol-admin.md section 9). */
export default async function sysConfigRoutes(app: App, { third }: { third: ThirdSyncService }) {
  settingRoutes(app);
  thirdPartyRoutes(app, third);
}

/** The configuration itself, the super administrators, and a test mail. */
function settingRoutes(app: App) {
  app.get(
    '/api/system/SysConfig',
    {
      schema: {
        tags,
        summary: 'System configuration as one flat object (secrets only with the page permission)',
        response: { 200: EnvelopeOf(SysConfigView) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const withSecrets =
        session.isAdministrator || (await app.permissions.access(session)).menus.has('system.sysConfig');
      return ok(await app.sysConfig.view(withSecrets));
    },
  );

  app.put(
    '/api/system/SysConfig',
    {
      schema: {
        tags,
        summary: 'Save settings: what is sent is checked and stored, the rest kept; every instance uses them at once',
        body: SysConfigInput,
        response: { 200: EmptyEnvelope },
      },
      preHandler: permitMenu(menu),
      config: { audit: { object: 'sysConfig', ids: singleObject } },
    },
    async (request) => {
      await app.sysConfig.save(request.body, request.ip ?? null);
      return ok(null, request.t('common.saved'));
    },
  );

  app.put(
    '/api/system/SysConfig/setAdminList',
    {
      schema: {
        tags,
        summary: 'Exactly these users are administrators (an administrator only; the caller stays one)',
        body: AdminListInput,
        response: { 200: EmptyEnvelope },
      },
      preHandler: permitMenu(menu),
      config: { audit: { object: 'sysConfig', ids: singleObject } },
    },
    async (request) => {
      const { demoted, promoted } = await app.sysConfig.setAdministrators(request.body.adminIds, sessionOf(request));
      // Rights shrank: those sessions end now. New administrators keep theirs, re-read at their next call.
      for (const userId of demoted) await app.sessions.revokeUser(userId, 'offline');
      await app.sessions.usersChanged(promoted);
      return ok(null, request.t('common.saved'));
    },
  );

  app.post(
    '/api/system/SysConfig/Actions/TestMail',
    {
      schema: {
        tags,
        summary: 'Send a test e-mail through the saved mail settings',
        body: TestMailInput,
        response: { 200: EmptyEnvelope },
      },
      preHandler: permitMenu(menu),
    },
    async (request) => {
      const session = sessionOf(request);
      const { sysName } = await app.sysConfig.get();
      try {
        await app.messageChannels.get(emailChannel).send({
          channel: emailChannel,
          to: { userId: session.userId, email: request.body.to, mobilePhone: null, account: session.account },
          title: request.t('sysConfig.testMailTitle', { name: sysName }),
          content: request.t('sysConfig.testMailBody', { name: sysName }),
          templateCode: null,
        });
      } catch (error) {
        const reason =
          error instanceof BusinessError ? request.t(error.key, error.params) : String((error as Error).message);
        throw new BusinessError('sysConfig.testMailFailed', { reason });
      }
      return ok(null, request.t('sysConfig.testMailSent', { to: request.body.to }));
    },
  );

  app.get(
    '/api/system/SysConfig/getAdminList',
    {
      schema: {
        tags,
        summary: 'The administrators',
        response: {
          200: EnvelopeOf(Type.Array(AdminListItem)),
        },
      },
      preHandler: permitMenu(menu),
    },
    async () => ok(await app.sysConfig.administrators()),
  );
}

/** The WeCom and DingTalk connectors: connection tests and what was synchronised. */
function thirdPartyRoutes(app: App, third: ThirdSyncService) {
  app.post(
    '/api/system/SysConfig/:type/testQyWebChatConnect',
    {
      schema: {
        tags,
        summary:
          'Test the WeCom settings sent (else the saved ones): 0 the application secret, 1 the address-book secret',
        params: Type.Object({ type: Type.Union([Type.Literal(0), Type.Literal(1)]) }),
        body: SysConfigInput,
        response: { 200: EmptyEnvelope },
      },
      preHandler: permitMenu(menu),
    },
    async (request) => {
      await third.testConnect(1, request.body, request.params.type);
      return ok(null, request.t('sysConfig.connectOk'));
    },
  );

  app.post(
    '/api/system/SysConfig/testDingTalkConnect',
    {
      schema: {
        tags,
        summary: 'Test the DingTalk settings sent (else the saved ones)',
        body: SysConfigInput,
        response: { 200: EmptyEnvelope },
      },
      preHandler: permitMenu(menu),
    },
    async (request) => {
      await third.testConnect(2, request.body);
      return ok(null, request.t('sysConfig.connectOk'));
    },
  );

  app.get(
    '/api/system/SynThirdInfo/getSynThirdTotal/:type',
    {
      schema: {
        tags,
        summary: 'Synchronisation totals with WeCom (1) or DingTalk (2): organisations, then users',
        params: Type.Object({ type: Type.Union([Type.Literal(1), Type.Literal(2)]) }),
        response: { 200: EnvelopeOf(Type.Array(SynThirdTotal)) },
      },
      preHandler: permitMenu(menu),
    },
    async (request) => ok(await third.totals(request.params.type)),
  );

  const synchronisations = [
    { path: 'synAllOrganizeSysToQy', thirdType: 1, dataType: 'organize' },
    { path: 'synAllUserSysToQy', thirdType: 1, dataType: 'user' },
    { path: 'synAllOrganizeSysToDing', thirdType: 2, dataType: 'organize' },
    { path: 'synAllUserSysToDing', thirdType: 2, dataType: 'user' },
  ] as const;
  for (const { path, thirdType, dataType } of synchronisations) {
    app.get(
      `/api/system/SynThirdInfo/${path}`,
      {
        schema: {
          tags,
          summary: `Synchronise every ${dataType === 'organize' ? 'organisation' : 'user'} with ${thirdType === 1 ? 'WeCom' : 'DingTalk'}: type 0 sends ours, 1 takes theirs; answers the totals row`,
          querystring: Type.Object({ type: Type.Union([Type.Literal(0), Type.Literal(1)]) }),
          response: { 200: EnvelopeOf(SynThirdTotal) },
        },
        preHandler: permitMenu(menu),
      },
      async (request) =>
        ok(await third.synchronise(thirdType, dataType, request.query.type), request.t('sysConfig.synDone')),
    );
  }
}
