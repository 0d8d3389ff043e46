// npm run bench: the foundation and sign-in figures on the embedded database and, when a
// PostgreSQL server answers (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres),
// on PostgreSQL. Each engine gets a fresh server process and a fresh database.
import { createCipheriv, createHash } from 'node:crypto';
import { startServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { type Figures, machineLine, measure, printFigures, type Scenario, throwawayDatabase } from './lib.ts';

const adminPassword = 'Bench@2026pass';
const cipherKey = 'BenchCipherKey16';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

function loginBody(account: string, password: string): string {
  const digest = createHash('md5').update(password).digest('hex');
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(cipherKey), null);
  const encrypted = Buffer.concat([cipher.update(digest, 'utf8'), cipher.final()]).toString('hex');
  return new URLSearchParams({ account, password: encrypted, origin: 'password', grant_type: 'password' }).toString();
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: loginBody('admin', adminPassword),
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { token: string } };
  if (!body.data) throw new Error(`bench sign-in failed: ${body.msg}`);
  return body.data.token;
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<Figures[]> {
  const server = await startServerProcess({
    ...env,
    ADMIN_PASSWORD: adminPassword,
    LOGIN_CIPHER_KEY: cipherKey,
    LOGIN_RATE_LIMIT: '100000000',
    LOG_LEVEL: 'error',
  });
  try {
    const token = await signIn(server.url);
    const scenarios: Scenario[] = [
      { name: 'health', path: '/api/health' },
      { name: 'CurrentUser', path: '/api/oauth/CurrentUser', headers: { authorization: token } },
      {
        name: 'login (argon2id m=19MiB t=2 p=1)',
        method: 'POST',
        path: '/api/oauth/Login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: loginBody('admin', adminPassword),
        connections: 8,
      },
    ];
    const rows: Figures[] = [];
    for (const scenario of scenarios) {
      const figures = await measure(server.url, engine, { seconds, ...scenario });
      rows.push(figures);
      console.log(`  ${engine} ${figures.name}: ${figures.reqPerSec} req/s, p95 ${figures.p95} ms`);
    }
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`Machine: ${machineLine()}`);
  const rows = await benchEngine('PGlite', {});
  const pgAdmin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await throwawayDatabase(pgAdmin);
  if (database) {
    try {
      rows.push(...(await benchEngine('PostgreSQL', { DATABASE_URL: database.url })));
    } finally {
      await database.drop();
    }
  } else {
    console.log(`(no PostgreSQL at ${pgAdmin}: PGlite only)`);
  }
  console.log('');
  printFigures(rows);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
