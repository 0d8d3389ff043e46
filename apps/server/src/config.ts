import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type DatabaseConfig =
  /**
   * `dataDir` null keeps the database in memory (tests). `template` (tests) starts it from a dump
   * of a database already migrated and seeded (PGlite's `dumpDataDir`) instead of an empty one.
   */
  | { kind: 'pglite'; dataDir: string | null; template?: Blob }
  /** `schema` isolates one test file on a shared server. */
  | { kind: 'postgres'; url: string; schema?: string };

/** Where uploaded bytes live (FILE_STORAGE): DATA_DIR/files, or a bucket of an S3-compatible store. */
export type FileStorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);

/** The object store of FILE_STORAGE=s3 (README, Configuration; docs/operations.md, Object storage). */
export interface S3StorageConfig {
  /** `http(s)://host[:port]` of an S3-compatible server (S3_ENDPOINT); null for AWS itself, by region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Both null: the SDK's own credential chain (environment, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Prepended to every key (S3_PREFIX, `platform/`), so one bucket can hold several installations. */
  prefix: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  adminPassword: string | null;
  loginCipherKey: string;
  logLevel: string;
  /** Per-IP limits per minute: login attempts, and code sending (SMS, captcha-free tickets). */
  rateLimits: { login: number; codes: number };
  /** Whether X-Forwarded-For is believed: only behind a proxy that sets it (rate limits and login IPs use it). */
  trustProxy: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  /** Built web app served on the API's port; null when there is none (tests, `npm run dev`). */
  webDir: string | null;
  /** How often the job runner looks for due jobs (JOB_POLL_MS, default 5000). */
  jobPollMs?: number;
  /**
   * How long after start the job runner first polls (JOB_FIRST_POLL_MS, default JOB_POLL_MS). Only
   * the crash test sets it: a message queued before then waits, so the test can kill the server
   * between the commit and the send.
   */
  jobFirstPollMs?: number;
  /** Socket ping interval; a socket that misses one ping is closed (default 30000). */
  socketHeartbeatMs?: number;
  /** The Redis pub/sub channel of the event bus (REDIS_CHANNEL, default platform:events). */
  redisChannel?: string;
  /** System log entries older than this many days are pruned daily (LOG_RETENTION_DAYS, default 180; 0 keeps them). */
  logRetentionDays?: number;
  /** When set, one line per API call (route, status, envelope code, answer shape) is appended here: a record of the wire contract (API_CALL_LOG). */
  apiCallLog?: string;
  /** Bearer token `/metrics` asks for (METRICS_TOKEN); null: only loopback clients may read it. */
  metricsToken?: string | null;
  /** Shutdown: how long the server answers not-ready before it stops accepting (SHUTDOWN_DELAY_MS, default 0). */
  shutdownDelayMs?: number;
  /** Shutdown: the time after which the process exits anyway, unfinished work or not (SHUTDOWN_TIMEOUT_MS, default 25000). */
  shutdownTimeoutMs?: number;
  /** Tests: an answer with a field its declared schema would drop fails (core/answer-check.ts). */
  checkAnswers?: boolean;
  /** Limits of data interfaces (modules/dataInterface); each has a default. */
  dataInterface?: Partial<DataInterfaceLimits>;
  /** Unset: the local disk, DATA_DIR/files. */
  fileStorage?: FileStorageConfig;
}

/** What data interfaces may reach and how long and how much (docs/architecture.md, Data interfaces). */
export interface DataInterfaceLimits {
  /** Address ranges (CIDR) HTTP interfaces may reach although private or loopback (DATA_INTERFACE_ALLOWED_RANGES, comma separated; default none). */
  allowedRanges: string[];
  /** Schemas SQL interfaces may read (DATA_INTERFACE_SCHEMAS; default the application's schema). */
  schemas: string[];
  /** The database role SQL interfaces run as (DATA_INTERFACE_ROLE, default platform_data_reader). */
  role: string;
  /** Statement time-out of SQL interfaces, ms (DATA_INTERFACE_TIMEOUT_MS, default 5000). */
  timeoutMs: number;
  /** The most rows one call answers (DATA_INTERFACE_ROW_CAP, default 10000). */
  rowCap: number;
  /** The most rows a report's dataset reads (REPORT_ROW_CAP, default 100000): reports sum whole tables. */
  reportRowCap: number;
  /** PGlite has no statement time-out: a statement whose planned cost is above this is refused (DATA_INTERFACE_MAX_COST, default 200000). */
  maxCost: number;
  /** HTTP interfaces: time-out (ms) and the largest answer (bytes). */
  httpTimeoutMs: number;
  httpMaxBytes: number;
  /** Call log entries older than this many days are pruned (DATA_INTERFACE_LOG_DAYS, default 30; 0 keeps them). */
  logRetentionDays: number;
}

export class ConfigError extends Error {}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** DATA_DIR as the server resolves it (relative to where it runs: `apps/server` under npm). */
export function dataDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || './data');
}

/** Reads and validates the environment; generates missing secrets into DATA_DIR outside production. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = parseNodeEnv(env.NODE_ENV);
  const port = parsePort(env.PORT);
  const dataDir = dataDirFrom(env);
  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info');
  if (!logLevels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');

  let loginCipherKey = env.LOGIN_CIPHER_KEY || undefined;
  if (loginCipherKey !== undefined && loginCipherKey.length !== 16) {
    throw new ConfigError('LOGIN_CIPHER_KEY must be exactly 16 characters (the AES-128 key of the login payload)');
  }
  if (!loginCipherKey) {
    if (nodeEnv === 'production') {
      throw new ConfigError(
        'LOGIN_CIPHER_KEY is not set: production refuses generated secrets; set it to 16 characters',
      );
    }
    loginCipherKey = generatedSecrets(dataDir).loginCipherKey;
  }
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces');
  }
  const webDist = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    database: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    redisUrl,
    adminPassword: env.ADMIN_PASSWORD || null,
    loginCipherKey,
    logLevel,
    rateLimits: {
      login: parsePositive('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 100),
      codes: parsePositive('CODE_RATE_LIMIT', env.CODE_RATE_LIMIT, 20),
    },
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    nodeEnv,
    webDir: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    jobPollMs: parsePositive('JOB_POLL_MS', env.JOB_POLL_MS, 5000),
    ...(env.JOB_FIRST_POLL_MS
      ? { jobFirstPollMs: parseNonNegative('JOB_FIRST_POLL_MS', env.JOB_FIRST_POLL_MS, 0) }
      : {}),
    logRetentionDays: parseNonNegative('LOG_RETENTION_DAYS', env.LOG_RETENTION_DAYS, 180),
    metricsToken,
    shutdownDelayMs: parseNonNegative('SHUTDOWN_DELAY_MS', env.SHUTDOWN_DELAY_MS, 0),
    shutdownTimeoutMs: parsePositive('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000),
    dataInterface: dataInterfaceLimits(env),
    fileStorage: fileStorageConfig(env),
    ...(env.REDIS_CHANNEL ? { redisChannel: env.REDIS_CHANNEL } : {}),
    ...(env.API_CALL_LOG ? { apiCallLog: path.resolve(env.API_CALL_LOG) } : {}),
  };
}

function dataInterfaceLimits(env: NodeJS.ProcessEnv): Partial<DataInterfaceLimits> {
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const role = env.DATA_INTERFACE_ROLE?.trim();
  if (role && !/^[a-z_][a-z0-9_]{0,62}$/.test(role))
    throw new ConfigError('DATA_INTERFACE_ROLE must be a lowercase identifier');
  const schemas = list(env.DATA_INTERFACE_SCHEMAS);
  if (schemas.some((schema) => !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))) {
    throw new ConfigError('DATA_INTERFACE_SCHEMAS must list lowercase schema names');
  }
  return {
    allowedRanges: list(env.DATA_INTERFACE_ALLOWED_RANGES),
    ...(schemas.length ? { schemas } : {}),
    ...(role ? { role } : {}),
    timeoutMs: parsePositive('DATA_INTERFACE_TIMEOUT_MS', env.DATA_INTERFACE_TIMEOUT_MS, 5000),
    rowCap: parsePositive('DATA_INTERFACE_ROW_CAP', env.DATA_INTERFACE_ROW_CAP, 10_000),
    reportRowCap: parsePositive('REPORT_ROW_CAP', env.REPORT_ROW_CAP, 100_000),
    maxCost: parsePositive('DATA_INTERFACE_MAX_COST', env.DATA_INTERFACE_MAX_COST, 200_000),
    logRetentionDays: parseNonNegative('DATA_INTERFACE_LOG_DAYS', env.DATA_INTERFACE_LOG_DAYS, 30),
  };
}

/** FILE_STORAGE and, for `s3`, the S3_* variables; each wrong or missing one is named. */
export function fileStorageConfig(env: NodeJS.ProcessEnv): FileStorageConfig {
  const kind = env.FILE_STORAGE?.trim() || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new ConfigError('FILE_STORAGE must be local or s3');
  const value = (name: string) => env[name]?.trim() || null;
  const endpoint = value('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint))
    throw new ConfigError('S3_ENDPOINT must be http:// or https:// and a host (with a port when not the default)');
  const bucket = value('S3_BUCKET');
  if (!bucket) throw new ConfigError('S3_BUCKET is not set: FILE_STORAGE=s3 needs the name of an existing bucket');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError('S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens');
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey)
    throw new ConfigError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the SDK's own credentials",
    );
  const pathStyle = value('S3_FORCE_PATH_STYLE') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(pathStyle))
    throw new ConfigError('S3_FORCE_PATH_STYLE must be true or false');
  const prefix = value('S3_PREFIX') ?? '';
  if (prefix && !/^([A-Za-z0-9_][A-Za-z0-9_.-]*\/)+$/.test(prefix))
    throw new ConfigError(
      'S3_PREFIX must be folder names of letters, digits, _ . - each ending with /, e.g. platform/',
    );
  return {
    kind,
    endpoint: endpoint?.replace(/\/$/, '') ?? null,
    bucket,
    region: value('S3_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    prefix,
  };
}

function parseNodeEnv(value: string | undefined): Config['nodeEnv'] {
  if (!value) return 'development';
  if (value === 'development' || value === 'production' || value === 'test') return value;
  throw new ConfigError('NODE_ENV must be development, production or test');
}

function parsePositive(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} must be a positive integer`);
  return n;
}

function parseNonNegative(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a whole number, 0 or more`);
  return n;
}

function parsePort(value: string | undefined): number {
  if (!value) return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('PORT must be an integer 0-65535');
  return port;
}

interface Secrets {
  loginCipherKey: string;
}

const secretAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function randomText(length: number, alphabet = secretAlphabet): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Secrets made once per data directory, so a restart keeps working sessions and clients. */
function generatedSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (typeof stored.loginCipherKey === 'string' && stored.loginCipherKey.length === 16) {
      return { loginCipherKey: stored.loginCipherKey };
    }
  }
  const secrets: Secrets = { loginCipherKey: randomText(16) };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
