import {
  evidenceFaults,
  evidenceOperations,
  productionKeyedOperations,
  productionWeights,
} from './production-steps.js';
import type { Random } from './random.js';
import type { Fault, Operation, operations } from './step-names.js';

export { type Fault, type Operation, operations } from './step-names.js';

// A sequence is a list of steps drawn from the seed before anything runs. A step names its operation and carries
// plain numbers for every choice it makes when it runs (which of the existing orders, which amount, which fault),
// so that a step list replays the same way, and any sub-list of it is still a valid sequence: the shrinker deletes
// steps freely, and a step whose target does not exist (yet) does nothing.

/** How often each operation is drawn, relative to the others (on the stage; production-steps.ts for production). */
const weights: Record<(typeof operations)[number], number> = {
  quote: 2,
  railOrder: 8,
  cryptoOrder: 3,
  balanceOrder: 3,
  exchange: 4,
  deposit: 8,
  depositTransfer: 9,
  orderTransfer: 9,
  cancelDeposit: 2,
  expireDeposit: 1,
  compliance: 4,
  withdrawal: 8,
  linkedWithdrawal: 2,
  withdrawalMove: 4,
  orderPayoutMove: 4,
  expireOrder: 2,
  cancelOrder: 2,
  refund: 3,
  orderFromPayment: 2,
  depositMethod: 1,
  activateMethod: 1,
  methodTransfer: 3,
  tick: 10,
  workspaceClock: 1,
  outcomesMode: 2,
  kyc: 2,
  bankingAccount: 2,
  deleteBankingAccount: 1,
  webhook: 2,
  deleteWebhook: 1,
  runWorkers: 5,
  webhookUpdate: 2,
  webhookResend: 1,
  eventResend: 1,
  legacyWebhook: 1,
  webhookTest: 1,
  conversation: 1,
  conversationMessage: 1,
  conversationClose: 1,
  brokerageReply: 1,
  ticket: 1,
  ticketMessage: 1,
  ticketClose: 1,
  supportStatus: 1,
  webForm: 3,
  payByBank: 1,
  openBankingStatus: 1,
  kycData: 1,
  hostedKyc: 2,
  kycStatus: 1,
  amlScreening: 1,
  amlResolve: 1,
};

/** Faults of a request: the statement-level ones and the crash before the reply. */
const requestFaults: Record<Fault, number> = {
  'db-down': 2,
  'db-lost-before': 2,
  'db-lost-after': 3,
  'db-error': 2,
  'crash-after': 3,
  'crash-before-reply': 3,
  'crash-after-job-claim': 0,
  'crash-after-delivery-claim': 0,
  'rail-fails': 1,
  'rail-times-out': 0,
  'prices-fail': 2,
};

/** Faults of the background workers' round (tick, runWorkers). */
const workerFaults: Record<Fault, number> = {
  'db-down': 1,
  'db-lost-before': 1,
  'db-lost-after': 2,
  'db-error': 1,
  'crash-after': 2,
  'crash-before-reply': 0,
  'crash-after-job-claim': 3,
  'crash-after-delivery-claim': 2,
  'rail-fails': 3,
  'rail-times-out': 3,
  'prices-fail': 0,
};

/** Operations whose request is a keyed write: they may be retried with their key, or sent twice at once. */
export const keyedOperations: ReadonlySet<Operation> = new Set([
  'railOrder',
  'cryptoOrder',
  'balanceOrder',
  'exchange',
  'deposit',
  'withdrawal',
  'linkedWithdrawal',
  // Conversations and support tickets take an Idempotency-Key on every write, AML screenings on theirs.
  'conversation',
  'conversationMessage',
  'conversationClose',
  'ticket',
  'ticketMessage',
  'ticketClose',
  'amlScreening',
]);

/**
 * Faults of any other request: the database failing under it, or the process dying after a statement. They are not
 * retried (nothing but a key makes a retry safe), so a crash before the reply would only lose an answer.
 */
const otherRequestFaults = {
  'db-down': 1,
  'db-lost-after': 1,
  'db-error': 1,
  'crash-after': 1,
  'prices-fail': 1,
} as const;

const workerOperations: ReadonlySet<Operation> = new Set(['tick', 'runWorkers']);

export interface Step {
  readonly op: Operation;
  /** Chooses the target among the existing ones (modulo their count) and, for a kind of thing, among its kinds. */
  readonly pick: number;
  /** Chooses an amount, a scenario, an outcome, a duration: each operation reads it its own way. */
  readonly variant: number;
  readonly fault?: Fault;
  /** The fault's point: the n-th statement or COMMIT (store faults), or how many provider calls fail. */
  readonly point?: number;
  /** A keyed write sent again with its key after its answer (retry), or twice at once (concurrent). */
  readonly duplicate?: 'retry' | 'concurrent';
}

export interface Mix {
  /** The chance that a step carries a fault. */
  readonly faultRate: number;
  /** The chance that a keyed write is duplicated. */
  readonly duplicateRate: number;
  /** Which environment's operations are drawn: the stage's (the default) or production's. */
  readonly environment?: 'stage' | 'production';
}

export const defaultMix: Mix = { faultRate: 0.25, duplicateRate: 0.2 };

export function drawStep(random: Random, mix: Mix = defaultMix): Step {
  const op: Operation =
    mix.environment === 'production' ? random.weighted(productionWeights) : random.weighted(weights);
  const step: { -readonly [K in keyof Step]: Step[K] } = { op, pick: random.uint32(), variant: random.uint32() };
  const keyed = keyedOperations.has(op) || productionKeyedOperations.has(op);
  const table = workerOperations.has(op)
    ? workerFaults
    : keyed
      ? requestFaults
      : evidenceOperations.has(op)
        ? evidenceFaults
        : undefined;
  if (random.chance(mix.faultRate)) {
    const fault: Fault = table ? random.weighted(table) : random.weighted(otherRequestFaults);
    step.fault = fault;
    step.point = fault.startsWith('rail-') || fault === 'prices-fail' ? random.int(1, 3) : random.int(1, 8);
  }
  if (keyed && random.chance(mix.duplicateRate)) {
    step.duplicate = random.chance(0.5) ? 'retry' : 'concurrent';
  }
  return step;
}

export function drawSequence(random: Random, length: number, mix: Mix = defaultMix): Step[] {
  return Array.from({ length }, () => drawStep(random, mix));
}

/** One line per step, as a failure prints it. */
export const describeStep = (step: Step, index: number): string =>
  `${String(index).padStart(3)} ${step.op} pick=${step.pick} variant=${step.variant}` +
  (step.fault ? ` fault=${step.fault}@${step.point}` : '') +
  (step.duplicate ? ` duplicate=${step.duplicate}` : '');
