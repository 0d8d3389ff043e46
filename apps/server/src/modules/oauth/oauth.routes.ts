import {
  AccountLoginConfig,
  CurrentUser,
  EmptyEnvelope,
  EnvelopeOf,
  LockScreenInput,
  LoginConfig,
  LoginForm,
  LoginResult,
  PasswordPolicySchema,
  ScanTicket,
  ScanTicketStatus,
  SmsCodeRequest,
} from '@platform/shared';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../core/app-types.ts';
import { sessionOf } from '../../core/auth.ts';
import { FileAnswer, ok } from '../../core/envelope.ts';
import type { CurrentUserService } from './current-user.service.ts';
import type { OauthService, RequestMeta } from './oauth.service.ts';
import { passwordNotice } from './password-expiry.ts';

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

const tags = ['oauth'];

/** Per-IP limits on the calls that guess passwords or send messages. */
const rateLimitsOf = (app: App) => ({
  loginRateLimit: { rateLimit: { max: app.config.rateLimits.login, timeWindow: '1 minute' } },
  codeRateLimit: { rateLimit: { max: app.config.rateLimits.codes, timeWindow: '1 minute' } },
});

/** Signing in and out (shell.md sections 1, 4, 5): each family of calls in its own function. */
export default async function oauthRoutes(
  app: App,
  { oauth, currentUser }: { oauth: OauthService; currentUser: CurrentUserService },
) {
  signInRoutes(app, oauth);
  sessionRoutes(app, oauth, currentUser);
  scanLoginRoutes(app, oauth);
}

/** Before signing in: the login page's configuration, captchas, SMS codes, the login itself. */
function signInRoutes(app: App, oauth: OauthService) {
  const { loginRateLimit, codeRateLimit } = rateLimitsOf(app);

  app.get(
    '/api/oauth/getLoginConfig',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Login page settings and the login cipher key',
        response: { 200: EnvelopeOf(LoginConfig) },
      },
    },
    async () => ok(await oauth.loginConfig()),
  );

  app.get(
    '/api/oauth/getConfig/:account',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Whether this account must answer a captcha',
        params: Type.Object({ account: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: EnvelopeOf(AccountLoginConfig) },
      },
    },
    async (request) => ok(await oauth.accountConfig(request.params.account)),
  );

  // The 3.6 client's key is Math.random() as text (`0.8785…`): digits and a dot.
  const captchaKey = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
  app.get(
    '/api/file/ImageCode/:random',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Captcha image (SVG); the random key comes back as the login timestamp',
        params: Type.Object({ random: captchaKey }),
        response: { 200: FileAnswer('The captcha image', ['image/svg+xml']) },
      },
    },
    async (request, reply) => {
      const svg = await oauth.captcha(request.params.random);
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    },
  );
  app.get(
    '/api/oauth/ImageCode/:length/:random',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Captcha image of a given length (older clients)',
        params: Type.Object({ length: Type.Integer({ minimum: 3, maximum: 8 }), random: captchaKey }),
        response: { 200: FileAnswer('The captcha image', ['image/svg+xml']) },
      },
    },
    async (request, reply) => {
      const svg = await oauth.captcha(request.params.random, request.params.length);
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    },
  );

  app.post(
    '/api/oauth/sendSmsCode',
    {
      config: { public: true, ...codeRateLimit },
      schema: {
        tags,
        summary: 'Send a login code to a mobile number (one a minute, valid 5 minutes)',
        body: SmsCodeRequest,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await oauth.sendSmsCode(request.body.mobile);
      return ok(null, request.t('auth.smsSent'));
    },
  );

  app.post(
    '/api/oauth/Login',
    {
      config: { public: true, ...loginRateLimit },
      schema: {
        tags,
        summary: 'Sign in (form-encoded); answers a token that starts with "Bearer "',
        body: LoginForm,
        response: { 200: EnvelopeOf(LoginResult) },
      },
    },
    async (request) => {
      const { result, passwordExpiry } = await oauth.login(request.body, meta(request));
      // Regular password change (passwordIsUpdatedRegularly): the answer's msg tells the user.
      return ok(result, passwordNotice(request.t, passwordExpiry) || request.t('auth.loginSuccess'));
    },
  );
}

/** The signed-in session: who the user is, the password notice, logout, the lock screen, the password policy. */
function sessionRoutes(app: App, oauth: OauthService, currentUser: CurrentUserService) {
  const { loginRateLimit } = rateLimitsOf(app);
  const sysConfig = app.sysConfig;

  app.get(
    '/api/oauth/CurrentUser',
    {
      schema: {
        tags,
        summary: 'The signed-in user: menuList, userInfo, permissionList, sysConfigInfo',
        querystring: Type.Object({ systemCode: Type.Optional(Type.String({ maxLength: 100 })) }),
        // Documents the answer: it is sent as text built by the service, not serialised from this.
        response: { 200: EnvelopeOf(CurrentUser) },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        // JSON text: Fastify sends it as it is, without the schema's serialiser.
        .send((await currentUser.json(sessionOf(request), request.query.systemCode, request.t)) as never),
  );

  app.post(
    '/api/oauth/updatePasswordMessage',
    { schema: { tags, summary: 'Called once when the shell loads', response: { 200: EmptyEnvelope } } },
    async () => ok(null),
  );

  app.get(
    '/api/oauth/Logout',
    { schema: { tags, summary: 'Sign out: the token stops working at once', response: { 200: EmptyEnvelope } } },
    async (request) => {
      await oauth.logout(sessionOf(request));
      return ok(null, request.t('auth.loggedOut'));
    },
  );

  app.post(
    '/api/oauth/LockScreen',
    {
      config: loginRateLimit,
      schema: {
        tags,
        summary: 'Verify the password to leave the lock screen',
        body: LockScreenInput,
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await oauth.verifyLockScreen(sessionOf(request), request.body.account, request.body.password, meta(request));
      return ok(null, request.t('auth.unlocked'));
    },
  );

  app.get(
    '/api/oauth/PasswordPolicy',
    {
      schema: {
        tags,
        summary: 'The password policy the reset-password dialog applies',
        response: { 200: EnvelopeOf(PasswordPolicySchema) },
      },
    },
    async () => {
      const s = await sysConfig.get();
      return ok({
        passwordStrengthLimit: s.passwordStrengthLimit,
        passwordLengthMin: s.passwordLengthMin,
        passwordLengthMinNumber: s.passwordLengthMinNumber,
        containsNumbers: s.containsNumbers,
        includeLowercaseLetters: s.includeLowercaseLetters,
        includeUppercaseLetters: s.includeUppercaseLetters,
        containsCharacters: s.containsCharacters,
        mandatoryModificationOfInitialPassword: s.mandatoryModificationOfInitialPassword,
      });
    },
  );
}

/** The scan login: a ticket the login page shows as a code, its status, and the phone confirming it. */
function scanLoginRoutes(app: App, oauth: OauthService) {
  const { codeRateLimit } = rateLimitsOf(app);

  app.get(
    '/api/oauth/codeCertificate',
    {
      config: { public: true, ...codeRateLimit },
      schema: { tags, summary: 'A scan-login ticket to show as a QR code', response: { 200: EnvelopeOf(ScanTicket) } },
    },
    async () => ok(await oauth.createScanTicket()),
  );

  app.get(
    '/api/oauth/codeCertificateStatus/:id',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Poll a scan-login ticket; status 2 carries the token once',
        params: Type.Object({ id: Type.String({ maxLength: 50 }) }),
        response: { 200: EnvelopeOf(ScanTicketStatus) },
      },
    },
    async (request) => ok(await oauth.scanTicketStatus(request.params.id, meta(request))),
  );

  app.get(
    '/api/oauth/setCodeCertificateStatus/:id/:status',
    {
      schema: {
        tags,
        summary: 'A signed-in user marks a ticket scanned (1), confirmed (2) or refused (-1)',
        params: Type.Object({ id: Type.String({ maxLength: 50 }), status: Type.Integer() }),
        response: { 200: EmptyEnvelope },
      },
    },
    async (request) => {
      await oauth.setScanTicketStatus(sessionOf(request), request.params.id, request.params.status);
      return ok(null);
    },
  );
}
