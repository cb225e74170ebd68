import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueueName, queueNames } from '../../src/operator/overview/queues.js';
import { queueItems } from '../../src/operator/overview/service.js';
import { amlApi, ivan } from '../support/aml.js';
import { adminHeaders, type Partner, verifyCustomer } from '../support/builders.js';
import { conversationsApi } from '../support/conversations.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { approvedPartner, payer, payerFields, payIn, sepaToPixOrder } from '../support/orders.js';
import { listSearch, overviewQueues } from '../support/overview-queues.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import { simulate } from '../support/sandbox-helpers.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: GET /admin/v1/overview counts each queue of what needs a person (operator console issue, item 3): a count
// rises when an item enters its queue and falls when an operator (or, for an endpoint, the partner) acts on it, it
// equals the length of the list it links to (the operator API's list where there is one, queueItems always), and a
// workspace filter counts that workspace only. Method: each queue is filled through the partner API and the stage
// simulation and worked through the operator API, on the run's database (PGlite, or PostgreSQL with DATABASE_URL).
// The bank queues, which belong to no workspace: overview-queues-bank.test.ts.

let t: TestApp;
let receiver: Receiver;
let a: Partner;
let b: Partner;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
  a = await approvedPartner(t);
  b = await approvedPartner(t);
});
afterAll(async () => {
  await receiver.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
const post = (p: Partner, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: p.headers, payload });
const ws = (p: Partner) => p.credentials.workspaceId;

const overviewOf = (workspaceId?: string) => overviewQueues(t, workspaceId);
const countOf = async (queue: QueueName, p: Partner) => (await overviewOf(ws(p)))[queue].count;

/** Every queue's count of the workspace equals its items' number, and its operator list's length where linked. */
async function expectCountsAreTheirLists(p: Partner) {
  const queues = await overviewOf(ws(p));
  for (const name of queueNames) {
    const { count, list } = queues[name];
    const items = await queueItems(t.ctx.db, name, { workspaceId: ws(p), limit: 500, offset: 0 });
    expect(items, name).toHaveLength(count);
    expect(
      items.every((item) => item.workspaceId === ws(p)),
      name,
    ).toBe(true);
    if (list === undefined) continue;
    const listed = await admin('GET', `${list.path}?${listSearch(list)}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json(), name).toHaveLength(count);
  }
}

/** Runs `enter`, expects the queue one up in `p`'s workspace and nowhere else, then `act` and one down again. */
async function enterThenAct(
  queue: QueueName,
  p: Partner,
  enter: () => Promise<string>,
  act: (id: string) => Promise<void>,
) {
  const [before, otherBefore] = [await countOf(queue, p), await countOf(queue, b)];
  const id = await enter();
  expect(await countOf(queue, p)).toBe(before + 1);
  expect(await countOf(queue, b)).toBe(otherBefore);
  const items = await queueItems(t.ctx.db, queue, { workspaceId: ws(p), limit: 500, offset: 0 });
  expect(items.map((item) => item.id)).toContain(id);
  await expectCountsAreTheirLists(p);
  await act(id);
  expect(await countOf(queue, p)).toBe(before);
  await expectCountsAreTheirLists(p);
}

describe('each queue rises when an item enters it and falls when it is worked', () => {
  it('compliance holds: a deposit held, then cleared; an order held, then rejected', async () => {
    await enterThenAct(
      'complianceHolds',
      a,
      async () => {
        const created = await post(a, '/v1/deposits', { userData: payer, currency: 'EUR', amount: 10 });
        expect(created.statusCode, created.body).toBe(201);
        const { depositId } = created.json();
        const held = { depositId, amount: 10, scenario: 'compliance_review', ...payerFields.EUR };
        expect((await simulate(t.app, a, 'incoming-transfer/deposit', held)).statusCode).toBe(200);
        await t.ctx.jobs.runDue();
        return depositId;
      },
      async (id) => {
        expect((await admin('POST', `/admin/v1/deposits/${id}/compliance/clear`)).json().status).toBe('Received');
      },
    );
    await enterThenAct(
      'complianceHolds',
      a,
      async () => {
        const { order } = await sepaToPixOrder(t, a);
        await payIn(t, a, order.orderId, 100, 'compliance_review');
        await t.ctx.jobs.runDue();
        return order.orderId;
      },
      async (id) => {
        expect((await admin('POST', `/admin/v1/orders/${id}/compliance/reject`)).json().status).toBe('Failed');
      },
    );
  });

  it('manual KYC reviews: a verification REVIEWING, then approved', async () => {
    const email = `review-${randomUUID()}@example.com`;
    await enterThenAct(
      'kycReviews',
      a,
      async () => {
        await verifyCustomer(t.app, a, email, 'REVIEWING');
        return email;
      },
      async (id) => {
        const decided = await admin('POST', `/admin/v1/workspaces/${ws(a)}/verifications/${id}/approve`);
        expect(decided.json().status).toBe('APPROVED');
      },
    );
  });

  it('AML potential matches: a screening that matched, then marked a false positive', async () => {
    const aml = amlApi(() => t.app);
    await enterThenAct(
      'amlPotentialMatches',
      a,
      async () => {
        const screened = await aml.screen(a, ivan);
        expect(screened.json().value.status, screened.body).toBe('POTENTIAL_MATCH');
        return screened.json().value.screeningId;
      },
      async (id) => {
        expect((await aml.resolve(id, { status: 'FALSE_POSITIVE', note: 'Born 1985' })).statusCode).toBe(200);
      },
    );
  });

  it('refunds awaiting approval: a refund started, then approved', async () => {
    const method = await post(a, '/v1/deposits/methods', { methodType: 'fiat', currency: 'EUR' });
    await t.ctx.jobs.runDue();
    await enterThenAct(
      'refundApprovals',
      a,
      async () => {
        const counterparty = { name: 'Payer GmbH', iban: 'DE89370400440532013000' };
        const payload = { methodId: method.json().methodId, amount: 20, counterparty };
        const detected = await simulate(t.app, a, 'incoming-transfer/method', payload);
        expect(detected.statusCode, detected.body).toBe(201);
        const { transferId } = detected.json();
        const started = await admin('POST', `/admin/v1/pending-payments/${transferId}/refund/start`);
        expect(started.json().refundStatus).toBe('pending_approval');
        return transferId;
      },
      async (id) => {
        const approved = await admin('POST', `/admin/v1/pending-payments/${id}/refund/approve`);
        expect(approved.json().refundStatus).toBe('returning');
      },
    );
  });

  it('webhook endpoints: failing after three failed attempts, well again after a delivery; disabled, then enabled', async () => {
    const c = await approvedPartner(t);
    // The workspace's events so far are fanned out now, before the endpoint exists: only this test's reach it.
    await t.ctx.webhooks.runDue();
    const { id: endpointId } = await aWebhookEndpoint(t.app, c, `${receiver.url}/status/500`, {
      name: 'down',
      secret: 'whsec-overview',
    });
    const anEvent = async () => {
      await t.ctx.db.query(
        `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
         values ($1, 'balance_updated', $2, '{}'::jsonb, $3)`,
        [ws(c), randomUUID(), t.ctx.clock.nowMs()],
      );
      await t.ctx.webhooks.runDue();
    };
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/v1/webhooks/${endpointId}`, headers: c.headers, payload });
    await enterThenAct(
      'webhookEndpoints',
      c,
      async () => {
        await anEvent();
        await anEvent();
        expect(await countOf('webhookEndpoints', c)).toBe(0);
        await anEvent();
        const [item] = await queueItems(t.ctx.db, 'webhookEndpoints', { workspaceId: ws(c), limit: 10, offset: 0 });
        expect(item).toMatchObject({ id: endpointId, detail: 'failing' });
        return endpointId;
      },
      async () => {
        expect((await put({ url: `${receiver.url}/ok` })).statusCode).toBe(200);
        await anEvent();
      },
    );
    await enterThenAct(
      'webhookEndpoints',
      c,
      async () => {
        // As events/attempt-record.ts disables an endpoint whose retries failed for WEBHOOK_DISABLE_AFTER_HOURS
        // (test/api/webhook-retries.test.ts drives that through the hours); here only its outcome matters.
        await t.ctx.db.query(
          'update webhook_endpoints set is_active = false, disabled_at_ms = $2, updated_at_ms = $2 where id = $1',
          [endpointId, t.ctx.clock.nowMs()],
        );
        const [item] = await queueItems(t.ctx.db, 'webhookEndpoints', { workspaceId: ws(c), limit: 10, offset: 0 });
        expect(item).toMatchObject({ id: endpointId, detail: 'disabled' });
        return endpointId;
      },
      async () => {
        expect((await put({ isActive: true })).statusCode).toBe(200);
      },
    );
  });

  it('support tickets: OPEN and IN_PROGRESS await the brokerage; waiting on the partner or resolved do not', async () => {
    const status = (id: string, to: string) => admin('POST', `/admin/v1/support-tickets/${id}/status`, { status: to });
    let ticketId = '';
    await enterThenAct(
      'supportTickets',
      a,
      async () => {
        const filed = await post(a, '/v1/support-tickets', {
          subject: 'Payout not received',
          description: 'The beneficiary says nothing arrived.',
          category: 'PAYMENT',
        });
        expect(filed.statusCode, filed.body).toBe(201);
        ticketId = filed.json().value.ticketId;
        expect((await status(ticketId, 'IN_PROGRESS')).statusCode).toBe(200);
        return ticketId;
      },
      async (id) => {
        expect((await status(id, 'WAITING_ON_PARTNER')).json().status).toBe('WAITING_ON_PARTNER');
      },
    );
    await enterThenAct(
      'supportTickets',
      a,
      async () => {
        const answered = await post(a, `/v1/support-tickets/${ticketId}/messages`, { message: 'It has arrived now.' });
        expect(answered.statusCode, answered.body).toBe(201);
        return ticketId;
      },
      async (id) => {
        expect((await status(id, 'RESOLVED')).json().status).toBe('RESOLVED');
      },
    );
  });

  it('conversations: the partner spoke last, then the brokerage replied; one the brokerage opened does not count', async () => {
    const threads = conversationsApi(() => t.app);
    await enterThenAct(
      'conversations',
      a,
      async () => (await threads.anOpenConversation(a)).conversationId,
      async (id) => {
        const replied = await admin('POST', `/admin/v1/conversations/${id}/messages`, { message: 'We are on it.' });
        expect(replied.statusCode, replied.body).toBe(201);
      },
    );
    const before = await countOf('conversations', a);
    const opened = await admin('POST', '/admin/v1/conversations', {
      workspaceId: ws(a),
      endUserEmail: 'ana@example.com',
      subject: 'A document, please',
      message: 'Could your customer send a proof of address?',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await countOf('conversations', a)).toBe(before);
    await expectCountsAreTheirLists(a);
  });

  it('consumed idempotency keys: a keyed write that failed, then its key released', async () => {
    const key = `k-${randomUUID()}`;
    await enterThenAct(
      'consumedIdempotencyKeys',
      a,
      async () => {
        const stranger = { ...payer, userEmail: `nobody-${randomUUID()}@example.com` };
        const refused = await t.app.inject({
          method: 'POST',
          url: '/v1/deposits',
          headers: { ...a.headers, 'idempotency-key': key },
          payload: { userData: stranger, currency: 'EUR', amount: 10 },
        });
        expect(refused.statusCode).toBe(403);
        return key;
      },
      async (id) => {
        const released = await admin('POST', '/admin/v1/idempotency-keys/release', { workspaceId: ws(a), key: id });
        expect(released.json()).toEqual({ released: true, previousState: 'failed' });
      },
    );
  });
});

describe('the workspace filter and the links', () => {
  it('every workspace together counts at least both; the links carry the workspace filter only when given', async () => {
    const [all, ofA, ofB] = [await overviewOf(), await overviewOf(ws(a)), await overviewOf(ws(b))];
    for (const name of queueNames) expect(all[name].count).toBeGreaterThanOrEqual(ofA[name].count + ofB[name].count);
    expect(all.amlPotentialMatches.list).toEqual({
      operationId: 'admin.amlScreenings.list',
      path: '/admin/v1/aml-screenings',
      query: { status: ['POTENTIAL_MATCH'] },
    });
    expect(ofA.conversations.list?.query).toEqual({
      status: ['OPEN'],
      lastMessageBy: ['partner'],
      workspaceId: [ws(a)],
    });
    expect(ofA.supportTickets.list?.query).toEqual({ status: ['OPEN', 'IN_PROGRESS'], workspaceId: [ws(a)] });
    expect(ofA.complianceHolds.list).toBeUndefined();
    // The bank queues are in no workspace: their lists take none, so they are named only across workspaces.
    expect(all.heldBankFiles.list).toEqual({
      operationId: 'admin.bankFiles.list',
      path: '/admin/v1/bank-files',
      query: { status: ['held'] },
    });
    expect(all.bankReversals.list).toEqual({
      operationId: 'admin.bankEntries.list',
      path: '/admin/v1/bank-entries',
      query: { status: ['reversal'] },
    });
    expect(ofA.heldBankFiles).toEqual({ count: 0 });
    expect(ofA.bankReversals).toEqual({ count: 0 });
  });

  it('a workspace with nothing waiting counts zero everywhere; an unknown one too', async () => {
    for (const queues of [await overviewOf(ws(b)), await overviewOf(randomUUID())]) {
      expect(Object.values(queues).map((q) => q.count)).toEqual(queueNames.map(() => 0));
    }
    await expectCountsAreTheirLists(b);
  });

  it('refuses an unknown query parameter and needs the operator token', async () => {
    expect((await admin('GET', '/admin/v1/overview?status=OPEN')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/admin/v1/overview', headers: a.headers })).statusCode).toBe(401);
  });
});
