import type { Fault, Operation } from './step-names.js';

export { type ProductionOperation, productionOperations } from './step-names.js';

// What a production run draws (`--env production`): the operations that move money by a real provider's evidence
// (operations-production.ts, operations-bank-files.ts) and the stage operations production serves the same way.
// The sandbox's own operations (simulated transfers, the helpers that complete or fail a payout, the test clock, the
// outcome setting, KYC by the sandbox) are never drawn here; `sandboxRefused` checks that production refuses them
// and moves nothing. Orders and quotes are not drawn: the simulator connects no price source, and production quotes
// nothing without one.

/** How often each operation is drawn in production mode, relative to the others. */
export const productionWeights = {
  productionDeposit: 8,
  providerWithdrawal: 5,
  withdrawal: 6,
  linkedWithdrawal: 2,
  bankCredit: 9,
  fileAgain: 3,
  assignEntry: 3,
  returnEntry: 1,
  cutBatch: 5,
  batchReport: 6,
  payoutStatement: 4,
  reconciliation: 2,
  providerCredit: 8,
  providerOutcome: 7,
  callbackAgain: 3,
  sandboxRefused: 2,
  cancelDeposit: 2,
  compliance: 1,
  bankingAccount: 2,
  deleteBankingAccount: 1,
  webhook: 2,
  deleteWebhook: 1,
  tick: 8,
  runWorkers: 5,
} as const satisfies Partial<Record<Operation, number>>;

/** Production's keyed writes: retried with their key, sometimes duplicated, as the stage's are. */
export const productionKeyedOperations: ReadonlySet<Operation> = new Set(['productionDeposit', 'providerWithdrawal']);

/**
 * Evidence arriving: a bank file imported, a provider callback. Both are safe to send again (a line is recorded
 * once, a callback once), so their senders send again after a lost answer or a 5xx, and the crash before the reply
 * and the connection lost before a statement belong to them as to a keyed write.
 */
export const evidenceOperations: ReadonlySet<Operation> = new Set([
  'bankCredit',
  'fileAgain',
  'batchReport',
  'payoutStatement',
  'providerCredit',
  'providerOutcome',
  'callbackAgain',
]);

export const evidenceFaults: Readonly<Record<Fault, number>> = {
  'db-down': 2,
  'db-lost-before': 2,
  'db-lost-after': 3,
  'db-error': 2,
  'crash-after': 3,
  'crash-before-reply': 3,
  'crash-after-job-claim': 0,
  'crash-after-delivery-claim': 0,
  'rail-fails': 0,
  'rail-times-out': 0,
  'prices-fail': 0,
};
