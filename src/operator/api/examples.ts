import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

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
        value: {
          depositId: 'PRE49HCN0LVCC37',
          userData: {
            country: 'PT',
            lastName: 'Silva',
            firstName: 'Ana',
            userEmail: 'ana.payer@example.com',
          },
          createdAt: 1748856695,
          rail: 'SEPA',
          amount: 30,
          currency: 'EUR',
          feeCurrency: 'EUR',
          fee: 0,
          expectedFee: 0,
          status: 'Received',
          depositInfoPending: false,
          depositInfo: {
            depositType: 'SEPA',
            bic: 'BRKSNL20',
            iban: 'NL91BRKS0024673110',
            amount: 30,
            bankName: 'Brokerage Stage Bank (sandbox)',
            accountHolder: 'Brokerage Stage Collections',
            referenceCode: 'BRK49HCN0LVCC37',
          },
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
        value: {
          orderId: 'PREWIJW65XCH650',
          quoteId: 'b03a8eb2-3c9b-492d-927c-2e8ddad44122',
          status: 'Received',
          originCurrency: 'EUR',
          originRail: 'SEPA',
          originAmount: 100,
          destinationCurrency: 'BRL',
          destinationRail: 'PIX_BR',
          destinationAmount: 619.65,
          conversionRate: 6.227688984881209,
          fee: 0,
          expectedFee: 0.5,
          expectedGasFee: 0,
          feeCurrency: 'EUR',
          destinationTransferData: {
            type: 'PIX_BR',
            destinationName: 'Bruno Costa',
            destinationTaxId: '52998224725',
            destinationPixCode: 'bruno@example.com',
          },
          deposit: {
            depositId: 'PRE5VIDCF4ZGKU8',
            currency: 'EUR',
            rail: 'SEPA',
            expectedAmount: 100,
            amount: 100,
            depositInfo: {
              depositType: 'SEPA',
              bic: 'BRKSNL20',
              iban: 'NL07BRKS7250326163',
              amount: 100,
              bankName: 'Brokerage Stage Bank (sandbox)',
              accountHolder: 'Brokerage Stage Collections',
              referenceCode: 'BRK5VIDCF4ZGKU8',
            },
            receivedAt: 1748856677,
          },
          trade: {
            pair: 'EUR/BRL',
            conversionRate: 6.227688984881209,
            originAmount: 99.5,
            destinationAmount: 619.65,
            status: 'Pending',
          },
          withdraw: {
            currency: 'BRL',
            rail: 'PIX_BR',
            amount: 619.65,
            status: 'Pending',
          },
          payBy: 1748943077,
          createdAt: 1748856677,
          updatedAt: 1748856677,
          userData: {
            city: 'Austin',
            state: 'TX',
            taxId: '52998224725',
            address: '1 Main St',
            country: 'PT',
            lastName: 'Silva',
            firstName: 'Ana',
            userEmail: 'ana.orders@example.com',
            postalCode: '73301',
            phoneNumber: '+254712345678',
          },
          destinationUserData: {
            city: 'Berlin',
            taxId: '52998224725',
            country: 'BR',
            lastName: 'Costa',
            firstName: 'Bruno',
            userEmail: 'bruno@example.com',
            postalCode: '10115',
            phoneNumber: '+5511999998888',
          },
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
          transferId: '3cc85b61-a716-4889-b62d-10092fcfd49a',
          currency: 'EUR',
          amount: 70,
          status: 'UNMATCHED',
          counterparty: {
            iban: 'DE89370400440532013000',
            name: 'Payer',
          },
          createdAt: 1748856681,
          updatedAt: 1748856681,
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
        value: {
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
            intervalMinutes: 60,
            batchSize: 1000,
            batchPauseMs: 20,
          },
        },
      },
    },
  },
  'admin.housekeeping.run': {
    responses: {
      '202': {
        value: {
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
            },
          },
          nextRunAt: 1748856704,
          settings: {
            eventRetentionDays: 30,
            jobRetentionDays: 7,
            idempotencyKeyRetentionHours: 24,
            withdrawalReturnWindowDays: 90,
            hostedSessionRetentionDays: 7,
            quoteRetentionDays: 7,
            intervalMinutes: 60,
            batchSize: 1000,
            batchPauseMs: 20,
          },
        },
      },
    },
  },
};
