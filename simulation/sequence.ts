import type { Actors } from './actors.js';
import { Client } from './client.js';
import { execute } from './execute.js';
import { eurCounterparty, payer } from './fixtures.js';
import { WorkspaceInvariants } from './invariants.js';
import { type Kind, Model } from './model.js';
import { productionSetUp } from './production-setup.js';
import { describeStep, type Step } from './steps.js';
import { runWorkers } from './workers.js';
import type { World } from './world.js';

// One sequence: a fresh partner (workspace) on the world's database, its payer approved and 5,000 EUR credited, then
// the steps, each followed by the invariants; at the end a drain (the clock moved past every delay and lease, the
// workers run) and the final checks: the invariants again, webhooks, and every acknowledged resource read back
// through the API.

export interface SequenceFailure {
  /** The index of the step after which the invariants failed; steps.length for the final checks. */
  readonly stepIndex: number;
  readonly problems: readonly string[];
}

export interface SequenceResult {
  readonly steps: readonly Step[];
  readonly failure: SequenceFailure | undefined;
  /** What each step did ("POST /v1/orders 201", "tick ran"), counted. */
  readonly outcomes: ReadonlyMap<string, number>;
  /** The faults that fired (a fault armed at a point the request never reached does not fire). */
  readonly faultsFired: number;
  /** Real milliseconds spent per operation (its requests and workers), per set-up, drain, and checks. */
  readonly elapsedMs: ReadonlyMap<string, number>;
}

const readUrls: Partial<Record<Kind, (id: string) => string>> = {
  deposit: (id) => `/v1/deposits/${id}`,
  order: (id) => `/v1/orders/${id}`,
  withdrawal: (id) => `/v1/withdrawals/${id}`,
  bankingAccount: (id) => `/v1/banking-accounts/${id}`,
  webhook: (id) => `/v1/webhooks/${id}`,
  method: (id) => `/v1/deposits/methods/${id}`,
};

/** The sandbox's settle delay (2 s), a lease (30 s), an hour of retries, and past a day's payment windows. */
const drainMs = [2_500, 31_000, 3_600_000, 90_000_000, 31_000];

async function setUp(a: Actors, name: string): Promise<void> {
  await a.client.open(name);
  const approved = await a.client.plain({
    method: 'POST',
    url: '/v1/simulate/kyc',
    payload: { userEmail: payer.userEmail, status: 'APPROVED' },
  });
  if (approved.status !== 200) throw new Error(`payer not approved: ${approved.status}`);
  const deposit = await a.client.plain(
    { method: 'POST', url: '/v1/deposits', payload: { userData: payer, currency: 'EUR', amount: 5_000 } },
    'setup',
  );
  if (deposit.status !== 201) throw new Error(`setup deposit: ${deposit.status} ${JSON.stringify(deposit.body)}`);
  const depositId = String(deposit.body.depositId);
  a.model.acknowledge('deposit', depositId, { amount: 5_000 });
  await a.client.plain({
    method: 'POST',
    url: '/v1/simulate/incoming-transfer/deposit',
    payload: { depositId, amount: 5_000, ...eurCounterparty },
  });
  a.world.clock.advance(2_500);
  await runWorkers(a, undefined);
}

async function finalProblems(a: Actors, invariants: WorkspaceInvariants): Promise<string[]> {
  for (const ms of drainMs) {
    a.world.clock.advance(ms);
    await runWorkers(a, undefined);
  }
  const problems = [...(await invariants.afterStep()), ...(await invariants.webhookProblems(a.world.receivers))];
  for (const [kind, url] of Object.entries(readUrls) as [Kind, (id: string) => string][]) {
    for (const known of a.model.known[kind]) {
      if (known.deleted) continue;
      const read = await a.client.plain({ method: 'GET', url: url(known.id) });
      if (read.status !== 200)
        problems.push(`nothing acknowledged is lost: GET ${url(known.id)} answered ${read.status}`);
    }
  }
  return problems;
}

export async function runSequence(world: World, name: string, steps: readonly Step[]): Promise<SequenceResult> {
  const model = new Model();
  const client = new Client(world, model);
  const actors: Actors = { world, client, model };
  const outcomes = new Map<string, number>();
  let faultsFired = 0;
  const elapsedMs = new Map<string, number>();
  const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      elapsedMs.set(what, (elapsedMs.get(what) ?? 0) + performance.now() - started);
    }
  };
  await timed('set-up', () => (world.environment === 'production' ? productionSetUp : setUp)(actors, name));
  const invariants = new WorkspaceInvariants(world.db, client.workspaceId, model);
  let failure: SequenceFailure | undefined;
  for (const [index, step] of steps.entries()) {
    const errorsBefore = client.serverErrors;
    const instancesBefore = world.instancesBuilt;
    world.instance.store.fired = undefined;
    world.instance.rails.faulted = 0;
    world.instance.prices.faulted = 0;
    let problems: string[];
    try {
      const outcome = await timed(step.op, () => execute(actors, step, index));
      const key = `${step.op} ${outcome}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      problems = await timed('checks', () => invariants.afterStep());
    } catch (error) {
      problems = [`the step threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`];
    }
    const { store, rails, prices } = world.instance;
    const fired = store.fired !== undefined || rails.faulted > 0 || prices.faulted > 0;
    if (step.fault !== undefined && (world.instancesBuilt > instancesBefore || fired)) {
      faultsFired += 1;
    }
    if (step.fault === undefined && client.serverErrors > errorsBefore) {
      problems.push(`no error without a fault: ${describeStep(step, index)} was answered 5xx`);
    }
    if (problems.length > 0) {
      failure = { stepIndex: index, problems };
      break;
    }
  }
  if (failure === undefined) {
    const problems = await timed('drain and final checks', () => finalProblems(actors, invariants)).catch(
      (error: unknown) => [
        `the final checks threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ],
    );
    if (problems.length > 0) failure = { stepIndex: steps.length, problems };
  }
  return { steps, failure, outcomes, faultsFired, elapsedMs };
}
