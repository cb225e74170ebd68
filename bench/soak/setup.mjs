// What a soak runs against, set up through the public API as the bench sets up (bench/lib/api.mjs): two server
// processes on one PostgreSQL, started together (both migrate, under the migration lock) with the same operator token
// and secrets key as replicas of one deployment, each with the heap probe preloaded; a funded sandbox workspace with
// the write limit raised and the read throttle lifted; a second workspace kept under a low write limit, so that the
// limit's refusals, the one error a soak allows, are exercised across both processes; and two webhook endpoints on
// the local receiver, one for every event, one for the completions only.

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Api } from '../lib/api.mjs';
import { settings } from '../lib/config.mjs';
import { startHttpProcess, tempDir } from '../lib/processes.mjs';

/** EUR the main workspace starts with, before any of the soak's deposits settles. */
export const startingFundsEur = 10_000;
export const webhookSecret = 'soak-webhook-secret-0123456789';

const probe = pathToFileURL(fileURLToPath(new URL('./heap-probe.mjs', import.meta.url))).href;

/** Two servers, A and B, on `databaseUrl`: [{ label, url, pid, heapFile, ... }] and the operator token. */
export async function startServers({ databaseUrl, logDir }) {
  const adminToken = randomBytes(24).toString('hex');
  const secretsKey = randomBytes(32).toString('hex');
  const probeDir = tempDir('soak-heap');
  const nodeOptions = [`--import=${probe}`, settings.serverNodeOptions].filter(Boolean).join(' ');
  const servers = await Promise.all(
    ['A', 'B'].map(async (label) => {
      const heapFile = join(probeDir, `${label}.json`);
      const proc = await startHttpProcess({
        name: `soak-${label}`,
        script: settings.serverScript,
        env: {
          DATABASE_URL: databaseUrl,
          DATA_DIR: tempDir(`soak-${label}`),
          ADMIN_TOKEN: adminToken,
          SECRETS_KEY: secretsKey,
          WEBHOOK_ALLOW_INSECURE: '1',
          LOG_LEVEL: 'warn',
          NODE_OPTIONS: nodeOptions,
          SOAK_HEAP_FILE: heapFile,
        },
        healthPath: '/health',
        logDir,
      });
      return { ...proc, label, heapFile };
    }),
  );
  return { servers, adminToken };
}

/** Only what POST /oauth/token needs, to hand to the load generator over IPC. */
const credentials = (w) => ({
  workspaceId: w.workspaceId,
  clientId: w.clientId,
  username: w.username,
  password: w.password,
});

/**
 * The soak's workspaces and webhook endpoints, created through server A. `limitedWritesPerMinute` is the limited
 * workspace's write limit (run.mjs: a quarter of what the mix offers it).
 */
export async function prepareWorkspaces({ url, adminToken, receiver, limitedWritesPerMinute }) {
  const api = new Api(url, adminToken);
  const main = await api.benchWorkspace('soak main');
  await api.approvePayer(main);
  const endpoints = {
    all: await api.call(main.token, 'POST', '/v1/webhooks', {
      name: 'soak: every event',
      url: receiver.urlOf('all'),
      secret: webhookSecret,
    }),
    completions: await api.call(main.token, 'POST', '/v1/webhooks', {
      name: 'soak: completions',
      url: receiver.urlOf('completions'),
      secret: webhookSecret,
      enabledEvents: ['deposit_completed', 'order_completed', 'withdrawal_completed'],
    }),
  };
  await api.fund(main, startingFundsEur);

  const limited = await api.benchWorkspace('soak limited');
  await api.call(adminToken, 'PATCH', `/admin/v1/workspaces/${limited.workspaceId}`, {
    writeLimitPerMinute: limitedWritesPerMinute,
  });
  await api.approvePayer(limited);
  return {
    api,
    workspaces: { main: credentials(main), limited: credentials(limited) },
    endpointIds: Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, e.id])),
  };
}
