import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';

// Goal: a transfer to a receiving method that matches nothing becomes a pending payment, readable enveloped, and an
// operator refund moves refundStatus through its states with the funds leaving suspense only when returned.

let t: TestApp;
let p: Partner;
let methodId: string;
const iban = { name: 'Payer GmbH', iban: 'DE89370400440532013000' };

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  p = await aPartner(t.app);
  methodId = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/deposits/methods',
      headers: p.headers,
      payload: { methodType: 'fiat', currency: 'EUR' },
    })
  ).json().methodId;
  await t.ctx.jobs.runDue();
});

const detect = (amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/simulate/incoming-transfer/method',
    headers: p.headers,
    payload: { methodId, amount, counterparty: iban },
  });
const refund = (id: string, action: string) =>
  t.app.inject({ method: 'POST', url: `/admin/v1/pending-payments/${id}/refund/${action}`, headers: adminHeaders });
const read = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/pending-payments/${id}`, headers: p.headers })).json();

describe('pending payments', () => {
  it('an unmatched transfer becomes a pending payment with its event, listed and counted enveloped', async () => {
    const detected = await detect(75.25);
    expect(detected.statusCode, detected.body).toBe(201);
    const payment = detected.json();
    expect(payment).toMatchObject({
      methodId,
      currency: 'EUR',
      amount: 75.25,
      status: 'UNMATCHED',
      counterparty: iban,
    });
    expect(payment.refundStatus).toBeUndefined();
    expect(await read(payment.transferId)).toEqual({ ok: true, value: payment });
    const list = (await t.app.inject({ method: 'GET', url: '/v1/pending-payments', headers: p.headers })).json();
    expect(list.ok).toBe(true);
    expect(list.value.map((x: { transferId: string }) => x.transferId)).toContain(payment.transferId);
    const count = (
      await t.app.inject({ method: 'GET', url: '/v1/pending-payments/count?currency=EUR', headers: p.headers })
    ).json();
    expect(count).toEqual({ ok: true, value: { count: expect.any(Number) } });
    expect(count.value.count).toBeGreaterThanOrEqual(1);
    const db = await testDb();
    const events = await db.query<{ type: string }>('select type from outbox_events where event_id = $1', [
      payment.transferId,
    ]);
    expect(events.map((e) => e.type)).toEqual(['pending_payment_created_or_detected']);
  });

  it('a refund moves pending_approval → returning → returned, with pending_payment_updated each time', async () => {
    const payment = (await detect(20)).json();
    expect((await refund(payment.transferId, 'approve')).statusCode).toBe(409);
    expect((await refund(payment.transferId, 'start')).json().refundStatus).toBe('pending_approval');
    expect((await refund(payment.transferId, 'start')).statusCode).toBe(409);
    expect((await refund(payment.transferId, 'approve')).json().refundStatus).toBe('returning');
    await t.ctx.jobs.runDue();
    expect((await read(payment.transferId)).value).toMatchObject({ refundStatus: 'returned', status: 'RETURNED' });
    const db = await testDb();
    const events = await db.query<{ data: { refundStatus: string } }>(
      `select data from outbox_events where event_id = $1 and type = 'pending_payment_updated' order by id`,
      [payment.transferId],
    );
    expect(events.map((e) => e.data.refundStatus)).toEqual(['pending_approval', 'returning', 'returned']);
  });

  it('a failed refund (amount ending .91) keeps the funds in suspense and can be started again', async () => {
    const payment = (await detect(10.91)).json();
    await refund(payment.transferId, 'start');
    await refund(payment.transferId, 'approve');
    await t.ctx.jobs.runDue();
    expect((await read(payment.transferId)).value).toMatchObject({ refundStatus: 'failed', status: 'UNMATCHED' });
    expect((await refund(payment.transferId, 'start')).json().refundStatus).toBe('pending_approval');
  });

  it('refuses a status filter, an unknown id, another workspace, and an inactive method', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/pending-payments?status=UNMATCHED', headers: p.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/pending-payments/00000000-0000-4000-8000-000000000000',
          headers: p.headers,
        })
      ).statusCode,
    ).toBe(404);
    const payment = (await detect(5)).json();
    const other = await aPartner(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/pending-payments/${payment.transferId}`, headers: other.headers }))
        .statusCode,
    ).toBe(401);
    const fresh = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/deposits/methods',
        headers: p.headers,
        payload: { methodType: 'fiat', currency: 'GBP' },
      })
    ).json();
    const early = await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/method',
      headers: p.headers,
      payload: { methodId: fresh.methodId, amount: 5, counterparty: { name: 'X', accountNumber: '12345678' } },
    });
    expect(early.statusCode).toBe(409);
  });

  it('the ledger stays consistent', async () => {
    const report = await t.app.inject({ method: 'GET', url: '/admin/v1/ledger/verification', headers: adminHeaders });
    expect(report.json()).toMatchObject({ consistent: true });
  });
});
