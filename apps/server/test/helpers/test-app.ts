import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Envelope } from '@platform/shared';
import type { InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Config, DatabaseConfig } from '../../src/config.ts';
import type { App } from '../../src/core/app-types.ts';
import { newId } from '../../src/core/ids.ts';
import { encryptLoginPayload } from '../../src/core/login-cipher.ts';
import { hashPasswordDigest, md5Hex } from '../../src/core/password.ts';
import { testAdminPassword, testCipherKey } from './test-credentials.ts';
import { dropTestSchemas, newRunTag, testSchemaName } from './test-schemas.ts';

export { testAdminPassword, testCipherKey } from './test-credentials.ts';

export type Reply<T = unknown> = Envelope<T> & { status: number };

/** Calls made with one token (or none), answered as parsed envelopes. */
export class Client {
  constructor(
    private readonly app: App,
    readonly token: string | null = null,
  ) {}

  async call<T = unknown>(options: InjectOptions): Promise<Reply<T>> {
    const headers = { 'jnpf-origin': 'pc', ...(this.token ? { authorization: this.token } : {}), ...options.headers };
    const response = await this.app.inject({ ...options, headers });
    return { ...(response.json() as Envelope<T>), status: response.statusCode };
  }
  get<T = unknown>(url: string, query?: Record<string, string>) {
    return this.call<T>({ method: 'GET', url, ...(query ? { query } : {}) });
  }
  post<T = unknown>(url: string, payload?: object) {
    return this.call<T>({ method: 'POST', url, payload: payload ?? {} });
  }
  put<T = unknown>(url: string, payload?: object) {
    return this.call<T>({ method: 'PUT', url, payload: payload ?? {} });
  }
  delete<T = unknown>(url: string) {
    return this.call<T>({ method: 'DELETE', url });
  }
}

export interface TestApp {
  app: App;
  config: Config;
  anonymous: Client;
  sms: RecordingSmsSender;
  /** The login call itself: form-encoded, password encrypted as the browser does. */
  login(
    account: string,
    password: string,
    extra?: Record<string, string>,
  ): Promise<Reply<{ token: string; theme: string }>>;
  /** Signs in and returns a client carrying the token; fails the test if the login fails. */
  signIn(account?: string, password?: string): Promise<Client>;
  /** A plain (non-administrator) user in the root organisation. */
  createUser(fields: { account: string; password?: string; mobilePhone?: string; realName?: string }): Promise<string>;
  /** Runs the jobs due now (queued e-mails, SMS, ...) once the poll under way has ended; answers how many ran. */
  runJobs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The tag of this test run (global-setup.ts provides it), or one of this process's own when the
 * helpers run without it: its schemas are then dropped only when they close or grow stale.
 */
const run = inject('apitestRun') ?? newRunTag();

let template: Blob | null | undefined;

/** The run's migrated and seeded embedded database (global-setup.ts), read once per test file. */
function pgliteTemplate(): Blob | null {
  if (template === undefined) {
    const file = inject('pgliteTemplate');
    template = file ? new Blob([readFileSync(file)]) : null;
  }
  return template;
}

/**
 * A fresh database: in-memory PGlite, or a new schema on DATABASE_URL. The embedded one starts as a
 * copy of the run's template, migrated and seeded with the default test configuration, unless
 * `fromTemplate` is false (a test app seeded differently).
 */
export function testDatabase(fromTemplate = true): DatabaseConfig {
  const url = process.env.DATABASE_URL;
  if (url) return { kind: 'postgres', url, schema: testSchemaName(run) };
  const copied = fromTemplate ? pgliteTemplate() : null;
  return { kind: 'pglite', dataDir: null, ...(copied ? { template: copied } : {}) };
}

export function loginPayload(password: string, key = testCipherKey) {
  return encryptLoginPayload(md5Hex(password), key);
}

/** The SMS gateway of tests: keeps what it would have sent, so a test reads the code like a phone would. */
export class RecordingSmsSender {
  readonly sent: { mobile: string; code: string }[] = [];
  async sendVerificationCode(mobile: string, code: string) {
    this.sent.push({ mobile, code });
  }
  lastCode(mobile: string) {
    return this.sent.filter((m) => m.mobile === mobile).at(-1)?.code;
  }
}

export async function testApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'platform-test-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    // The template was seeded with the default administrator password and not for production.
    database: testDatabase(!('adminPassword' in overrides || 'nodeEnv' in overrides)),
    redisUrl: null,
    adminPassword: testAdminPassword,
    loginCipherKey: testCipherKey,
    logLevel: 'silent',
    trustProxy: false,
    rateLimits: { login: 10_000, codes: 10_000 },
    nodeEnv: 'test',
    webDir: null,
    checkAnswers: true,
    // A refactoring is checked by recording the wire of the API tests too (docs/architecture.md, Tests).
    ...(process.env.API_CALL_LOG ? { apiCallLog: path.resolve(process.env.API_CALL_LOG) } : {}),
    ...overrides,
  };
  const sms = new RecordingSmsSender();
  const { app } = await buildApp(config, { smsSender: sms });
  const anonymous = new Client(app);
  const login: TestApp['login'] = (account, password, extra = {}) =>
    anonymous.call({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        account,
        password: loginPayload(password),
        origin: 'password',
        grant_type: 'password',
        ...extra,
      }).toString(),
    });
  return {
    app,
    config,
    anonymous,
    sms,
    login,
    async runJobs() {
      await app.jobs.idle();
      const ran = await app.jobs.runDue();
      // A background poll that began meanwhile has finished too.
      await app.jobs.idle();
      return ran;
    },
    async signIn(account = 'admin', password = testAdminPassword) {
      const res = await login(account, password);
      if (res.code !== 200 || !res.data) throw new Error(`sign-in of ${account} failed: ${res.msg}`);
      return new Client(app, res.data.token);
    },
    async createUser(fields) {
      const root = await app.db
        .selectFrom('organize')
        .select('id')
        .where('parentId', '=', '-1')
        .executeTakeFirstOrThrow();
      const id = newId();
      await app.db
        .insertInto('appUser')
        .values({
          id,
          account: fields.account,
          realName: fields.realName ?? fields.account,
          mobilePhone: fields.mobilePhone ?? null,
          passwordHash: await hashPasswordDigest(md5Hex(fields.password ?? 'Passw0rd')),
          organizeId: root.id,
        })
        .execute();
      return id;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      // A database passed in may be opened again after this app (a restart); one made here may not.
      const { database } = config;
      if (!overrides.database && database.kind === 'postgres' && database.schema) {
        const schema = database.schema;
        await dropTestSchemas(database.url, (name) => name === schema);
      }
    },
  };
}

/** How many users the database holds: what a refused or partial write must leave unchanged. */
export async function userCount(t: TestApp): Promise<number> {
  const row = await t.app.db
    .selectFrom('appUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Memberships whose user is gone: what an import that rolled a user back must not leave behind. */
export function orphanMemberships(t: TestApp): Promise<{ id: string }[]> {
  return t.app.db
    .selectFrom('userRelation')
    .leftJoin('appUser', 'appUser.id', 'userRelation.userId')
    .select('userRelation.id')
    .where('appUser.id', 'is', null)
    .execute();
}

/** A fresh app with the administrator signed in: what most test files start from. */
export async function adminApp(overrides: Partial<Config> = {}): Promise<{ t: TestApp; admin: Client }> {
  const t = await testApp(overrides);
  return { t, admin: await t.signIn() };
}

/**
 * `adminApp` with these users besides, each its account for real name and signed in with the
 * default password: the people a flow or a grant is handed to. Answers their ids by name, and
 * each one's client under their name beside `t`, `admin` and `ids`.
 */
export async function adminAppWith<const Name extends string>(
  names: readonly Name[],
  overrides: Partial<Config> = {},
): Promise<{ t: TestApp; admin: Client; ids: Record<Name, string> } & Record<Name, Client>> {
  const { t, admin } = await adminApp(overrides);
  const ids = {} as Record<Name, string>;
  for (const name of names) ids[name] = await t.createUser({ account: name, realName: name });
  const people = {} as Record<Name, Client>;
  for (const name of names) people[name] = await t.signIn(name, 'Passw0rd');
  return { ...people, t, admin, ids };
}
