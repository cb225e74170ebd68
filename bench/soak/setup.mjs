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

/**
 * Two servers, A and B, on `databaseUrl`: [{ label, url, pid, heapFile, ... }], the operator token, the secrets key
 * they share (hex), and `start(label, secrets)`, which starts one more process of the deployment with other
 * SECRETS_KEY and SECRETS_DECRYPT_KEYS, to replace the process of that label (a rolling rotation, ./rotation.mjs).
 */
export async function startServers({ databaseUrl, logDir }) {
  const adminToken = randomBytes(24).toString('hex');
  const secretsKey = randomBytes(32).toString('hex');
  const probeDir = tempDir('soak-heap');
  const nodeOptions = [`--import=${probe}`, settings.serverNodeOptions].filter(Boolean).join(' ');
  let starts = 0;
  const start = async (label, secrets) => {
    const heapFile = join(probeDir, `${label}.json`);
    starts += 1;
    const proc = await startHttpProcess({
      // Each start logs to a file of its own: a restarted process's lines do not overwrite the first one's.
      name: starts <= 2 ? `soak-${label}` : `soak-${label}-${starts}`,
      script: settings.serverScript,
      env: {
        DATABASE_URL: databaseUrl,
        DATA_DIR: tempDir(`soak-${label}`),
        ADMIN_TOKEN: adminToken,
        ...secrets,
        WEBHOOK_ALLOW_INSECURE: '1',
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: nodeOptions,
        SOAK_HEAP_FILE: heapFile,
      },
      healthPath: '/health',
      logDir,
    });
    return { ...proc, label, heapFile };
  };
  const servers = await Promise.all(['A', 'B'].map((label) => start(label, { SECRETS_KEY: secretsKey })));
  return { servers, adminToken, secretsKey, start };
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
    workspaces: { main: credentials(main), limited: credentials(limited) },
    endpointIds: Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, e.id])),
  };
}
