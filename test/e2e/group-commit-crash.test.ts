// Goal (issue 32, group commit): a kill -9 while keyed deposits are being written in group statements loses no
// acknowledged write and leaves no key consumed without its deposit. Method: the real process (`node dist/main.js`)
// under keyed POST /v1/deposits from many clients at once, so that statements carry several deposits (read from
// GET /admin/v1/database before the kill); SIGKILL at a moment of the run; then, on the store as the process left
// it, every key stored with an answer names a deposit that exists, and every acknowledged deposit exists; a new
// process replays every acknowledged key with its deposit, and writes or replays every other key once. Runs on the
// embedded store, or on the PostgreSQL server of DATABASE_URL (scripts/with-postgres.sh).

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aPartner, approvePayer, call } from '../support/e2e-api.js';
import { payer } from '../support/orders.js';
import { kill9, type Server, serverProcesses, sleep, storeName, withStore } from '../support/server-process.js';

const adminToken = `e2e-group-crash-${randomUUID()}`;
const processes = serverProcesses({ env: { LOG_LEVEL: 'warn', ADMIN_TOKEN: adminToken } });
const clients = 16;

describe(`group commit: kill -9 mid-batch (${storeName})`, () => {
  it('loses no acknowledged deposit and leaves no key without its deposit', async () => {
    const dataDir = processes.freshDir();
    const first = await processes.startHealthy(dataDir, { WRITE_RATE_LIMIT_PER_MINUTE: '100000' });
    const partner = await aPartner(first, 'group commit crash');
    await approvePayer(first, partner);
    const workspaceId = partner.workspace.workspaceId;

    const sent: string[] = [];
    const acknowledged = new Map<string, string>();
    let stopping = false;
    const deposit = (server: Server, key: string) =>
      call(server, partner.token, 'POST', '/v1/deposits', { userData: payer, amount: 10, currency: 'EUR' }, key);
    const client = async (n: number) => {
      for (let i = 0; !stopping; i++) {
        const key = `crash-${n}-${i}`;
        sent.push(key);
        try {
          const answer = await deposit(first, key);
          if (answer.status === 201) acknowledged.set(key, answer.body.depositId);
        } catch {
          return; // the process is gone
        }
      }
    };
    const load = Array.from({ length: clients }, (_, n) => client(n));
    // Statements must have carried several deposits before the kill.
    let grouped = 0;
    for (let waited = 0; grouped === 0 && waited < 30_000; waited += 100) {
      await sleep(100);
      const report = await call(first, adminToken, 'GET', '/admin/v1/database');
      const sizes: { writes: number; statements: number }[] = report.body.groupCommit?.deposits?.sizes ?? [];
      grouped = sizes.filter((s) => s.writes > 1).reduce((sum, s) => sum + s.statements, 0);
    }
    expect(grouped, 'statements that carried several deposits').toBeGreaterThan(0);
    await sleep(300 + Math.floor(Math.random() * 400));
    await kill9(first);
    stopping = true;
    await Promise.all(load);
    expect(acknowledged.size).toBeGreaterThan(clients);

    // On the store as the process left it: every key stored with an answer names its deposit, and every
    // acknowledged deposit is there.
    await withStore(dataDir, async (store) => {
      const keys = await store.db.query<{
        key: string;
        state: string;
        deposit_id: string | null;
        found: string | null;
      }>(
        `select k.key, k.state, k.response_body::jsonb ->> 'depositId' as deposit_id, d.id as found
         from idempotency_keys k left join deposits d on d.id = k.response_body::jsonb ->> 'depositId'
         where k.workspace_id = $1 and k.key like 'crash-%'`,
        [workspaceId],
      );
      const withoutDeposit = keys.filter((k) => k.state !== 'completed' || k.found === null);
      expect(withoutDeposit, 'keys consumed without their deposit').toEqual([]);
      const stored = new Map(keys.map((k) => [k.key, k.deposit_id]));
      for (const [key, depositId] of acknowledged) expect(stored.get(key), key).toBe(depositId);
      const deposits = await store.db.query<{ n: number }>(
        'select count(*)::int as n from deposits where workspace_id = $1',
        [workspaceId],
      );
      expect(deposits[0]?.n, 'a deposit for every key, no more').toBe(keys.length);
    });

    // A new process: every acknowledged key replays its deposit; every other key is written or replayed, once.
    const second = await processes.startHealthy(dataDir, { WRITE_RATE_LIMIT_PER_MINUTE: '100000' });
    try {
      for (const key of sent) {
        const answer = await deposit(second, key);
        expect(answer.status, `${key}: ${answer.text}`).toBe(201);
        const known = acknowledged.get(key);
        if (known !== undefined) expect(answer.body.depositId, key).toBe(known);
        const again = await deposit(second, key);
        expect(again.body.depositId, key).toBe(answer.body.depositId);
      }
    } finally {
      await kill9(second);
    }
  }, 180_000);
});
