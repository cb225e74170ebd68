import type { ExampleCatalogue } from '../../platform/openapi-examples.js';

/** Examples of the reference (platform/openapi-examples.ts), as a stage server answers them. */

const workspaceId = 'a75e3ff1-535a-4299-8e6f-9e62f0fced14';

const zeroDay = (day: string) => ({
  day,
  orders: [{ currency: 'EUR', count: 0, volume: 0 }],
  deposits: [
    { currency: 'EUR', count: 0, volume: 0 },
    { currency: 'USD', count: 0, volume: 0 },
  ],
  withdrawals: [{ currency: 'EUR', count: 0, volume: 0 }],
  deliveries: { delivered: 0, failed: 0, pending: 0 },
});

export const overviewExamples: ExampleCatalogue = {
  'admin.overview.get': {
    parameters: { workspaceId },
    responses: {
      '200': {
        value: {
          workspaceId,
          queues: {
            complianceHolds: { count: 2 },
            kycReviews: { count: 1 },
            amlPotentialMatches: {
              count: 1,
              list: {
                operationId: 'admin.amlScreenings.list',
                path: '/admin/v1/aml-screenings',
                query: { status: ['POTENTIAL_MATCH'], workspaceId: [workspaceId] },
              },
            },
            refundApprovals: { count: 0 },
            webhookEndpoints: { count: 1 },
            supportTickets: {
              count: 3,
              list: {
                operationId: 'admin.supportTickets.list',
                path: '/admin/v1/support-tickets',
                query: { status: ['OPEN', 'IN_PROGRESS'], workspaceId: [workspaceId] },
              },
            },
            conversations: {
              count: 1,
              list: {
                operationId: 'admin.conversations.list',
                path: '/admin/v1/conversations',
                query: { status: ['OPEN'], lastMessageBy: ['partner'], workspaceId: [workspaceId] },
              },
            },
            consumedIdempotencyKeys: { count: 0 },
            // In no workspace: none in one, and no list (GET /admin/v1/bank-files takes no workspace).
            heldBankFiles: { count: 0 },
            bankReversals: { count: 0 },
          },
        },
      },
    },
  },
  'admin.stats.daily': {
    parameters: { from: '2025-06-01', to: '2025-06-03' },
    responses: {
      '200': {
        value: {
          from: '2025-06-01',
          to: '2025-06-03',
          days: [
            {
              day: '2025-06-01',
              orders: [{ currency: 'EUR', count: 2, volume: 350.3 }],
              deposits: [
                { currency: 'EUR', count: 1, volume: 1000 },
                { currency: 'USD', count: 0, volume: 0 },
              ],
              withdrawals: [{ currency: 'EUR', count: 1, volume: 0.3 }],
              deliveries: { delivered: 14, failed: 2, pending: 0 },
            },
            zeroDay('2025-06-02'),
            {
              ...zeroDay('2025-06-03'),
              deposits: [
                { currency: 'EUR', count: 0, volume: 0 },
                { currency: 'USD', count: 3, volume: 75.25 },
              ],
              deliveries: { delivered: 5, failed: 0, pending: 1 },
            },
          ],
        },
      },
    },
    errors: {
      '400': { message: 'The range holds 120 days; at most 92 are shown at once' },
    },
  },
};
