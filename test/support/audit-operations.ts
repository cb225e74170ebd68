// Every mutating operator operation on stage, performed once as an operator would, for the audit log's table-driven
// test (test/api/audit-log.test.ts): each case builds what its operation needs through the public API, performs it,
// and says what its audit row must show. Threads are in audit-thread-operations.ts; production's bank files in
// audit-bank-operations.ts.

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ivan, ofacFixture } from './aml.js';
import { api, created, type Operation, secretsSeen, workspaceOf } from './audit-kit.js';
import { operatorOperations } from './audit-operator-operations.js';
import { threadOperations } from './audit-thread-operations.js';
import { adminHeaders, aPartner, verifyCustomer } from './builders.js';
import { payer, payIn, sepaToPixOrder } from './orders.js';

export const stageOperations: Readonly<Record<string, Operation>> = {
  'admin.workspaces.create': async (_t, admin) => {
    const response = await admin('POST', '/admin/v1/workspaces', { name: 'Audited workspace' });
    const { workspaceId, password } = response.json();
    secretsSeen.add(password);
    return {
      response,
      expected: {
        workspaceId,
        target: { type: 'workspace', id: workspaceId },
        check: (before, after) => {
          expect(before).toBeNull();
          expect(after).toMatchObject({ workspaceId, name: 'Audited workspace', credentialVersion: 1 });
        },
      },
    };
  },
  'admin.workspaces.update': async (t, admin) => {
    const p = await aPartner(t.app);
    secretsSeen.add(p.credentials.password).add(p.token);
    const response = await admin('PATCH', `/admin/v1/workspaces/${workspaceOf(p)}`, {
      writeLimitPerMinute: 77,
      feeSchedule: { defaultBps: 35, pairs: { 'EUR/USDC': 20 } },
    });
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'workspace', id: workspaceOf(p) },
        check: (before, after) => {
          expect(before).toMatchObject({ writeLimitPerMinute: null, feeSchedule: { defaultBps: 50 } });
          expect(after).toMatchObject({ writeLimitPerMinute: 77, feeSchedule: { defaultBps: 35 } });
        },
      },
    };
  },
  'admin.workspaces.rotateCredentials': async (t, admin) => {
    const p = await aPartner(t.app);
    secretsSeen.add(p.credentials.password);
    const response = await admin('POST', `/admin/v1/workspaces/${workspaceOf(p)}/rotate-credentials`);
    secretsSeen.add(response.json().password);
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'workspace', id: workspaceOf(p) },
        check: (before, after) => {
          // The default overlap: the previous version works until the answer's previousPasswordExpiresAt.
          const until = response.json().previousPasswordExpiresAt;
          expect(until).toEqual(expect.any(Number));
          expect(before).toEqual({ credentialVersion: 1, previousVersionExpiresAt: null });
          expect(after).toEqual({ credentialVersion: 2, previousVersionExpiresAt: until });
        },
      },
    };
  },
  'admin.workspaces.revokePreviousCredentials': async (t, admin) => {
    const p = await aPartner(t.app);
    secretsSeen.add(p.credentials.password);
    // The rotation that starts the overlap is a request of its own (its row is not this case's).
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${workspaceOf(p)}/rotate-credentials`,
      headers: adminHeaders,
      payload: { overlapSeconds: 3600 },
    });
    secretsSeen.add(rotated.json().password);
    const until = rotated.json().previousPasswordExpiresAt;
    const response = await admin('POST', `/admin/v1/workspaces/${workspaceOf(p)}/revoke-previous-credentials`);
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'workspace', id: workspaceOf(p) },
        check: (before, after) => {
          expect(before).toEqual({ credentialVersion: 2, previousVersionExpiresAt: until });
          expect(after).toEqual({ credentialVersion: 2, previousVersionExpiresAt: null });
        },
      },
    };
  },
  'admin.verifications.decide': async (t, admin) => {
    const p = await aPartner(t.app);
    const email = `review-${randomUUID().slice(0, 8)}@example.com`;
    await verifyCustomer(t.app, p, email, 'REVIEWING');
    const response = await admin('POST', `/admin/v1/workspaces/${workspaceOf(p)}/verifications/${email}/approve`);
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'verification', id: email },
        check: (before, after) => {
          expect(before).toEqual({ email, status: 'REVIEWING' });
          expect(after).toEqual({ email, status: 'APPROVED' });
        },
      },
    };
  },
  'admin.compliance.decideDeposit': async (t, admin) => {
    const p = await aPartner(t.app);
    await verifyCustomer(t.app, p, payer.userEmail);
    const deposit = await created<{ depositId: string }>(
      api(t, p, 'POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount: 30 }),
    );
    const counterparty = { name: 'A', iban: 'PT50000201231234567890154' };
    await created(
      api(t, p, 'POST', '/v1/simulate/incoming-transfer/deposit', {
        depositId: deposit.depositId,
        amount: 30,
        scenario: 'compliance_review',
        counterparty,
      }),
    );
    await t.ctx.jobs.runDue();
    const response = await admin('POST', `/admin/v1/deposits/${deposit.depositId}/compliance/clear`);
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'deposit', id: deposit.depositId },
        check: (before, after) => {
          expect(before).toMatchObject({ depositId: deposit.depositId, status: 'ComplianceReview', amount: 0 });
          expect(after).toMatchObject({ depositId: deposit.depositId, status: 'Received', amount: 30 });
        },
      },
    };
  },
  'admin.compliance.decideOrder': async (t, admin) => {
    const p = await aPartner(t.app);
    await verifyCustomer(t.app, p, payer.userEmail);
    const { order } = await sepaToPixOrder(t, p);
    await payIn(t, p, order.orderId, 100, 'compliance_review');
    await t.ctx.jobs.runDue();
    const response = await admin('POST', `/admin/v1/orders/${order.orderId}/compliance/reject`);
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'order', id: order.orderId },
        check: (before, after) => {
          expect(before).toMatchObject({ orderId: order.orderId, status: 'ComplianceReview' });
          expect(after).toMatchObject({ orderId: order.orderId, status: 'Failed' });
        },
      },
    };
  },
  'admin.refunds.act': async (t, admin) => {
    const p = await aPartner(t.app);
    const method = await created<{ methodId: string }>(
      api(t, p, 'POST', '/v1/deposits/methods', { methodType: 'fiat', currency: 'EUR' }),
    );
    await t.ctx.jobs.runDue();
    const payment = await created<{ transferId: string }>(
      api(t, p, 'POST', '/v1/simulate/incoming-transfer/method', {
        methodId: method.methodId,
        amount: 12,
        counterparty: { name: 'Payer', iban: 'DE89370400440532013000' },
      }),
    );
    const response = await admin('POST', `/admin/v1/pending-payments/${payment.transferId}/refund/start`);
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'pending-payment', id: payment.transferId },
        check: (before, after) => {
          expect(before).toMatchObject({ status: 'UNMATCHED', amount: 12 });
          expect(before?.refundStatus).toBeUndefined();
          expect(after).toMatchObject({ refundStatus: 'pending_approval' });
          // The payer's IBAN shows as the masked reads show an account: its last four.
          expect(after?.counterparty).toEqual({ name: 'Payer', iban: '****3000' });
        },
      },
    };
  },
  'admin.idempotencyKeys.release': async (t, admin) => {
    const p = await aPartner(t.app);
    const key = `k-${randomUUID()}`;
    const unapproved = { userData: { ...payer, userEmail: `nobody-${randomUUID()}@example.com` }, currency: 'EUR' };
    const refused = await api(t, p, 'POST', '/v1/deposits', { ...unapproved, amount: 5 }, { 'idempotency-key': key });
    expect(refused.statusCode).toBe(403);
    const response = await admin('POST', '/admin/v1/idempotency-keys/release', { workspaceId: workspaceOf(p), key });
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'idempotency-key', id: key },
        check: (before, after) => {
          expect(before).toEqual({ state: 'failed', accountScope: '' });
          expect(after).toBeNull();
        },
      },
    };
  },
  ...threadOperations,
  ...operatorOperations,
  'admin.sanctionsLists.importOfacSdn': async (_t, admin) => {
    const body = { sdnCsv: ofacFixture('sdn.csv'), altCsv: ofacFixture('alt.csv'), listDate: '2026-11-21' };
    for (const line of body.sdnCsv.split('\n').filter((l) => l.length > 40)) secretsSeen.add(line.trim());
    const response = await admin('POST', '/admin/v1/sanctions-lists/ofac-sdn', body);
    return {
      response,
      expected: {
        workspaceId: null,
        target: { type: 'sanctions-list', id: 'OFAC_SDN' },
        check: (_before, after) => {
          expect(after).toMatchObject({ list: 'OFAC_SDN', entries: 7, aliases: 5, sha256: response.json().sha256 });
        },
      },
    };
  },
  'admin.amlScreenings.resolve': async (t, admin) => {
    const p = await aPartner(t.app);
    const screening = (await created<{ value: { screeningId: string } }>(api(t, p, 'POST', '/v1/aml-screenings', ivan)))
      .value;
    const response = await admin('POST', `/admin/v1/aml-screenings/${screening.screeningId}/resolution`, {
      status: 'FALSE_POSITIVE',
      note: 'Different date of birth on the passport',
    });
    return {
      response,
      expected: {
        workspaceId: workspaceOf(p),
        target: { type: 'aml-screening', id: screening.screeningId },
        check: (before, after) => {
          expect(before).toMatchObject({ status: 'POTENTIAL_MATCH' });
          expect(after).toMatchObject({ status: 'FALSE_POSITIVE' });
        },
      },
    };
  },
  'admin.housekeeping.run': async (_t, admin) => {
    const response = await admin('POST', '/admin/v1/housekeeping/run');
    return {
      response,
      expected: {
        workspaceId: null,
        target: { type: 'housekeeping', id: 'schedule' },
        check: (before, after) => {
          expect(before).toHaveProperty('nextRunAt');
          expect(after?.nextRunAt).toBe(response.json().nextRunAt);
        },
      },
    };
  },
};
