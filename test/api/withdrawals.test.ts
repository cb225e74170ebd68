import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';
import { aReceiver } from '../support/receiver.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: withdrawals hold amount plus fee or move nothing, pay out through the sandbox rail (settled, rejected,
// returned), and never overdraw under concurrency. Method: fund a workspace by simulated deposits, then withdraw.

let t: TestApp;
const payer = { firstName: 'Ana', lastName: 'S', userEmail: 'ana.w@example.com', country: 'PT' };
const sepa = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'DE89370400440532013000',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
};

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
});

async function fundedPartner(currency: string, amount: number, rail?: string): Promise<Partner> {
  const p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
  const deposit = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: p.headers,
    payload: { userData: payer, currency, amount, ...(rail ? { rail } : {}) },
  });
  const payerField =
    currency === 'EUR'
      ? { counterparty: { name: 'Ana', iban: 'PT50000201231234567890154' } }
      : { fromAddress: '0x52908400098527886E0F7030069857D2E4169EE7' };
  await t.app.inject({
    method: 'POST',
    url: '/v1/simulate/incoming-transfer/deposit',
    headers: p.headers,
    payload: { depositId: deposit.json().depositId, amount, ...payerField },
  });
  await t.ctx.jobs.runDue();
  return p;
}

const withdraw = (p: Partner, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/withdrawals', headers: { ...p.headers, ...headers }, payload });
const balance = async (p: Partner, currency: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/balances?currency=${currency}`, headers: p.headers })).json()
    .balances[0];
const balanceEvents = async (p: Partner) =>
  (
    await (
      await testDb()
    ).query<{ data: { currency: string; available: number; pending: number } }>(
      `select data from outbox_events where workspace_id = $1 and type = 'balance_updated' order by id`,
      [p.credentials.workspaceId],
    )
  ).map((e) => e.data);
const read = (p: Partner, id: string) =>
  t.app.inject({ method: 'GET', url: `/v1/withdrawals/${id}`, headers: p.headers });

describe('POST /v1/withdrawals', () => {
  it('holds the amount, pays out through a job, then settles: Success and withdrawal_completed', async () => {
    const p = await fundedPartner('EUR', 500);
    const response = await withdraw(p, { currency: 'EUR', amount: 120.5, destinationTransferData: sepa });
    expect(response.statusCode, response.body).toBe(201);
    const w = response.json();
    expect(w).toMatchObject({
      withdrawalId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'Pending',
      amount: 120.5,
      fee: 0,
      rail: 'SEPA',
      currency: 'EUR',
    });
    expect(await balance(p, 'EUR')).toMatchObject({ available: 379.5, pending: 120.5 });
    await t.ctx.jobs.runDue();
    expect((await read(p, w.withdrawalId)).json().status).toBe('Success');
    expect(await balance(p, 'EUR')).toMatchObject({ available: 379.5, pending: 0 });
    const db = await testDb();
    const events = await db.query<{ type: string }>(
      'select type from outbox_events where workspace_id = $1 and event_id = $2 order by id',
      [p.credentials.workspaceId, w.withdrawalId],
    );
    expect(events.map((e) => e.type)).toEqual(['withdrawal_status_updated', 'withdrawal_completed']);
  });

  it('a crypto payout holds the network fee too and the fee goes to the brokerage', async () => {
    const p = await fundedPartner('USDC', 100, 'ETH');
    const response = await withdraw(p, {
      currency: 'USDC',
      amount: 50,
      destinationTransferData: { type: 'MATIC', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const fee = response.json().fee;
    expect(fee).toBeGreaterThan(0);
    expect((await balance(p, 'USDC')).pending).toBeCloseTo(50 + fee, 6);
    await t.ctx.jobs.runDue();
    expect((await balance(p, 'USDC')).available).toBeCloseTo(50 - fee, 6);
  });

  it('is 402 FundsError when amount plus fee exceed the available balance, and nothing moves', async () => {
    const p = await fundedPartner('EUR', 100);
    const response = await withdraw(p, { currency: 'EUR', amount: 100.01, destinationTransferData: sepa });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ success: false, error: 'FundsError' });
    expect(await balance(p, 'EUR')).toMatchObject({ available: 100, pending: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/withdrawals', headers: p.headers })).json()).toEqual([]);
  });

  it('is 400 naming the amount and the bounds outside the corridor payout limits, and nothing is held', async () => {
    const p = await fundedPartner('EUR', 500);
    const below = await withdraw(p, { currency: 'EUR', amount: 0.5, destinationTransferData: sepa });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ success: false, error: 'ValidationError' });
    expect(below.json().message).toContain('amount 0.5 EUR is outside the SEPA payout limits: 1 to 100000 EUR');
    expect(await balance(p, 'EUR')).toMatchObject({ available: 500, pending: 0 });
  });

  it('a rejected payout (amount ending .91) fails and releases the hold', async () => {
    const p = await fundedPartner('EUR', 100);
    const w = (await withdraw(p, { currency: 'EUR', amount: 10.91, destinationTransferData: sepa })).json();
    await t.ctx.jobs.runDue();
    expect((await read(p, w.withdrawalId)).json()).toMatchObject({
      status: 'Failed',
      failureReason: expect.any(String),
    });
    expect(await balance(p, 'EUR')).toMatchObject({ available: 100, pending: 0 });
  });

  it('a returned payout (amount ending .92) settles, then the amount comes back', async () => {
    const p = await fundedPartner('EUR', 100);
    const w = (await withdraw(p, { currency: 'EUR', amount: 10.92, destinationTransferData: sepa })).json();
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    expect((await read(p, w.withdrawalId)).json().status).toBe('Returned');
    expect(await balance(p, 'EUR')).toMatchObject({ available: 100, pending: 0 });
  });

  it('failed and returned payouts announce themselves and keep the key that created them consumed', async () => {
    // Goal: a payout that does not deliver is visible to the partner without polling (withdrawal_status_updated at
    // every change), and its Idempotency-Key answers 409 from then on (spec rule 5: "rejected payout"). Method: two
    // keyed withdrawals the sandbox rail rejects (.91) and returns (.92), delivered to a loopback receiver.
    const receiver = await aReceiver();
    try {
      const p = await fundedPartner('EUR', 100);
      await aWebhookEndpoint(t.app, p, `${receiver.url}/hook`, { name: 'payouts', secret: 'payout-secret' });
      const rejectedBody = { currency: 'EUR', amount: 10.91, destinationTransferData: sepa };
      const returnedBody = { currency: 'EUR', amount: 10.92, destinationTransferData: sepa };
      const keys = { rejected: `k-${randomUUID()}`, returned: `k-${randomUUID()}` };
      const rejected = await withdraw(p, rejectedBody, { 'idempotency-key': keys.rejected });
      const returned = await withdraw(p, returnedBody, { 'idempotency-key': keys.returned });
      expect([rejected.statusCode, returned.statusCode]).toEqual([201, 201]);
      // Before the payout runs the key replays the 201, as for any success.
      const replay = await withdraw(p, rejectedBody, { 'idempotency-key': keys.rejected });
      expect(replay.body).toBe(rejected.body);
      await t.ctx.jobs.runDue();
      await t.ctx.jobs.runDue();
      await t.ctx.webhooks.runDue();

      const updates = (id: string) =>
        receiver.received
          .filter((r) => r.body.type === 'withdrawal_status_updated' && r.body.id === id)
          .map((r) => r.body.data);
      const failedId = rejected.json().withdrawalId;
      const returnedId = returned.json().withdrawalId;
      expect(updates(failedId)).toEqual([
        expect.objectContaining({ withdrawalId: failedId, status: 'Failed', failureReason: expect.any(String) }),
      ]);
      expect(updates(returnedId).map((d) => d.status)).toEqual(['Success', 'Returned']);
      expect(updates(returnedId)[1]).toMatchObject({ failureReason: expect.stringContaining('returned') });
      const completed = receiver.received.filter((r) => r.body.type === 'withdrawal_completed').map((r) => r.body.id);
      expect(completed).toEqual([returnedId]);

      for (const [key, body] of [
        [keys.rejected, rejectedBody],
        [keys.returned, returnedBody],
      ] as const) {
        const retry = await withdraw(p, body, { 'idempotency-key': key });
        expect(retry.statusCode, retry.body).toBe(409);
        expect(retry.json()).toMatchObject({ success: false, error: 'DuplicityError' });
        expect(retry.json().message).toContain('failed during execution');
      }
      const list = await t.app.inject({ method: 'GET', url: '/v1/withdrawals', headers: p.headers });
      expect(list.json()).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('never overdraws under concurrent withdrawals on one balance', async () => {
    const p = await fundedPartner('EUR', 100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        withdraw(
          p,
          { currency: 'EUR', amount: 10, destinationTransferData: sepa },
          { 'idempotency-key': randomUUID() },
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 402)).toHaveLength(10);
    expect(await balance(p, 'EUR')).toMatchObject({ available: 0, pending: 100 });
    // Each hold's balance_updated carries the figures its own debit left: every step from 90 down to 0, once.
    const reported = (await balanceEvents(p)).slice(1).map((d) => d.available);
    expect(reported.sort((a, b) => b - a)).toEqual([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);
  });

  it('simultaneous identical keyed withdrawals hold once; the others replay the answer, also once funds are short', async () => {
    const p = await fundedPartner('EUR', 100);
    const key = { 'idempotency-key': randomUUID() };
    const payload = { currency: 'EUR', amount: 60, destinationTransferData: sepa };
    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(p, payload, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await balance(p, 'EUR')).toMatchObject({ available: 40, pending: 60 });
    // 60 more would overdraw now; the same request replays its answer instead of being refused.
    const later = await withdraw(p, payload, key);
    expect([later.statusCode, later.body]).toEqual([201, answers[0]?.body]);
    expect(await balance(p, 'EUR')).toMatchObject({ available: 40, pending: 60 });
  });

  it('balance_updated reports what each step left: the credit, the hold, the settlement', async () => {
    const p = await fundedPartner('USDC', 100, 'ETH');
    const w = (
      await withdraw(p, {
        currency: 'USDC',
        amount: 12.345678,
        destinationTransferData: { type: 'MATIC', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      })
    ).json();
    const held = await balance(p, 'USDC');
    await t.ctx.jobs.runDue();
    const settled = await balance(p, 'USDC');
    expect(held.pending).toBeCloseTo(12.345678 + w.fee, 6);
    expect(await balanceEvents(p)).toEqual([
      { currency: 'USDC', available: 100, pending: 0 },
      { currency: 'USDC', available: held.available, pending: held.pending },
      { currency: 'USDC', available: settled.available, pending: 0 },
    ]);
  });

  it('a refusal (402) writes nothing, not even in a workspace without an account, and keeps its key consumed', async () => {
    const p = await aPartner(t.app);
    const key = { 'idempotency-key': randomUUID() };
    const payload = { currency: 'EUR', amount: 10, destinationTransferData: sepa };
    expect((await withdraw(p, payload, key)).statusCode).toBe(402);
    const db = await testDb();
    const [written] = await db.query<{ n: bigint }>(
      `select (select count(*) from withdrawals where workspace_id = $1)
         + (select count(*) from ledger_entries where workspace_id = $1)
         + (select count(*) from outbox_events where workspace_id = $1)
         + (select count(*) from jobs where payload->>'withdrawalId' in (select id::text from withdrawals where workspace_id = $1)) as n`,
      [p.credentials.workspaceId],
    );
    expect(written?.n).toBe(0n);
    expect((await withdraw(p, payload, key)).statusCode).toBe(409);
  });

  it.each([
    [{ currency: 'BRL', amount: 10, destinationTransferData: sepa }, 'BRL is not a held currency'],
    [
      { currency: 'EUR', amount: 10, destinationTransferData: { ...sepa, type: 'ACH_US' } },
      'ACH_US is not a payout rail of EUR',
    ],
    [
      { currency: 'EUR', amount: 10, destinationTransferData: { ...sepa, iban: undefined } },
      'destinationTransferData.iban is required',
    ],
    [
      { currency: 'EUR', amount: 10, destinationTransferData: { ...sepa, city: undefined } },
      'destinationTransferData.city is required',
    ],
    [
      { currency: 'EUR', amount: 10, destinationTransferData: { ...sepa, colour: 'red' } },
      'destinationTransferData.colour',
    ],
    [
      { currency: 'EUR', amount: 10, destinationTransferData: sepa, beneficiary: { name: 'Bo' } },
      'beneficiary.surname is required',
    ],
    [
      {
        currency: 'EUR',
        amount: 10,
        destinationTransferData: sepa,
        beneficiary: { name: 'Bo', surname: 'K', relationship: 'friend' },
      },
      'relationship',
    ],
    [{ currency: 'EUR', amount: '10', destinationTransferData: sepa }, 'amount must be a number'],
  ])('refuses %j with 400 naming the field', async (payload, message) => {
    const p = await aPartner(t.app);
    const response = await withdraw(p, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('accepts a third-party beneficiary and echoes it', async () => {
    const p = await fundedPartner('EUR', 50);
    const response = await withdraw(p, {
      currency: 'EUR',
      amount: 5,
      destinationTransferData: sepa,
      beneficiary: { name: 'Bo', surname: 'Kim', relationship: 'third_party' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().beneficiary).toEqual({ name: 'Bo', surname: 'Kim', relationship: 'third_party' });
  });
});

describe('reading withdrawals', () => {
  it('reads one, lists with a status filter, 401 for another workspace, 404 unknown, no count, no approve', async () => {
    const p = await fundedPartner('EUR', 100);
    const w = (await withdraw(p, { currency: 'EUR', amount: 1, destinationTransferData: sepa })).json();
    expect((await read(p, w.withdrawalId)).json()).toEqual(w);
    const list = (q: string) =>
      t.app.inject({ method: 'GET', url: `/v1/withdrawals${q}`, headers: p.headers }).then((r) => r.json());
    expect((await list('?status=Pending')).map((x: { withdrawalId: string }) => x.withdrawalId)).toEqual([
      w.withdrawalId,
    ]);
    expect(await list('?status=Success')).toEqual([]);
    const other = await aPartner(t.app);
    expect((await read(other, w.withdrawalId)).statusCode).toBe(401);
    expect((await read(p, randomUUID())).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/withdrawals/count', headers: p.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/withdrawals/approve', headers: p.headers, payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('the ledger is consistent after every withdrawal scenario', async () => {
    const report = await t.app.inject({ method: 'GET', url: '/admin/v1/ledger/verification', headers: adminHeaders });
    expect(report.json()).toMatchObject({ consistent: true, problems: [] });
  });
});
