// A real server process (`node dist/main.js`, test/support/server-process.ts) for the SDK's end-to-end tests, on
// the run's store (PGlite, or PostgreSQL under scripts/with-postgres.sh), and a sandbox workspace made through the
// SDK's own operator client.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { root, type Server, serverProcesses, unthrottled, waitFor } from '../../../test/support/server-process.js';
import { BrokerageAdmin, BrokerageClient, type BrokerageClientOptions } from '../../src/index.js';

export const adminToken = 'e2e-sdk-operator-token-0123456789';

/** Registers the file's server: loopback http receivers allowed, nothing slowed, sandbox settlement at once. */
export function sdkServer(env: Record<string, string> = {}) {
  const processes = serverProcesses({
    dirPrefix: 'brokerage-sdk-',
    healthPollMs: 100,
    env: {
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: adminToken,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      WEBHOOK_ALLOW_INSECURE: '1',
      ...unthrottled,
      SANDBOX_SETTLE_DELAY_MS: '0',
      ...env,
    },
  });
  return {
    processes,
    start: () => processes.startHealthy(processes.freshDir()),
  };
}

export const operator = (server: Server) => new BrokerageAdmin({ baseUrl: server.url, adminToken });

/** A sandbox workspace created with BrokerageAdmin, and the partner's client for it. */
export async function sandboxPartner(
  server: Server,
  name: string,
  options: Partial<BrokerageClientOptions> & { writeLimitPerMinute?: number } = {},
) {
  const { writeLimitPerMinute, ...clientOptions } = options;
  const admin = operator(server);
  const workspace = await admin.workspaces.create({ name, simulation: true });
  if (writeLimitPerMinute !== undefined) {
    await admin.workspaces.update(workspace.workspaceId, { writeLimitPerMinute });
  }
  const client = new BrokerageClient({
    baseUrl: server.url,
    clientId: workspace.clientId,
    username: workspace.username,
    password: workspace.password,
    ...clientOptions,
  });
  return { admin, workspace, client };
}

/** Polls `read` until `done` holds of its answer; answers that answer. */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let last: T | undefined;
  await waitFor(
    what,
    async () => {
      last = await read();
      return done(last);
    },
    20_000,
    100,
  );
  return last as T;
}

let built = false;

/** `npm run build -w sdk`, once per run: the examples and the README import the package, whose main is dist/. */
export function buildSdkOnce(): void {
  if (built) return;
  execFileSync('npm', ['run', 'build', '-w', 'sdk'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
  built = true;
}
