import type { ExampleCatalogue } from '../../platform/openapi-examples.js';
import { exampleDeposit, sepaDepositInfo } from '../../resources/deposits/examples.js';
import { exampleOrder } from '../../resources/orders/examples.js';
import { examplePendingPayment } from '../../resources/pending-payments/examples.js';

// The compliance decisions and the refund show the partner API's own examples (resources/*/examples.ts) at the step
// an operator acts on.

// deposits.get's deposit up to its last key: a received deposit writes receivedAt before expectedAmount
// (admin.compliance.decideDeposit).
const { expectedAmount: _expected, ...depositBeforeExpectedAmount } = exampleDeposit;

/** The housekeeping's last run and settings: admin.housekeeping.get, and .run (with the next run it set). */
const housekeeping = {
  lastRun: {
    runId: '1',
    startedAt: 1748943017,
    finishedAt: 1748943017,
    slices: 1,
    removed: {
      webhookDeliveries: 1202,
      outboxEvents: 1202,
      jobs: 0,
      idempotencyKeys: 40,
      kycSessions: 0,
      openBankingSessions: 0,
      quotes: 0,
      requestLog: 5310,
    },
  },
  nextRunAt: 1748946617,
  settings: {
    eventRetentionDays: 30,
    jobRetentionDays: 7,
    idempotencyKeyRetentionHours: 24,
    withdrawalReturnWindowDays: 90,
    hostedSessionRetentionDays: 7,
    quoteRetentionDays: 7,
    requestLogRetentionDays: 30,
    intervalMinutes: 60,
    batchSize: 1000,
    batchPauseMs: 20,
  },
};

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */
export const adminExamples: ExampleCatalogue = {
  'admin.ledger.verify': {
    responses: {
      '200': {
        value: {
          consistent: true,
          entriesChecked: 157,
          balancesChecked: 47,
          problems: [],
        },
      },
    },
  },
  'admin.capabilities.get': {
    responses: {
      200: {
        cases: {
          production: {
            summary: 'Production with SEPA connected both ways, no mail yet',
            value: {
              environment: 'production',
              capabilities: [
                { capability: 'prices', live: true, detail: 'ECB daily reference rates (ecb-daily-xml)' },
                { capability: 'collection EUR/SEPA', live: true, detail: 'camt.054 notifications, RF references' },
                { capability: 'payout EUR/SEPA', live: true, detail: 'pain.001 files cut by operators' },
                { capability: 'mail', live: false, detail: 'not configured: not offered' },
                { capability: 'verification', live: false, detail: 'not configured: not offered' },
                { capability: 'open banking', live: false, detail: 'not configured: not offered' },
                { capability: 'screening', live: true, detail: 'OFAC SDN list, imported by operators' },
              ],
            },
          },
          stage: {
            summary: 'Stage: the sandbox serves everything',
            value: {
              environment: 'stage',
              capabilities: [{ capability: 'everything', live: true, detail: 'stage sandbox (no real money moves)' }],
            },
          },
        },
      },
    },
  },
  'admin.database.get': {
    responses: {
      200: {
        cases: {
          formation: {
            summary: 'PostgreSQL under pg_auto_failover: the primary of three nodes, a commit waits for one standby',
            value: {
              store: 'postgres',
              hosts: 3,
              primary: true,
              server: '10.0.0.11:5432',
              synchronousStandbyNames: 'ANY 1 (pgautofailover_standby_2, pgautofailover_standby_3)',
              synchronousCommit: 'on',
              groupCommit: {
                deposits: {
                  statements: 5210,
                  writes: 21394,
                  sizes: [
                    { writes: 1, statements: 1408 },
                    { writes: 2, statements: 311 },
                    { writes: 4, statements: 1822 },
                    { writes: 6, statements: 1669 },
                  ],
                },
              },
              standbys: [
                { name: 'pgautofailover_standby_2', state: 'streaming', sync: 'quorum', replayLagMs: 1 },
                { name: 'pgautofailover_standby_3', state: 'streaming', sync: 'quorum', replayLagMs: null },
              ],
            },
          },
          embedded: {
            summary: 'The embedded store (stage, one process)',
            value: {
              store: 'pglite',
              hosts: 1,
              primary: true,
              server: null,
              synchronousStandbyNames: '',
              synchronousCommit: 'on',
              groupCommit: {},
              standbys: [],
            },
          },
        },
      },
    },
  },
  'admin.verifications.decide': {
    parameters: {
      workspaceId: '37c0d06d-6250-47ec-b516-74bad604cd63',
      email: 'manual-ok@example.com',
      decision: 'approve',
    },
    responses: {
      '200': {
        value: {
          accountId: 'manual-ok@example.com',
          status: 'APPROVED',
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '404': {
        message: 'No verification for nobody@example.com in workspace 37c0d06d-6250-47ec-b516-74bad604cd63',
      },
      '409': {
        message: 'The verification is REJECTED; only a REVIEWING one can be decided',
      },
    },
  },
  'admin.idempotencyKeys.release': {
    request: {
      value: {
        workspaceId: '214d9fa1-c036-44a6-bd2b-f1f6e0d0763e',
        key: 'k-6081e26d-eba6-415a-89e5-74f2d3bf36e5',
      },
    },
    responses: {
      '200': {
        value: {
          released: true,
          previousState: 'failed',
        },
      },
    },
    errors: {
      '404': {
        message:
          'No idempotency key k-f1061603-f2cf-419e-b7a7-e568e7e5c7a0 in workspace 00c1c195-8ac0-49de-b116-71cc6fb62a7b',
      },
      '409': {
        message: 'The key completed successfully: it replays its answer and is not released',
      },
    },
  },
  'admin.compliance.decideDeposit': {
    parameters: {
      depositId: 'PRE49HCN0LVCC37',
      decision: 'clear',
    },
    responses: {
      '200': {
        // A deposit as deposits.get shows it, cleared: received, its receivedAt before expectedAmount.
        value: {
          ...depositBeforeExpectedAmount,
          depositId: 'PRE49HCN0LVCC37',
          userData: {
            country: 'PT',
            lastName: 'Silva',
            firstName: 'Ana',
            userEmail: 'ana.payer@example.com',
          },
          createdAt: 1748856695,
          amount: 30,
          status: 'Received',
          depositInfo: sepaDepositInfo('PRE49HCN0LVCC37', 'NL91BRKS0024673110', 30),
          receivedAt: 1748856695,
          expectedAmount: 30,
        },
      },
    },
    errors: {
      '400': {
        message: 'path parameter decision must be one of: clear, reject',
      },
      '404': {
        message: 'Deposit PRE000000000000 does not exist',
      },
      '409': {
        message: 'Deposit PRE49HCN0LVCC37 is Received, not held for compliance review',
      },
    },
  },
  'admin.compliance.decideOrder': {
    parameters: {
      orderId: 'PREWIJW65XCH650',
      decision: 'clear',
    },
    responses: {
      '200': {
        // The order of orders.get, cleared: its deposit received, the trade and the payout to come.
        value: {
          ...exampleOrder,
          orderId: 'PREWIJW65XCH650',
          quoteId: 'b03a8eb2-3c9b-492d-927c-2e8ddad44122',
          status: 'Received',
          deposit: {
            ...exampleOrder.deposit,
            depositId: 'PRE5VIDCF4ZGKU8',
            amount: 100,
            depositInfo: sepaDepositInfo('PRE5VIDCF4ZGKU8', 'NL07BRKS7250326163', 100),
            receivedAt: 1748856677,
          },
          payBy: 1748943077,
          createdAt: 1748856677,
          updatedAt: 1748856677,
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '409': {
        message: 'Order PRE357M96JMK9T8 is Failed, not held for compliance review',
      },
    },
  },
  'admin.refunds.act': {
    parameters: {
      transferId: '3cc85b61-a716-4889-b62d-10092fcfd49a',
      action: 'start',
    },
    responses: {
      '200': {
        value: {
          ...examplePendingPayment,
          transferId: '3cc85b61-a716-4889-b62d-10092fcfd49a',
          amount: 70,
          methodId: 'PREOPHVJEAF21HO',
          refundStatus: 'pending_approval',
        },
      },
    },
    errors: {
      '400': {
        message: 'The URL is malformed: it holds an invalid percent-escape',
      },
      '409': {
        message: 'Pending payment 0c1507b3-1d38-41f8-956d-1e135aa5322b is UNMATCHED: cannot approve a refund',
      },
    },
  },
  'admin.housekeeping.get': {
    responses: {
      '200': {
        value: housekeeping,
      },
    },
  },
  'admin.housekeeping.run': {
    responses: {
      '202': {
        value: { ...housekeeping, nextRunAt: 1748856704 },
      },
    },
  },
};
