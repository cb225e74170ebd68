import { afterAll, beforeAll, expect, it } from 'vitest';
import { WorkspaceInvariants } from '../../simulation/invariants.js';
import { ledgerProblems } from '../../simulation/ledger-checks.js';
import { Model } from '../../simulation/model.js';
import { formatReport } from '../../simulation/report.js';
import { run, type Store } from '../../simulation/run.js';
import { defaultMix } from '../../simulation/steps.js';
import { openFreshStore } from '../../simulation/stores.js';

// The seeded simulator (simulation/, docs/reliability/simulator.md) over a fixed set of seeds, on the store the
// suite runs on (PostgreSQL when DATABASE_URL is set), in a database of its own: its simulated clock starts at
// 2026-01-01, and its jobs must not be due in the other tests' databases, nor theirs in its. A failure prints the
// seed, the broken invariant and the shortest step list found.

const storeName = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const fixed = { seed: 16_000, sequences: 100, steps: 40 };

let store: Store | undefined;

beforeAll(async () => {
  store = await openFreshStore(storeName);
}, 120_000);

afterAll(async () => {
  await store?.close();
});

it(`holds every invariant after every step of seeds ${fixed.seed} to ${fixed.seed + fixed.sequences - 1}`, async () => {
  const report = await run({
    ...fixed,
    store: store as Store,
    // A failure here shrinks on fresh workspaces of the same database, within the test's time.
    shrinkRunsMax: 40,
  });
  expect(report.failure, formatReport(report, { store: storeName, steps: fixed.steps })).toBeUndefined();
  expect(report.finalLedgerProblems).toEqual([]);
  // The seeds reach the faults: some fired, and some crashed an instance that was replaced.
  expect(report.faultsFired).toBeGreaterThan(0);
  expect(report.instancesBuilt).toBeGreaterThan(1);
}, 240_000);

it('sees a balance that is not its postings, an event of a change that never committed and a lost resource', async () => {
  const { db } = store as Store;
  const [balance] = await db.query<{ workspace_id: string; account_id: string; currency: string }>(
    `select a.workspace_id, b.account_id, b.currency from balances b join accounts a on a.id = b.account_id
     where b.available > 0 order by a.workspace_id, b.currency limit 1`,
  );
  if (balance === undefined) throw new Error('the seeds left no balance to break');
  const workspace = balance.workspace_id;
  await db.query('update balances set available = available - 1 where account_id = $1 and currency = $2', [
    balance.account_id,
    balance.currency,
  ]);
  await db.query(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
     values ($1, 'order_status_updated', 'PRENEVERCOMMITTED', '{"status":"Received"}', 0)`,
    [workspace],
  );
  const model = new Model();
  model.acknowledge('withdrawal', '00000000-0000-4000-8000-000000000000', {});
  const problems = await new WorkspaceInvariants(db, workspace, model).afterStep();
  const ledger = await ledgerProblems(db, { workspaceId: workspace, entriesAfter: 0n });
  expect(ledger.problems).toEqual([expect.stringMatching(/^balance equals postings: /)]);
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^balance equals postings: /),
      expect.stringMatching(/^no event for a rolled-back change: order_status_updated of PRENEVERCOMMITTED/),
      expect.stringMatching(/^one event per change: balance .* its last balance_updated says/),
      expect.stringMatching(/^nothing acknowledged is lost: withdrawal 00000000-/),
    ]),
  );
});

it('repeats a run from its seed: the same requests meet the same answers and faults', async () => {
  const twice = [];
  for (let i = 0; i < 2; i += 1) {
    const fresh = await openFreshStore(storeName);
    try {
      // On PostgreSQL the two requests of a concurrent duplicate interleave as the server schedules them: left out.
      const mix = { ...defaultMix, duplicateRate: storeName === 'postgres' ? 0 : defaultMix.duplicateRate };
      const report = await run({ seed: 16_000, sequences: 3, steps: 40, store: fresh, mix, shrink: false });
      twice.push({
        outcomes: [...report.outcomes].sort(),
        instances: report.instancesBuilt,
        fired: report.faultsFired,
      });
    } finally {
      await fresh.close();
    }
  }
  expect(twice[1]).toEqual(twice[0]);
}, 120_000);
