import { afterAll, beforeAll, expect, it } from 'vitest';
import { evidenceProblems } from '../../simulation/invariants-production.js';
import { ProductionModel } from '../../simulation/production-model.js';
import { productionOperations } from '../../simulation/production-steps.js';
import { Random } from '../../simulation/random.js';
import { formatReport } from '../../simulation/report.js';
import { type RunReport, run, type Store } from '../../simulation/run.js';
import { defaultMix, drawSequence, operations } from '../../simulation/steps.js';
import { openFreshStore } from '../../simulation/stores.js';

// The simulator's production mode (docs/reliability/simulator.md, "Production mode") over a fixed set of seeds, on
// the suite's store, in a database of its own: money moves only by bank files, payout batches and the provider
// service's signed callbacks, and after every step no deposit is credited beyond its evidence and no payout is
// complete without a report. A failure prints the seed, the broken invariant and the shortest step list found.

const storeName = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const fixed = { seed: 26_000, sequences: 30, steps: 40 };

let store: Store | undefined;
let report: RunReport | undefined;

beforeAll(async () => {
  store = await openFreshStore(storeName);
}, 120_000);

afterAll(async () => {
  await store?.close();
});

const count = (prefix: string) =>
  [...(report?.outcomes ?? new Map<string, number>())]
    .filter(([key]) => key.startsWith(prefix))
    .reduce((sum, [, n]) => sum + n, 0);

it(`holds every invariant in production, seeds ${fixed.seed} to ${fixed.seed + fixed.sequences - 1}`, async () => {
  report = await run({ ...fixed, environment: 'production', store: store as Store, shrinkRunsMax: 20 });
  const text = formatReport(report, { store: storeName, steps: fixed.steps, environment: 'production' });
  expect(report.failure, text).toBeUndefined();
  expect(report.finalLedgerProblems).toEqual([]);
  expect(report.faultsFired).toBeGreaterThan(0);
  expect(report.instancesBuilt).toBeGreaterThan(1);
  // The seeds reach every path of the evidence: credits by bank line and by callback, batches and their verdicts,
  // provider outcomes, files and callbacks again, forged callbacks, the operator's queue, the sandbox refused.
  for (const reached of [
    'bankCredit matching 200',
    'bankCredit unmatched 200',
    'fileAgain 200',
    'assignEntry 200',
    'cutBatch 201',
    'batchReport accepted 200',
    'batchReport rejected 200',
    'payoutStatement debit 200',
    'providerCredit 200',
    'providerCredit forged 401',
    'providerOutcome settled 200',
    'callbackAgain same 200',
    'callbackAgain reused id 409',
    'sandboxRefused 404',
  ]) {
    expect(count(reached), `${reached}\n${text}`).toBeGreaterThan(0);
  }
}, 240_000);

it('sees a deposit credited and a payout completed without evidence', async () => {
  const { db } = store as Store;
  const [credited] = await db.query<{ workspace_id: string }>(
    `select d.workspace_id from deposits d where d.status = 'Received' order by d.workspace_id limit 1`,
  );
  const [completed] = await db.query<{ workspace_id: string }>(
    `select w.workspace_id from withdrawals w where w.status = 'Success' order by w.workspace_id limit 1`,
  );
  if (credited === undefined || completed === undefined) throw new Error('the seeds credited or completed nothing');
  // The world as if it had sent no evidence: every credit and every completion is then unexplained.
  const nothingSent = new ProductionModel('none');
  expect(await evidenceProblems(db, credited.workspace_id, nothingSent)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^no credit without evidence: deposit \w+ was credited \d+/)]),
  );
  expect(await evidenceProblems(db, completed.workspace_id, nothingSent)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^no payout completed without evidence: withdrawal [\w-]+ is Success/),
    ]),
  );
  // Evidence counted once: one line of the deposit's full amount explains it once, not twice.
  const [deposit] = await db.query<{ id: string; amount: bigint }>(
    `select id, amount from deposits where workspace_id = $1 and status = 'Received' limit 1`,
    [credited.workspace_id],
  );
  const half = new ProductionModel('half');
  half.credit('one line', (deposit?.amount ?? 0n) / 2n, deposit?.id);
  const problems = await evidenceProblems(db, credited.workspace_id, half);
  expect(problems.some((p) => p.includes(`deposit ${deposit?.id} was credited`))).toBe(true);
});

it('draws no sandbox operation in production, and no production operation on the stage', () => {
  const sandboxOnly = new Set([
    'quote',
    'railOrder',
    'cryptoOrder',
    'balanceOrder',
    'exchange',
    'deposit',
    'depositTransfer',
    'orderTransfer',
    'expireDeposit',
    'withdrawalMove',
    'orderPayoutMove',
    'expireOrder',
    'cancelOrder',
    'refund',
    'orderFromPayment',
    'depositMethod',
    'activateMethod',
    'methodTransfer',
    'workspaceClock',
    'outcomesMode',
    'kyc',
  ]);
  const production = new Set<string>(productionOperations);
  for (let seed = 0; seed < 50; seed += 1) {
    for (const step of drawSequence(new Random(seed), 40, { ...defaultMix, environment: 'production' })) {
      expect(sandboxOnly.has(step.op), step.op).toBe(false);
    }
    for (const step of drawSequence(new Random(seed), 40)) {
      expect(production.has(step.op), step.op).toBe(false);
      expect((operations as readonly string[]).includes(step.op)).toBe(true);
    }
  }
});

it('repeats a production run from its seed: the same requests meet the same answers and faults', async () => {
  const twice = [];
  for (let i = 0; i < 2; i += 1) {
    const fresh = await openFreshStore(storeName);
    try {
      // On PostgreSQL the two requests of a concurrent duplicate interleave as the server schedules them: left out.
      const mix = { ...defaultMix, duplicateRate: storeName === 'postgres' ? 0 : defaultMix.duplicateRate };
      const again = await run({
        seed: fixed.seed,
        sequences: 3,
        steps: 40,
        environment: 'production',
        store: fresh,
        mix,
        shrink: false,
      });
      twice.push({ outcomes: [...again.outcomes].sort(), instances: again.instancesBuilt, fired: again.faultsFired });
    } finally {
      await fresh.close();
    }
  }
  expect(twice[1]).toEqual(twice[0]);
}, 120_000);
