import {
  AccessContact,
  BaseInfo,
  BaseInfoInput,
  EmptyEnvelope,
  EnvelopeOf,
  HeldPermissions,
  Id,
  LanguageInput,
  LogRow,
  MajorInput,
  ModifyPasswordInput,
  OwnLogQuery,
  PageOf,
  Signature,
  SignatureInput,
  Subordinate,
  ThemeInput,
  UserOrganize,
} from '@platform/shared';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { NotFoundError } from '../../core/errors.ts';
import { storedImageName } from '../../core/stored-images.ts';
import type { CurrentUserService } from '../oauth/current-user.service.ts';
import type { OauthService } from '../oauth/oauth.service.ts';
import type { SystemService } from '../system/system.service.ts';
import type { ProfileService } from './profile.service.ts';

const tags = ['profile'];
const base = '/api/permission/Users/Current';
const avatarUrl = (name: string) => `/api/file/Image/userAvatar/${name}`;

/** The signed-in user's own record; every call needs only the session and touches only the caller. */
/**
 * What the /Users/Current calls use. The password, the application switch and what the caller
 * holds belong to their own areas' services; their routes live here with every other such call.
 */
export type ProfileRouteServices = {
  profile: ProfileService;
  oauth: OauthService;
  systems: SystemService;
  currentUser: CurrentUserService;
};

export default async function profileRoutes(app: App, { profile, oauth, systems, currentUser }: ProfileRouteServices) {
  ownRecordRoutes(app, profile, currentUser);
  ownImageRoutes(app, profile);
  ownAccountRoutes(app, oauth, systems);
}

/** The caller's own record: what it holds, its base information, theme, language, relations, subordinates, contacts, log. */
function ownRecordRoutes(app: App, profile: ProfileService, currentUser: CurrentUserService) {
  app.get(
    `${base}/Authorize`,
    {
      schema: {
        tags,
        summary: "The caller's permissions in the current system, one tree per kind (the profile's 系统权限 tab)",
        response: { 200: EnvelopeOf(HeldPermissions) },
      },
    },
    async (request) => ok(await currentUser.authorizeTrees(sessionOf(request))),
  );

  app.get(
    `${base}/BaseInfo`,
    { schema: { tags, summary: 'Own personal information', response: { 200: EnvelopeOf(BaseInfo) } } },
    async (request) => ok(await profile.baseInfo(sessionOf(request))),
  );

  app.put(
    `${base}/BaseInfo`,
    {
      schema: {
        tags,
        summary: 'Change own personal information',
        body: BaseInfoInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await profile.saveBaseInfo(sessionOf(request), request.body);
      return ok(null, request.t('common.saved'));
    },
  );

  app.put(
    `${base}/SystemTheme`,
    { schema: { tags, summary: 'Own navigation style', body: ThemeInput, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await profile.setTheme(sessionOf(request), request.body);
      return ok(null, request.t('common.saved'));
    },
  );

  app.put(
    `${base}/SystemLanguage`,
    { schema: { tags, summary: 'Own interface language', body: LanguageInput, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await profile.setLanguage(sessionOf(request), request.body);
      return ok(null, request.t('common.saved'));
    },
  );

  const OwnRelations = EnvelopeOf(Type.Array(UserOrganize));
  app.get(
    `${base}/getUserOrganizes`,
    { schema: { tags, summary: 'Own organisations', response: { 200: OwnRelations } } },
    async (request) => ok(await profile.organizes(sessionOf(request))),
  );

  app.get(
    `${base}/getUserPositions`,
    { schema: { tags, summary: 'Own positions', response: { 200: OwnRelations } } },
    async (request) => ok(await profile.positions(sessionOf(request))),
  );

  app.get(
    `${base}/Subordinate/:id`,
    {
      schema: {
        tags,
        summary: 'Direct reports of the caller ("0") or of someone below the caller',
        params: Type.Object({ id: Type.Union([Id, Type.Literal('currentUser')]) }),
        response: { 200: EnvelopeOf(Type.Array(Subordinate)) },
      },
    },
    async (request) => ok(await profile.subordinates(sessionOf(request), request.params.id)),
  );

  app.get(
    `${base}/Administrators`,
    {
      schema: {
        tags,
        summary:
          "Whom the caller asks for access: its organisation's tiered administrators, else the super administrators",
        response: { 200: EnvelopeOf(Type.Array(AccessContact)) },
      },
    },
    async (request) => ok(await profile.accessContacts(sessionOf(request))),
  );

  app.get(
    `${base}/SystemLog`,
    {
      schema: {
        tags,
        summary: 'Own login (1) or operation (2) log, paged',
        querystring: OwnLogQuery,
        response: { 200: EnvelopeOf(PageOf(LogRow)) },
      },
    },
    async (request) => ok(await profile.ownLog(sessionOf(request), request.query, request.t)),
  );
}

/** The caller's signature images and avatar. */
function ownImageRoutes(app: App, profile: ProfileService) {
  app.get(
    `${base}/SignImg`,
    { schema: { tags, summary: 'Own signatures', response: { 200: EnvelopeOf(Type.Array(Signature)) } } },
    async (request) => ok(await profile.signatures(sessionOf(request))),
  );

  app.post(
    `${base}/SignImg`,
    {
      schema: {
        tags,
        summary: 'Add a drawn signature (PNG data URL)',
        body: SignatureInput,
        response: { 200: EnvelopeOf(Type.Object({ id: Type.String() })) },
      },
    },
    async (request) =>
      ok({ id: await profile.addSignature(sessionOf(request), request.body) }, request.t('common.saved')),
  );

  const signatureParams = Type.Object({ id: Id });
  app.put(
    `${base}/:id/SignImg`,
    {
      schema: {
        tags,
        summary: 'Make a signature the default',
        params: signatureParams,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await profile.setDefaultSignature(sessionOf(request), request.params.id);
      return ok(null, request.t('common.saved'));
    },
  );

  app.delete(
    `${base}/:id/SignImg`,
    { schema: { tags, summary: 'Delete an own signature', params: signatureParams, response: { 200: EmptyEnvelope } } },
    async (request) => {
      await profile.deleteSignature(sessionOf(request), request.params.id);
      return ok(null, request.t('common.deleted'));
    },
  );

  app.put(
    `${base}/Avatar/:name`,
    {
      schema: {
        tags,
        summary: 'Use an uploaded image as the own avatar',
        params: Type.Object({ name: Type.String({ pattern: storedImageName.source }) }),
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      // Uploaded through the file service (`Uploader/userAvatar`), which keeps avatars in this folder.
      if (!(await app.fileStorage.stat(`userAvatar/${request.params.name}`))) throw new NotFoundError();
      await profile.setAvatar(sessionOf(request), avatarUrl(request.params.name));
      return ok(null, request.t('common.saved'));
    },
  );
}

/** The caller's password and main application, which belong to the oauth and system services. */
function ownAccountRoutes(app: App, oauth: OauthService, systems: SystemService) {
  const loginRateLimit = { rateLimit: { max: app.config.rateLimits.login, timeWindow: '1 minute' } };
  app.post(
    `${base}/Actions/ModifyPassword`,
    {
      config: loginRateLimit,
      schema: {
        tags: ['user'],
        summary: 'Change the own password; other sessions end',
        body: ModifyPasswordInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await oauth.modifyPassword(sessionOf(request), request.body);
      return ok(null, request.t('auth.passwordChanged'));
    },
  );

  app.put(
    `${base}/major`,
    {
      schema: {
        tags: ['user'],
        summary: "Switch the current application ({majorId, majorType: 'System'}); only a granted one",
        body: MajorInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await systems.setMajor(sessionOf(request), request.body);
      return ok(null, request.t('system.switched'));
    },
  );
}
