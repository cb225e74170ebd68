import { beforeAll, describe, expect, it } from 'vitest';
import { openSensitive } from '../../src/platform/secrets/sensitive.js';
import { aToken, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testSecretsKeyring } from '../support/harness.js';
import {
  aDeposit,
  aWebForm,
  banks,
  eventsOf,
  obEvents,
  obStatus,
  payerAccountNumber,
  payFields,
  postPage,
  postWebForm,
} from '../support/openbanking.js';
import { approvedPartner, balances, expectLedgerConsistent, readOrder, sepaToPixOrder } from '../support/orders.js';

// Goal: a payer pays a deposit or an order's origin leg through the hosted open banking page, and the partner reads
// the session's status: paying (the funds settle like a simulated transfer, with the deposit's and the session's
// events), declining, cancelling, validation, supersession and expiry. The form's creation:
// openbanking-web-form.test.ts; its refusals: openbanking-refusals.test.ts. Method: the API and the page over HTTP
// (inject), jobs run on demand, a clock shared with the app; the expiry tests move it by more than the session's
// 30 minutes and run last.

let t: TestApp;
let p: Partner;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', PUBLIC_BASE_URL: 'https://pay.example.test' }, clock });
  p = await approvedPartner(t);
});

const readDeposit = async (id: string, partner = p) =>
  (await t.app.inject({ method: 'GET', url: `/v1/deposits/${id}`, headers: partner.headers })).json();
const page = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: path, headers });

describe('paying through the hosted page', () => {
  it('settles a deposit to Received: deposit_completed, balance_updated and an event at every session change', async () => {
    const partner = await approvedPartner(t);
    const deposit = await aDeposit(t, partner, { amount: 250 });
    const form = await aWebForm(t, partner, deposit.depositId);
    const paid = await postPage(t, form.path, payFields());
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(form.path);
    const authorized = await obStatus(t, partner, deposit.depositId);
    expect(authorized).toMatchObject({
      openbanking: { status: 'AUTHORIZED', bank: banks.approves, authorizedAt: expect.any(Number) },
      metadata: { entityStatus: 'Pending' },
      note: expect.stringContaining('approved'),
    });
    expect((await page(form.path)).body).toContain('Payment approved');

    await t.ctx.jobs.runDue();
    const completed = await obStatus(t, partner, deposit.depositId);
    expect(completed).toMatchObject({
      openbanking: { status: 'COMPLETED', amount: 250, completedAt: expect.any(Number) },
      metadata: { entityStatus: 'Received', amount: 0 },
    });
    const sessionId = completed.openbanking.sessionId;
    // The deposit carries the newest session's summary, on its read and in lists.
    const summary = { sessionId, status: 'COMPLETED', updatedAt: expect.any(Number) };
    expect(await readDeposit(deposit.depositId, partner)).toMatchObject({
      status: 'Received',
      amount: 250,
      openbanking: summary,
    });
    const listed = await t.app.inject({ method: 'GET', url: '/v1/deposits?limit=50', headers: partner.headers });
    expect(JSON.stringify(listed.json())).toContain(`"sessionId":"${sessionId}"`);
    expect((await balances(t, partner)).EUR).toMatchObject({ available: 250 });
    const common = { orderId: deposit.depositId, entityType: 'deposit', sessionId, amount: 250, currency: 'EUR' };
    expect(await obEvents(t, deposit.depositId)).toEqual([
      { ...common, status: 'AUTHORIZED', previousStatus: 'CREATED' },
      { ...common, status: 'COMPLETED', previousStatus: 'AUTHORIZED' },
    ]);
    expect(await eventsOf(t, 'deposit_completed', deposit.depositId)).toHaveLength(1);
    expect(await eventsOf(t, 'balance_updated', partner.credentials.workspaceId)).toContainEqual(
      expect.objectContaining({ currency: 'EUR', available: 250 }),
    );
    const result = await page(form.path);
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('Payment complete');

    // A second post of the same form (a double click, a reload) only shows the outcome: nothing is paid twice.
    expect((await postPage(t, form.path, payFields())).statusCode).toBe(303);
    await t.ctx.jobs.runDue();
    expect((await balances(t, partner)).EUR).toMatchObject({ available: 250 });
    await expectLedgerConsistent(t.app);
  });

  it('settles an order’s origin leg with the payer as counterparty, and the order goes on to Success', async () => {
    const { order } = await sepaToPixOrder(t, p);
    const form = await aWebForm(t, p, order.orderId, 'es');
    expect((await postPage(t, form.path, payFields())).statusCode).toBe(303);
    await t.ctx.jobs.runDue();
    expect(await obStatus(t, p, order.orderId)).toMatchObject({
      openbanking: { status: 'COMPLETED' },
      metadata: { entityType: 'order', amount: 0 },
    });
    const read = await readOrder(t.app, p, order.orderId);
    expect(read).toMatchObject({ status: 'Success', deposit: { amount: 100 } });
    const stored = await t.ctx.db.query<{ counterparty: Record<string, string> }>(
      'select counterparty from orders where id = $1',
      [order.orderId],
    );
    // The payer's account reaches the order sealed (platform/secrets/sensitive.ts), and opens to what was paid from.
    expect(JSON.stringify(stored[0]?.counterparty)).not.toContain('DE89370400440532013000');
    expect(openSensitive(testSecretsKeyring, stored[0]?.counterparty)).toEqual({
      name: 'Ana Silva',
      iban: 'DE89370400440532013000',
    });
    expect((await obEvents(t, order.orderId)).map((e) => e.status)).toEqual(['AUTHORIZED', 'COMPLETED']);
    expect((await page(form.path)).body).toContain('Pago completado');
    await expectLedgerConsistent(t.app);
  });

  it('pays GBP over GBP_BANK_TRANSFER with an account number', async () => {
    const deposit = await aDeposit(t, p, { currency: 'GBP', amount: 40 });
    const form = await aWebForm(t, p, deposit.depositId);
    expect((await page(form.path)).body).toContain('Your account number');
    await postPage(t, form.path, payFields(banks.approves, payerAccountNumber));
    await t.ctx.jobs.runDue();
    expect(await readDeposit(deposit.depositId)).toMatchObject({ status: 'Received', amount: 40 });
  });

  it('an open-amount EUR deposit: the payer enters the amount (comma decimals accepted)', async () => {
    const deposit = await aDeposit(t, p, { amount: undefined });
    const form = await aWebForm(t, p, deposit.depositId, 'pt');
    expect((await obStatus(t, p, deposit.depositId)).openbanking.amount).toBeUndefined();
    const html = (await page(form.path)).body;
    expect(html).toContain('Montante a pagar (EUR)');
    const missing = await postPage(t, form.path, payFields());
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('id="amount-error"');
    const tooSmall = await postPage(t, form.path, { ...payFields(), amount: '0,01' });
    expect(tooSmall.body).toContain('id="amount-error"');
    expect((await postPage(t, form.path, { ...payFields(), amount: '250,75' })).statusCode).toBe(303);
    await t.ctx.jobs.runDue();
    expect(await readDeposit(deposit.depositId)).toMatchObject({ status: 'Received', amount: 250.75 });
    expect((await obStatus(t, p, deposit.depositId)).openbanking).toMatchObject({
      status: 'COMPLETED',
      amount: 250.75,
    });
  });

  it('the declining bank: FAILED, no inbound transfer, the deposit still Pending', async () => {
    const partner = await approvedPartner(t);
    const deposit = await aDeposit(t, partner);
    const form = await aWebForm(t, partner, deposit.depositId);
    expect((await postPage(t, form.path, payFields(banks.declines))).statusCode).toBe(303);
    await t.ctx.jobs.runDue();
    expect(await obStatus(t, partner, deposit.depositId)).toMatchObject({
      openbanking: { status: 'FAILED', reason: 'declined', bank: banks.declines },
      note: expect.stringContaining('declined'),
    });
    expect(await readDeposit(deposit.depositId, partner)).toMatchObject({ status: 'Pending', amount: 0 });
    expect((await balances(t, partner)).EUR).toBeUndefined();
    expect((await obEvents(t, deposit.depositId)).map((e) => [e.previousStatus, e.status])).toEqual([
      ['CREATED', 'FAILED'],
    ]);
    expect((await page(form.path)).body).toContain('Payment declined');
    // The deposit still takes money: a new form can be made.
    expect((await postWebForm(t, partner, deposit.depositId)).statusCode).toBe(200);
  });

  it('cancel: CANCELLED, no money, and the page says so', async () => {
    const deposit = await aDeposit(t, p);
    const form = await aWebForm(t, p, deposit.depositId);
    expect((await postPage(t, form.path, { action: 'cancel' })).statusCode).toBe(303);
    expect(await obStatus(t, p, deposit.depositId)).toMatchObject({
      openbanking: { status: 'CANCELLED', reason: 'cancelled_by_payer' },
    });
    expect((await obEvents(t, deposit.depositId)).map((e) => e.status)).toEqual(['CANCELLED']);
    expect((await page(form.path)).body).toContain('Payment cancelled');
    expect((await postPage(t, form.path, payFields())).statusCode).toBe(303);
    expect(await readDeposit(deposit.depositId)).toMatchObject({ status: 'Pending' });
  });

  it.each([
    [{ payerName: '' }, 'payerName', 'Enter your full name'],
    [{ payerAccount: 'DE89370400440532013001' }, 'payerAccount', 'Enter a valid IBAN'],
    [{ bank: 'no-such-bank' }, 'bank', 'Choose your bank'],
  ])('a form with %j is shown again with an accessible error', async (change, field, message) => {
    const deposit = await aDeposit(t, p);
    const form = await aWebForm(t, p, deposit.depositId);
    const response = await postPage(t, form.path, { ...payFields(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain(`<p class="error" id="${field}-error">${message}`);
    expect(response.body).toMatch(new RegExp(`aria-describedby="[^"]*${field}-error"`));
    expect(response.body).toContain('aria-invalid="true"');
    if (field !== 'payerName') expect(response.body).toContain('value="Ana Silva"');
    expect((await obStatus(t, p, deposit.depositId)).openbanking.status).toBe('CREATED');
    expect(await obEvents(t, deposit.depositId)).toEqual([]);
  });

  it('a payment for a deposit cancelled before it settles is FAILED not_settled and nothing is credited', async () => {
    const partner = await approvedPartner(t);
    const deposit = await aDeposit(t, partner);
    const form = await aWebForm(t, partner, deposit.depositId);
    await postPage(t, form.path, payFields());
    const refused = await postWebForm(t, partner, deposit.depositId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('being settled');
    await t.app.inject({ method: 'DELETE', url: `/v1/deposits/${deposit.depositId}`, headers: partner.headers });
    await t.ctx.jobs.runDue();
    expect(await obStatus(t, partner, deposit.depositId)).toMatchObject({
      openbanking: { status: 'FAILED', reason: 'not_settled' },
      metadata: { entityStatus: 'Cancelled' },
    });
    expect((await balances(t, partner)).EUR).toBeUndefined();
  });

  it.each([
    ['the settle job runs first and applies the transfer itself', 'openbanking.settle'],
    ['the inbound job runs first', 'deposit.inbound'],
  ])('%s: COMPLETED, credited once', async (_name, first) => {
    const partner = await approvedPartner(t);
    const deposit = await aDeposit(t, partner, { amount: 60 });
    const form = await aWebForm(t, partner, deposit.depositId);
    await postPage(t, form.path, payFields());
    const later = first === 'openbanking.settle' ? 'deposit.inbound' : 'openbanking.settle';
    const held = await t.ctx.db.query<{ id: string }>(
      `update jobs set run_at_ms = run_at_ms + 3600000 where kind = $1 and done_at_ms is null
         and (payload->>'openbankingSessionId' = $2 or payload->>'sessionId' = $2) returning id`,
      [later, (await obStatus(t, partner, deposit.depositId)).openbanking.sessionId],
    );
    expect(held).toHaveLength(1);
    await t.ctx.jobs.runDue();
    await t.ctx.db.query('update jobs set run_at_ms = 0 where id = $1', [held[0]?.id]);
    await t.ctx.jobs.runDue();
    expect((await obStatus(t, partner, deposit.depositId)).openbanking.status).toBe('COMPLETED');
    expect((await balances(t, partner)).EUR).toMatchObject({ available: 60 });
    expect(await eventsOf(t, 'deposit_completed', deposit.depositId)).toHaveLength(1);
  });
});

describe('links that cannot be used', () => {
  it('an unknown or malformed link is a 404 page; a form post of another type a 400 page', async () => {
    for (const path of ['/pay/nope', `/pay/${'A'.repeat(43)}`]) {
      const response = await page(path, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Zahlungslink nicht gefunden');
    }
    const deposit = await aDeposit(t, p);
    const form = await aWebForm(t, p, deposit.depositId);
    const json = await t.app.inject({ method: 'POST', url: form.path, payload: { action: 'pay' } });
    expect(json.statusCode).toBe(400);
    expect(json.headers['content-type']).toContain('text/html');
  });

  it('a new form supersedes the unpaid one: its link is a 410 page and pays nothing', async () => {
    const deposit = await aDeposit(t, p);
    const first = await aWebForm(t, p, deposit.depositId);
    const second = await aWebForm(t, p, deposit.depositId);
    const old = await page(first.path);
    expect(old.statusCode).toBe(410);
    expect(old.body).toContain('Payment link replaced');
    const pay = await postPage(t, first.path, payFields());
    expect(pay.statusCode).toBe(410);
    expect((await obEvents(t, deposit.depositId)).map((e) => [e.status, e.previousStatus])).toEqual([
      ['CANCELLED', 'CREATED'],
    ]);
    expect((await obStatus(t, p, deposit.depositId)).openbanking.status).toBe('CREATED');
    expect((await page(second.path)).statusCode).toBe(200);
  });

  it('the ledger is consistent after every flow above', async () => {
    await expectLedgerConsistent(t.app);
  });

  // Runs last: it moves the shared clock past the 30 minutes of every session created above.
  it('an unpaid form expires after 30 minutes: 410 page, EXPIRED with its event, and a new form can be made', async () => {
    const deposit = await aDeposit(t, p);
    const form = await aWebForm(t, p, deposit.depositId);
    clock.advance(29 * 60 * 1000);
    expect((await page(form.path)).statusCode).toBe(200);
    clock.advance(2 * 60 * 1000);
    const expired = await page(form.path);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Payment link expired');
    expect((await postPage(t, form.path, payFields())).statusCode).toBe(410);
    // Access tokens last 5 minutes: the partner has fetched a new one meanwhile.
    const token = await aToken(t.app, p.credentials);
    p = { ...p, token, headers: { authorization: `Bearer ${token}` } };
    expect((await obStatus(t, p, deposit.depositId)).openbanking).toMatchObject({
      status: 'EXPIRED',
      reason: 'expired',
    });
    await t.ctx.jobs.runDue();
    expect((await obEvents(t, deposit.depositId)).map((e) => e.status)).toEqual(['EXPIRED']);
    expect(await readDeposit(deposit.depositId)).toMatchObject({ status: 'Pending', amount: 0 });
    const again = await aWebForm(t, p, deposit.depositId);
    expect((await page(again.path)).statusCode).toBe(200);
  });
});
