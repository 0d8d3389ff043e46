import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server's process id: benchmarks read its CPU time from /proc. */
  pid: number;
  logs: string[];
  /** Ends the process with SIGTERM (graceful) and removes the data directory unless told to keep it. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
  /** The exit code, once the process has ended (null while it runs or when killed by a signal). */
  exitCode(): number | null;
  /** Kills the process abruptly and keeps the data directory, as a crash would. */
  crash(): Promise<void>;
  /** Sends a signal and returns at once, to watch a shutdown while it happens. */
  signal(name: NodeJS.Signals): void;
  /** The exit code once the process has ended (null when a signal ended it). */
  exited(): Promise<number | null>;
}

/**
 * The real server as a user runs it (`node src/main.ts`), in its own process, on a free port with
 * a fresh data directory. Without `DATABASE_URL` in `env` it uses the embedded database.
 * Browser tests and benchmarks both start it this way.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'platform-run-')),
  /** Extra options for node itself (a benchmark's --cpu-prof, which NODE_OPTIONS does not take). */
  nodeArgs: string[] = [],
  /** The same main.ts bundled to plain JavaScript (server-bundle.ts), run without tsx; src/main.ts through tsx otherwise. */
  bundle?: string,
): Promise<RunningServer> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  };
  // A started server is the embedded default unless the test says otherwise. Inheriting REDIS_URL
  // put every test server of every run on this machine on one event channel: a forced logout in
  // one run signed the browser out in another.
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  delete childEnv.REDIS_CHANNEL;
  Object.assign(childEnv, env);
  const entry = bundle ? [bundle] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: serverDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    // Three minutes: on the shared two cores at a load of 20 a cold start took over one.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join('')}`)), 180_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      logs.push(text);
      const match = /Platform is running: (http:\/\/localhost:\d+)\//.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('')}`));
    });
  });
  return {
    url: url.replace('localhost', '127.0.0.1'),
    dataDir,
    pid: child.pid ?? 0,
    logs,
    stop: async (options = {}) => {
      await stopChild(child);
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    exitCode: () => child.exitCode,
    signal: (name) => {
      child.kill(name);
    },
    exited: () => exited,
    crash: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
