// Real server processes for the end-to-end tests: `node dist/main.js` built once per run, spawned on a free port
// with only the variables a test sets, polled until healthy, killed or stopped, and everything a test file started
// or created (processes, receivers, temporary directories) removed after it.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openStore, type Store } from '../../src/storage/open-store.js';
import { freePort } from './net.js';
import { testSecretsKey } from './test-secrets.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every variable loadConfig (src/config.ts) reads: a child gets none of the parent's, only what a test sets. */
export const configVariables: readonly string[] = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'DATABASE_ACQUIRE_TIMEOUT_MS',
  'DATABASE_STATEMENT_TIMEOUT_MS',
  'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
  'BROKERAGE_ENV',
  'ADMIN_TOKEN',
  'SECRETS_KEY',
  'SECRETS_DECRYPT_KEYS',
  'QUOTE_TTL_SECONDS',
  'ORDER_PAYMENT_WINDOW_SECONDS',
  'WRITE_RATE_LIMIT_PER_MINUTE',
  'WEBHOOK_ALLOW_INSECURE',
  'WEBHOOK_DISABLE_AFTER_HOURS',
  'WEBHOOK_SECRET_GRACE_HOURS',
  'EVENT_RETENTION_DAYS',
  'CLUSTER_WORKERS',
  'PUBLIC_BASE_URL',
  'LOG_LEVEL',
  'SANDBOX_SETTLE_DELAY_MS',
  'READ_THROTTLE_PER_SECOND',
  'BROKERAGE_PROVIDERS_FILE',
  'JOB_RETENTION_DAYS',
  'IDEMPOTENCY_KEY_RETENTION_HOURS',
  'WITHDRAWAL_RETURN_WINDOW_DAYS',
  'HOSTED_SESSION_RETENTION_DAYS',
  'QUOTE_RETENTION_DAYS',
  'HOUSEKEEPING_INTERVAL_MINUTES',
  'HOUSEKEEPING_BATCH_SIZE',
  'HOUSEKEEPING_BATCH_PAUSE_MS',
  'OPERATOR_SESSION_IDLE_MINUTES',
  'OPERATOR_SESSION_MAX_HOURS',
  'REQUEST_LOG_ENABLED',
  'REQUEST_LOG_RETENTION_DAYS',
  'GROUP_COMMIT_ENABLED',
];

/** The variables src/config.ts names (its quoted upper-case words) that configVariables lacks: none, or a child inherits them. */
export function unlistedConfigVariables(): string[] {
  const source = readFileSync(join(root, 'src/config.ts'), 'utf8');
  const named = new Set([...source.matchAll(/'([A-Z][A-Z0-9_]{2,})'/g)].map((match) => match[1] as string));
  return [...named].filter((name) => !configVariables.includes(name));
}

/** The parent's environment without DATABASE_URL, ADMIN_TOKEN, SECRETS_KEY or any other server variable. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of configVariables) delete env[name];
  return { ...env, ...overrides };
}

/** The run's PostgreSQL server (scripts/with-postgres.sh), if it has one. */
export const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
export const storeName = databaseUrl === undefined ? 'embedded store' : 'PostgreSQL';

/**
 * The store of a process: its DATA_DIR, plus the PostgreSQL server when the run has one. Processes on that shared
 * database share the suite's SECRETS_KEY too, as one deployment's processes must (a test may set its own).
 */
export const storeEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl, SECRETS_KEY: testSecretsKey.toString('hex') }),
});

/** Request limits high enough that nothing a test sends is slowed or refused. */
export const unthrottled = { WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_THROTTLE_PER_SECOND: '100000' } as const;

/**
 * The store as the processes left it, opened the way main.ts opens it (on PGlite only once the server is gone,
 * which also takes over a killed server's stale pid file).
 */
export async function withStore<T>(dataDir: string, read: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(loadConfig(storeEnv(dataDir)));
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

export interface Server {
  /** How failures name it: `server` unless the test gives it a name. */
  readonly name: string;
  readonly child: ChildProcess;
  readonly port: number;
  readonly url: string;
  /** The ADMIN_TOKEN it was started with, if any. */
  readonly adminToken: string | undefined;
  stdout: string;
  stderr: string;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export function exited(child: ChildProcess, timeoutMs: number): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`process ${child.pid} still running after ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every `intervalMs` until it holds; a check that throws ends the wait with its error. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(intervalMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Whether the port takes a connection: true from listen() on, even while the server's event loop is busy. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** kill -9: no shutdown hook runs, in-flight transactions are lost, claimed jobs and deliveries keep their lease. */
export async function kill9(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  expect((await exited(server.child, 10_000)).signal).toBe('SIGKILL');
}

/** A clean stop: in-flight requests finish, the job runner and the dispatcher stop, the store closes. */
export async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await exited(server.child, 15_000), `${server.stderr}\n${server.stdout}`).toEqual({ code: 0, signal: null });
}

let built = false;

/** `npm run build`, once per run (the test files share one worker): every process runs dist/main.js. */
export function buildOnce(): void {
  if (built) return;
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
  built = true;
}

export interface ServerProcessesOptions {
  /** What every process of the file gets besides PORT, HOST and its store; a process's own variables come last. */
  readonly env?: Record<string, string>;
  /** 'run' (the default): the run's PostgreSQL server when it has one; 'embedded': DATA_DIR alone, always. */
  readonly store?: 'run' | 'embedded';
  /** The start of the temporary directories' names. */
  readonly dirPrefix?: string;
  /** How long a process may take to answer GET /health, and how often it is asked. */
  readonly healthTimeoutMs?: number;
  readonly healthPollMs?: number;
  /** The script each process runs: dist/main.js unless a test starts another (dist/cluster.js). */
  readonly entry?: string;
}

export interface ServerProcesses {
  /** A new temporary directory, removed after the file. */
  freshDir(): string;
  /** Spawns `node dist/main.js` on a free port, its output kept on the Server; does not wait for it. */
  spawn(dataDir: string, env?: Record<string, string>, name?: string): Promise<Server>;
  /** Spawns a process and waits until GET /health answers 200; fails at once, with its output, if it exits. */
  startHealthy(dataDir: string, env?: Record<string, string>, name?: string): Promise<Server>;
  /** Spawns a process expected to exit by itself (within 30 s) and returns how it did. */
  runToExit(dataDir: string, env: Record<string, string>): Promise<Exit & { server: Server }>;
  /** Closes `resource` after the file (before the directories go). */
  closeAfterAll<T extends { close(): Promise<void> }>(resource: T): T;
}

/**
 * The processes of one test file: registers the build before its tests and, after them, kills what still runs,
 * closes what it was given and removes its directories. Call it at the top of the file or of its describe block.
 */
export function serverProcesses(options: ServerProcessesOptions = {}): ServerProcesses {
  const { store = 'run', dirPrefix = 'brokerage-e2e-', healthTimeoutMs = 60_000, healthPollMs = 200 } = options;
  const children = new Set<ChildProcess>();
  const resources: Array<{ close(): Promise<void> }> = [];
  const tempDirs: string[] = [];

  beforeAll(() => {
    const unlisted = unlistedConfigVariables();
    if (unlisted.length > 0) {
      throw new Error(`test/support/server-process.ts: add ${unlisted.join(', ')} to configVariables`);
    }
    buildOnce();
  }, 130_000);

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child, 10_000).catch(() => undefined);
      }
    }
    for (const resource of resources) await resource.close();
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  const processes: ServerProcesses = {
    freshDir() {
      const dir = mkdtempSync(join(tmpdir(), dirPrefix));
      tempDirs.push(dir);
      return dir;
    },

    async spawn(dataDir, env = {}, name = 'server') {
      const port = await freePort();
      const variables: Record<string, string> = {
        PORT: String(port),
        HOST: '127.0.0.1',
        ...options.env,
        ...(store === 'run' ? storeEnv(dataDir) : { DATA_DIR: dataDir }),
        ...env,
      };
      const child = spawn(process.execPath, [options.entry ?? 'dist/main.js'], {
        cwd: root,
        env: childEnv(variables),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      const server: Server = {
        name,
        child,
        port,
        url: `http://127.0.0.1:${port}`,
        adminToken: variables.ADMIN_TOKEN,
        stdout: '',
        stderr: '',
      };
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        server.stdout += chunk;
      });
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        server.stderr += chunk;
      });
      return server;
    },

    async startHealthy(dataDir, env = {}, name = 'server') {
      const server = await processes.spawn(dataDir, env, name);
      await waitFor(
        `GET ${server.url}/health`,
        async () => {
          if (server.child.exitCode !== null) {
            throw new Error(`${name} exited ${server.child.exitCode}: ${server.stderr}\n${server.stdout}`);
          }
          return fetch(`${server.url}/health`).then(
            (r) => r.status === 200,
            () => false,
          );
        },
        healthTimeoutMs,
        healthPollMs,
      );
      return server;
    },

    async runToExit(dataDir, env) {
      const server = await processes.spawn(dataDir, env);
      return { server, ...(await exited(server.child, 30_000)) };
    },

    closeAfterAll(resource) {
      resources.push(resource);
      return resource;
    },
  };
  return processes;
}
