// Goal: `npm run start:cluster` runs several server processes on one port over one PostgreSQL database and the
// shared guarantees hold through it: a keyed write sent many times at once creates one resource, the write limit is
// one count, concurrent withdrawals never overdraw, a worker that dies is replaced, and a stop is clean. Method: the
// real entry point (dist/cluster.js) with two workers, its children read from /proc, requests through its one port.

import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  aPartner,
  approvePayer,
  call,
  configureWorkspace,
  depositAndSimulate,
  writeBurst,
} from '../support/e2e-api.js';
import { destinations } from '../support/orders.js';
import { databaseUrl, exited, type Server, serverProcesses, unthrottled, waitFor } from '../support/server-process.js';

/** The pids whose parent is `pid`: the cluster's workers. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found.sort();
}

describe.skipIf(databaseUrl === undefined)('the cluster: two workers on one port, one PostgreSQL database', () => {
  let cluster: Server;
  const processes = serverProcesses({
    entry: 'dist/cluster.js',
    env: {
      CLUSTER_WORKERS: '2',
      ADMIN_TOKEN: `cluster-admin-${randomUUID()}`,
      SECRETS_KEY: 'c'.repeat(64),
      SANDBOX_SETTLE_DELAY_MS: '0',
      ...unthrottled,
      LOG_LEVEL: 'warn',
    },
  });

  beforeAll(async () => {
    cluster = await processes.startHealthy(processes.freshDir(), {}, 'cluster');
    await waitFor('two workers', () => childrenOf(cluster.child.pid ?? 0).length === 2, 30_000);
  }, 90_000);

  it('a keyed deposit sent 10 times at once creates one deposit', async () => {
    const p = await aPartner(cluster, 'cluster: idempotency');
    await approvePayer(cluster, p, 'ana.cluster@example.com');
    const body = {
      userData: { firstName: 'Ana', lastName: 'Silva', userEmail: 'ana.cluster@example.com', country: 'PT' },
      currency: 'EUR',
      amount: 75,
    };
    const key = `cluster-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(cluster, p.token, 'POST', '/v1/deposits', body, key)),
    );
    const ids = new Set(answers.filter((r) => r.status === 201).map((r) => r.body.depositId));
    expect(ids.size, answers.map((r) => `${r.status} ${r.text}`).join('\n')).toBe(1);
    for (const r of answers.filter((a) => a.status !== 201)) expect(r.status).toBe(409);
  }, 60_000);

  it('the write limit is one count: 12 writes at once with a limit of 6, exactly 6 pass', async () => {
    const p = await aPartner(cluster, 'cluster: write limit');
    await configureWorkspace(cluster, p.workspace.workspaceId, { writeLimitPerMinute: 6 });
    await new Promise((r) => setTimeout(r, 2_500)); // every worker's workspace cache (2 s) sees the new limit
    const answers = await writeBurst([cluster], p.token, 12);
    expect(answers.filter((r) => r.status === 400)).toHaveLength(6);
    expect(answers.filter((r) => r.status === 503)).toHaveLength(6);
  }, 90_000);

  it('20 concurrent withdrawals of 10 on a 100 balance: exactly 10 pass, none overdraws', async () => {
    const p = await aPartner(cluster, 'cluster: withdrawals');
    await approvePayer(cluster, p);
    await depositAndSimulate(cluster, p, 100);
    const available = async () =>
      ((await call(cluster, p.token, 'GET', '/v1/balances?currency=EUR')).body.balances[0]?.available ?? 0) as number;
    await waitFor('the deposit to settle', async () => (await available()) === 100, 20_000);
    const sepa = destinations.SEPA;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          cluster,
          p.token,
          'POST',
          '/v1/withdrawals',
          { currency: 'EUR', amount: 10, destinationTransferData: sepa },
          `w-${randomUUID()}`,
        ),
      ),
    );
    const summary = answers.map((r) => `${r.status} ${r.text}`).join('\n');
    expect(
      answers.filter((r) => r.status === 201),
      summary,
    ).toHaveLength(10);
    expect(
      answers.filter((r) => r.status === 402),
      summary,
    ).toHaveLength(10);
    expect(await available()).toBe(0);
  }, 60_000);

  it('a worker killed with SIGKILL is replaced and the port keeps answering', async () => {
    const [victim] = childrenOf(cluster.child.pid ?? 0);
    process.kill(victim as number, 'SIGKILL');
    await waitFor(
      'a replacement worker',
      () => {
        const now = childrenOf(cluster.child.pid ?? 0);
        return now.length === 2 && !now.includes(victim as number);
      },
      30_000,
    );
    await waitFor(
      'GET /health through the port',
      () =>
        fetch(`${cluster.url}/health`).then(
          (r) => r.status === 200,
          () => false,
        ),
      30_000,
    );
  }, 60_000);

  it('SIGTERM stops every worker and the primary exits 0', async () => {
    const workers = childrenOf(cluster.child.pid ?? 0);
    cluster.child.kill('SIGTERM');
    expect(await exited(cluster.child, 20_000), cluster.stderr).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});

describe('the cluster on the embedded store', () => {
  const processes = serverProcesses({ entry: 'dist/cluster.js', store: 'embedded', env: { CLUSTER_WORKERS: '2' } });

  it('refuses to start: the embedded store serves one process', async () => {
    const { code, server } = await processes.runToExit(processes.freshDir(), {});
    expect(code).toBe(1);
    expect(server.stderr).toContain('cluster mode needs DATABASE_URL');
  }, 40_000);
});
