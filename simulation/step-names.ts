// The simulator's vocabulary: the operations a step may name (the stage's and production mode's) and the named fault
// points (docs/reliability/simulator.md). steps.ts draws stage sequences from them, production-steps.ts production's.

export const operations = [
  'quote',
  'railOrder',
  'cryptoOrder',
  'balanceOrder',
  'exchange',
  'deposit',
  'depositTransfer',
  'orderTransfer',
  'cancelDeposit',
  'expireDeposit',
  'compliance',
  'withdrawal',
  'linkedWithdrawal',
  'withdrawalMove',
  'orderPayoutMove',
  'expireOrder',
  'cancelOrder',
  'refund',
  'orderFromPayment',
  'depositMethod',
  'activateMethod',
  'methodTransfer',
  'tick',
  'workspaceClock',
  'outcomesMode',
  'kyc',
  'bankingAccount',
  'deleteBankingAccount',
  'webhook',
  'deleteWebhook',
  'runWorkers',
  // The partner operations (operations-partner.ts, operations-hosted.ts): appended, so earlier seeds' draws of the
  // operations above keep their relative weights.
  'webhookUpdate',
  'webhookResend',
  'eventResend',
  'legacyWebhook',
  'webhookTest',
  'conversation',
  'conversationMessage',
  'conversationClose',
  'brokerageReply',
  'ticket',
  'ticketMessage',
  'ticketClose',
  'supportStatus',
  'webForm',
  'payByBank',
  'openBankingStatus',
  'kycData',
  'hostedKyc',
  'kycStatus',
  'amlScreening',
  'amlResolve',
] as const;

/** What a production run draws (production-steps.ts says why these). */
export const productionOperations = [
  'productionDeposit',
  'providerWithdrawal',
  'bankCredit',
  'fileAgain',
  'assignEntry',
  'returnEntry',
  'cutBatch',
  'batchReport',
  'payoutStatement',
  'reconciliation',
  'providerCredit',
  'providerOutcome',
  'callbackAgain',
  'sandboxRefused',
] as const;
export type ProductionOperation = (typeof productionOperations)[number];

/** The stage's operations, and production mode's. */
export type Operation = (typeof operations)[number] | ProductionOperation;

/** The named fault points (docs/reliability/simulator.md). */
export const faults = [
  'db-down',
  'db-lost-before',
  'db-lost-after',
  'db-error',
  'crash-after',
  'crash-before-reply',
  'crash-after-job-claim',
  'crash-after-delivery-claim',
  'rail-fails',
  'rail-times-out',
  'prices-fail',
] as const;
export type Fault = (typeof faults)[number];
