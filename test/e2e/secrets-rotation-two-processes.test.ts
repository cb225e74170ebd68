// Goal: a rolling rotation of SECRETS_KEY across two processes, done as docs/reliability/rotation.md tells an
// operator, loses no webhook: while deposits commit events without pause and each step adds an endpoint, every
// delivery arrives signed with its endpoint's secret (the spec's header and Standard Webhooks, through the
// `standardwebhooks` library). Method: processes a and b restarted one at a time through the four steps (B learnt
// as decrypt-only, B sealing, re-encryption by the command's own process, A dropped); a load loop uses whichever
// process is up, and none of its requests may fail. On a database of the file's own (re-encryption rewrites every
// stored secret), so PostgreSQL only.

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, approvePayer, depositAndSimulate, type Partner } from '../support/e2e-api.js';
import { registerEndpoint } from '../support/e2e-webhooks.js';
import { type OwnDatabase, ownDatabase } from '../support/own-database.js';
import { aReceiver } from '../support/receiver.js';
import {
  childEnv,
  databaseUrl,
  root,
  type Server,
  serverProcesses,
  sleep,
  stop,
  unthrottled,
  waitFor,
} from '../support/server-process.js';
import { verifiesBoth } from '../support/standard-webhooks.js';

const keyA = randomBytes(32).toString('hex');
const keyB = randomBytes(32).toString('hex');
/** The four configurations of the rotation, in order (docs/reliability/rotation.md). */
const steps = [
  { SECRETS_KEY: keyA },
  { SECRETS_KEY: keyA, SECRETS_DECRYPT_KEYS: keyB },
  { SECRETS_KEY: keyB, SECRETS_DECRYPT_KEYS: keyA },
  { SECRETS_KEY: keyB },
];

describe.skipIf(databaseUrl === undefined)('a rolling SECRETS_KEY rotation over two processes', () => {
  const processes = serverProcesses({
    dirPrefix: 'brokerage-e2e-rotation-',
    healthPollMs: 100,
    env: {
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: 'e2e-rotation-operator-token',
      WEBHOOK_ALLOW_INSECURE: '1',
      SANDBOX_SETTLE_DELAY_MS: '0',
      ...unthrottled,
    },
  });
  let own: OwnDatabase;
  beforeAll(async () => {
    own = await ownDatabase();
  });
  afterAll(async () => {
    await own?.close();
  });

  it('every delivery is signed with its endpoint secret through every step', async () => {
    const receiver = processes.closeAfterAll(await aReceiver());
    const start = (step: number, name: string) =>
      processes.startHealthy(processes.freshDir(), { DATABASE_URL: own.url as string, ...steps[step] }, name);
    const up: Server[] = [await start(0, 'a'), await start(0, 'b')];
    const p: Partner = await aPartner(up[0] as Server, 'e2e rotation', { tokenServer: up[1] as Server });
    await approvePayer(up[0] as Server, p);
    const secrets = new Map<string, string>();
    const addEndpoint = async (n: number) => {
      const secret = `rotation-secret-${n}-${randomBytes(8).toString('hex')}`;
      secrets.set(`/step-${n}`, secret);
      await registerEndpoint(up[n % up.length] as Server, p, `${receiver.url}/step-${n}`, secret);
    };
    await addEndpoint(0);

    // Events without pause, through whichever process is up, as a load balancer spreads them.
    let loading = true;
    let inFlight: { server: Server; done: Promise<unknown> } | undefined;
    const load = (async () => {
      for (let i = 0; loading; i++) {
        const server = up[i % up.length] as Server;
        inFlight = { server, done: depositAndSimulate(server, p, 10 + (i % 7)) };
        await inFlight.done;
        await sleep(30);
      }
    })();
    // A rolling restart: the balancer stops sending to the process and lets its request finish, then it is stopped
    // (SIGTERM) and started again with the next step's configuration.
    const restart = async (index: number, step: number) => {
      const [old] = up.splice(index, 1) as [Server];
      if (inFlight?.server === old) await inFlight.done;
      await stop(old);
      up.splice(index, 0, await start(step, old.name));
    };

    let n = 0;
    for (const step of [1, 2]) {
      for (const index of [0, 1]) {
        await restart(index, step);
        await addEndpoint(++n);
      }
    }
    const reencrypt = await promisify(execFile)(process.execPath, ['dist/secrets-command.js', 'reencrypt'], {
      cwd: root,
      env: childEnv({ DATABASE_URL: own.url as string, DATA_DIR: processes.freshDir(), ...steps[2] }),
    });
    expect(reencrypt.stdout).toContain('done: every stored secret is sealed under SECRETS_KEY');
    for (const index of [0, 1]) {
      await restart(index, 3);
      await addEndpoint(++n);
    }
    loading = false;
    await load;
    // The last endpoint hears at least this one deposit's events.
    await depositAndSimulate(up[0] as Server, p, 5, up[1] as Server);

    // Quiet: every event of the workspace fanned out (the dispatcher does it after the commit, so delivery rows
    // appear later than their events), every delivery row delivered and each arrived, and every endpoint heard;
    // then every arrival's signatures.
    const unfanned = () =>
      own.db.query<{ n: bigint }>(
        'select count(*) as n from outbox_events where workspace_id = $1 and fanned_out_at_ms is null',
        [p.workspace.workspaceId],
      );
    const deliveries = () =>
      own.db.query<{ state: string }>('select state from webhook_deliveries where workspace_id = $1', [
        p.workspace.workspaceId,
      ]);
    await waitFor(
      'every event fanned out and every delivery delivered',
      async () => {
        const [waiting] = await unfanned();
        if (Number(waiting?.n ?? 1) > 0) return false;
        const rows = await deliveries();
        return (
          rows.every((r) => r.state === 'delivered') &&
          receiver.received.length >= rows.length &&
          new Set(receiver.received.map((r) => r.path)).size === secrets.size
        );
      },
      30_000,
    );
    expect(receiver.received.length).toBeGreaterThan(20);
    for (const arrival of receiver.received) {
      expect(verifiesBoth(arrival, secrets.get(arrival.path) as string), arrival.path).toBe(true);
    }
    expect(new Set(receiver.received.map((r) => r.path)).size).toBe(secrets.size);
    console.info(
      `[PostgreSQL] rolling SECRETS_KEY rotation: ${receiver.received.length} deliveries to ${secrets.size} endpoints, every one verified`,
    );
    await Promise.all(up.map((server) => stop(server)));
  }, 120_000);
});
