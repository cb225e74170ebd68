import { type ExampleCatalogue, exampleNowSeconds } from '../../platform/openapi-examples.js';

// Two entries of the log, newest first: a fee change from the CLI, and a compliance hold cleared in the console.

const workspaceId = '7d1f9a40-3c2b-4e8f-9a61-2b5c8e0f4d13';

const feeChange = {
  entryId: '1042',
  occurredAt: exampleNowSeconds,
  actor: {
    kind: 'admin-token',
    operatorId: null,
    partnerUserId: null,
    email: null,
    address: '10.0.4.17',
    userAgent: 'brokerage-cli/1',
  },
  via: 'cli',
  action: 'admin.workspaces.update',
  workspaceId,
  target: { type: 'workspace', id: workspaceId },
  before: { feeSchedule: { defaultBps: 50, pairs: {} }, writeLimitPerMinute: null },
  after: { feeSchedule: { defaultBps: 35, pairs: { 'EUR/USDC': 20 } }, writeLimitPerMinute: null },
  requestId: '5b0e2f8c-91d4-4c57-a3f2-6e8d1b7c9a04',
} as const;

const holdCleared = {
  entryId: '1041',
  occurredAt: exampleNowSeconds - 600,
  actor: {
    kind: 'operator',
    operatorId: 'op_3k9x2m7q',
    partnerUserId: null,
    email: 'maria.lopez@brokerage.example',
    address: '203.0.113.24',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  },
  via: 'console',
  action: 'admin.compliance.decideDeposit',
  workspaceId,
  target: { type: 'deposit', id: 'DP5574S31EQ9QV' },
  before: { depositId: 'DP5574S31EQ9QV', status: 'ComplianceReview', amount: 0, heldAmount: 2500 },
  after: { depositId: 'DP5574S31EQ9QV', status: 'Received', amount: 2500, heldAmount: 0 },
  requestId: 'c41d7a2e-0b93-4f6e-8d25-7a1f3c9e5b80',
} as const;

export const auditLogExamples: ExampleCatalogue = {
  'admin.auditLog.list': {
    parameters: {
      operatorId: 'op_3k9x2m7q',
      email: 'maria.lopez@brokerage.example',
      workspaceId,
      action: 'admin.workspaces.update',
      via: 'cli',
      from: exampleNowSeconds - 86_400,
      to: exampleNowSeconds,
      before: '1043',
      limit: 50,
      page: 0,
    },
    responses: { 200: { value: [feeChange, holdCleared] } },
    errors: { 400: { message: 'before: no audit entry 99999' } },
  },
};
