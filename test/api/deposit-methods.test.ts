import { beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';

let t: TestApp;
let p: Partner;
beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  p = await aPartner(t.app);
});

const create = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/deposits/methods', headers: p.headers, payload });
const read = (id: string) => t.app.inject({ method: 'GET', url: `/v1/deposits/methods/${id}`, headers: p.headers });

describe('deposit methods', () => {
  it.each([
    ['EUR', 'SEPA', 'SEPA'],
    ['USD', 'ACH_US', 'ACH_US'],
    ['GBP', 'GBP_BANK_TRANSFER', 'GBP_BANK_TRANSFER'],
    ['MXN', 'SPEI', 'SPEI'],
    ['BRL', 'PIX_BR', 'PIX'],
    ['ARS', 'ARGENTINA_BANK_TRANSFER', 'BANK_TRANSFER'],
  ])(
    '%s: created PENDING, then activated with %s details and deposit_method_activated',
    async (currency, rail, depositType) => {
      const created = await create({ methodType: 'fiat', currency });
      expect(created.statusCode, created.body).toBe(201);
      const method = created.json();
      expect(method).toMatchObject({
        methodType: 'fiat',
        currency,
        rail,
        status: 'PENDING',
        depositInfo: { depositType: 'PENDING' },
      });
      expect(method.depositInfo.pendingReason).toBeUndefined();
      await t.ctx.jobs.runDue();
      const active = (await read(method.methodId)).json();
      expect(active).toMatchObject({ status: 'ACTIVE', depositInfo: { depositType } });
      expect(active.depositInfo.amount).toBeUndefined();
      const db = await testDb();
      const events = await db.query<{ type: string }>(
        'select type from outbox_events where event_id = $1 order by id',
        [method.methodId],
      );
      expect(events.map((e) => e.type)).toEqual(['deposit_method_created', 'deposit_method_activated']);
    },
  );

  it('lists methods, refuses other currencies, and gates a customer method on verification', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/v1/deposits/methods', headers: p.headers })).json();
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect((await create({ methodType: 'fiat', currency: 'COP' })).statusCode).toBe(400);
    expect((await create({ methodType: 'crypto', currency: 'EUR' })).statusCode).toBe(400);
    const gated = await create({ methodType: 'fiat', currency: 'EUR', userEmail: 'not.verified@example.com' });
    expect(gated.statusCode).toBe(403);
    await verifyCustomer(t.app, p, 'cust@example.com');
    const customer = await create({ methodType: 'fiat', currency: 'EUR', userEmail: 'cust@example.com' });
    expect(customer.json()).toMatchObject({ userEmail: 'cust@example.com' });
    expect((await read('PRE000000000000')).statusCode).toBe(404);
    const other = await aPartner(t.app);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v1/deposits/methods/${customer.json().methodId}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(401);
  });
});
