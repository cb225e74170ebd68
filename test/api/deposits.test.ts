import { beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';

// Goal: a partner collects EUR, GBP, USD and USDC into its balance by simulated transfers in every scenario, and
// every rule of POST /v1/deposits holds. Method: drive the API, run the due jobs, read deposits and balances.

let t: TestApp;
let partner: Partner;
const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'ana.payer@example.com', country: 'PT' };
const usPayer = {
  ...payer,
  userEmail: 'joe.payer@example.com',
  country: 'US',
  address: '1 Main St',
  city: 'Austin',
  postalCode: '73301',
  state: 'TX',
};

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await aPartner(t.app);
  for (const email of [payer.userEmail, usPayer.userEmail]) await approve(partner, email);
});

const approve = (p: Partner, userEmail: string) => verifyCustomer(t.app, p, userEmail);

const createDeposit = (payload: object, p: Partner = partner) =>
  t.app.inject({ method: 'POST', url: '/v1/deposits', headers: p.headers, payload });
const simulate = (payload: object, p: Partner = partner) =>
  t.app.inject({ method: 'POST', url: '/v1/simulate/incoming-transfer/deposit', headers: p.headers, payload });
const read = (id: string, p: Partner = partner) =>
  t.app.inject({ method: 'GET', url: `/v1/deposits/${id}`, headers: p.headers });
const balance = async (currency: string, p: Partner = partner) => {
  const body = (
    await t.app.inject({ method: 'GET', url: `/v1/balances?currency=${currency}`, headers: p.headers })
  ).json();
  return body.balances[0] ?? { available: 0, pending: 0 };
};
const settle = () => t.ctx.jobs.runDue();

describe('POST /v1/deposits', () => {
  it('answers 201 with the deposit and SEPA instructions whose reference follows the id', async () => {
    const response = await createDeposit({ userData: payer, amount: 250.5, currency: 'EUR' });
    expect(response.statusCode, response.body).toBe(201);
    const deposit = response.json();
    expect(deposit).toMatchObject({
      depositId: expect.stringMatching(/^PRE[A-Z0-9]{12}$/),
      rail: 'SEPA',
      currency: 'EUR',
      expectedAmount: 250.5,
      amount: 0,
      status: 'Pending',
      depositInfoPending: false,
      feeCurrency: 'EUR',
      userData: payer,
    });
    expect(deposit.depositInfo).toMatchObject({
      depositType: 'SEPA',
      iban: expect.any(String),
      bic: expect.any(String),
      amount: 250.5,
    });
    expect(deposit.depositInfo.referenceCode).toContain(deposit.depositId.replace(/^PRE/, ''));
    expect(deposit.receivedAt).toBeUndefined();
    expect((await read(deposit.depositId)).json()).toEqual(deposit);
  });

  it('collects an open amount in EUR only', async () => {
    const eur = await createDeposit({ userData: payer, currency: 'EUR' });
    expect(eur.statusCode).toBe(201);
    expect(eur.json().expectedAmount).toBeUndefined();
    const gbp = await createDeposit({ userData: payer, currency: 'GBP' });
    expect(gbp.statusCode).toBe(400);
    expect(gbp.json().message).toContain('amount is required for GBP');
  });

  it.each([
    [{ currency: 'USDC', amount: 10, rail: 'SEPA' }, 1008, ['USDC', 'SEPA', 'ARBITRUM, BASE, BSC, ETH, MATIC']],
    [{ currency: 'USDC', amount: 10 }, 1008, ['rail is required for USDC']],
    [{ currency: 'BRL', amount: 10 }, 1002, ['BRL cannot be collected by a deposit']],
    [{ currency: 'EUR', amount: 10, originNetworkId: 'ke-mpesa' }, 1008, ['originNetworkId', 'SEPA']],
  ])('refuses %j with 400 errorId %s', async (fields, errorId, words) => {
    const response = await createDeposit({ userData: payer, ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError', errorId });
    for (const word of words) expect(response.json().message).toContain(word);
  });

  it.each([
    [{ currency: 'EUR', amount: '10' }, 'amount must be a number'],
    [{ currency: 'EUR', amount: 10.001 }, 'amount has more than 2 decimal places'],
    [{ currency: 'EUR', amount: 0.2 }, 'outside the SEPA payin limits'],
  ])('refuses %j naming the field', async (fields, message) => {
    const response = await createDeposit({ userData: payer, ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('is 403 AllowanceError naming the status when the payer is not APPROVED', async () => {
    await verifyCustomer(t.app, partner, 'rev@example.com', 'REVIEWING');
    const response = await createDeposit({
      userData: { ...payer, userEmail: 'rev@example.com' },
      currency: 'EUR',
      amount: 10,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('REVIEWING');
    const unknown = await createDeposit({
      userData: { ...payer, userEmail: 'new@example.com' },
      currency: 'EUR',
      amount: 10,
    });
    expect(unknown.json().message).toContain('NOT_AVAILABLE');
  });
});

describe('collecting by simulated transfers', () => {
  it.each([
    [
      'EUR',
      { userData: payer, currency: 'EUR', amount: 100 },
      { counterparty: { name: 'Ana Silva', iban: 'PT50000201231234567890154' } },
    ],
    [
      'GBP',
      { userData: payer, currency: 'GBP', amount: 100 },
      { counterparty: { name: 'Ana Silva', accountNumber: '12345678' } },
    ],
    [
      'USD',
      { userData: usPayer, currency: 'USD', amount: 100 },
      { counterparty: { name: 'Joe', accountNumber: '000123456789' } },
    ],
    [
      'USDC',
      { userData: payer, currency: 'USDC', amount: 100, rail: 'BASE' },
      { fromAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
    ],
  ])(
    '%s: full amount → Received, balance credited, deposit_completed and balance_updated',
    async (currency, request, payerFields) => {
      const p = await aPartner(t.app);
      await approve(p, request.userData.userEmail);
      const deposit = (await createDeposit(request, p)).json();
      const accepted = await simulate({ depositId: deposit.depositId, amount: 100, ...payerFields }, p);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await read(deposit.depositId, p)).json().status).toBe('Pending');
      await settle();
      const received = (await read(deposit.depositId, p)).json();
      expect(received).toMatchObject({ status: 'Received', amount: 100, receivedAt: expect.any(Number) });
      expect(await balance(currency, p)).toMatchObject({ currency, available: 100, pending: 0 });
      const db = await testDb();
      const events = await db.query<{ type: string; event_id: string }>(
        'select type, event_id from outbox_events where workspace_id = $1 order by id',
        [p.credentials.workspaceId],
      );
      expect(events.filter((e) => e.type === 'deposit_completed')).toEqual([
        { type: 'deposit_completed', event_id: deposit.depositId },
      ]);
      expect(events.some((e) => e.type === 'balance_updated')).toBe(true);
    },
  );

  it('a partial amount → PartiallyReceived with deposit_partially_completed; the rest completes it', async () => {
    const deposit = (await createDeposit({ userData: payer, currency: 'EUR', amount: 100 })).json();
    const before = await balance('EUR');
    await simulate({
      depositId: deposit.depositId,
      amount: 40,
      counterparty: { name: 'A', iban: 'PT50000201231234567890154' },
    });
    await settle();
    expect((await read(deposit.depositId)).json()).toMatchObject({ status: 'PartiallyReceived', amount: 40 });
    await simulate({
      depositId: deposit.depositId,
      amount: 60,
      counterparty: { name: 'A', iban: 'PT50000201231234567890154' },
    });
    await settle();
    expect((await read(deposit.depositId)).json()).toMatchObject({ status: 'Received', amount: 100 });
    expect((await balance('EUR')).available).toBeCloseTo(before.available + 100, 2);
  });

  it('failed terminalizes without money; processing keeps it in flight; compliance_review holds with amount 0', async () => {
    const iban = { counterparty: { name: 'A', iban: 'PT50000201231234567890154' } };
    const failed = (await createDeposit({ userData: payer, currency: 'EUR', amount: 10 })).json();
    await simulate({ depositId: failed.depositId, amount: 10, scenario: 'failed', ...iban });
    const inFlight = (await createDeposit({ userData: payer, currency: 'EUR', amount: 10 })).json();
    await simulate({ depositId: inFlight.depositId, amount: 10, scenario: 'processing', ...iban });
    const held = (await createDeposit({ userData: payer, currency: 'EUR', amount: 10 })).json();
    const pendingBefore = (await balance('EUR')).pending;
    await simulate({ depositId: held.depositId, amount: 10, scenario: 'compliance_review', ...iban });
    await settle();
    expect((await read(failed.depositId)).json()).toMatchObject({ status: 'Failed', amount: 0 });
    expect((await read(inFlight.depositId)).json()).toMatchObject({ status: 'Processing', amount: 0 });
    expect((await read(held.depositId)).json()).toMatchObject({ status: 'ComplianceReview', amount: 0 });
    expect((await balance('EUR')).pending).toBeCloseTo(pendingBefore + 10, 2);
    const again = await simulate({ depositId: failed.depositId, amount: 10, ...iban });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    [{ fromAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }, 'fromAddress is for crypto origins'],
    [{}, 'counterparty is required'],
    [
      { counterparty: { name: 'A', accountNumber: '12345678' } },
      'counterparty.accountNumber is not the payer field of EUR',
    ],
    [{ counterparty: { name: 'A' } }, 'counterparty.iban is required'],
  ])('refuses the wrong payer field %j', async (fields, message) => {
    const deposit = (await createDeposit({ userData: payer, currency: 'EUR', amount: 10 })).json();
    const response = await simulate({ depositId: deposit.depositId, amount: 10, ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('operators decide on compliance holds', () => {
  const iban = { counterparty: { name: 'A', iban: 'PT50000201231234567890154' } };
  const held = async () => {
    const p = await aPartner(t.app);
    await approve(p, payer.userEmail);
    const deposit = (await createDeposit({ userData: payer, currency: 'EUR', amount: 30 }, p)).json();
    await simulate({ depositId: deposit.depositId, amount: 30, scenario: 'compliance_review', ...iban }, p);
    await settle();
    return { p, id: deposit.depositId as string };
  };
  const decide = (id: string, decision: string) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/v1/deposits/${id}/compliance/${decision}`,
      headers: { authorization: 'Bearer test-admin-token-0123456789' },
    });

  it('clearing credits the held funds: Received, amount set, available', async () => {
    const { p, id } = await held();
    expect(await balance('EUR', p)).toMatchObject({ available: 0, pending: 30 });
    const cleared = await decide(id, 'clear');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ status: 'Received', amount: 30 });
    expect(await balance('EUR', p)).toMatchObject({ available: 30, pending: 0 });
    expect((await decide(id, 'clear')).statusCode).toBe(409);
  });

  it('rejecting returns the funds to the payer: Failed, nothing credited', async () => {
    const { p, id } = await held();
    const rejected = await decide(id, 'reject');
    expect(rejected.json()).toMatchObject({ status: 'Failed', amount: 0 });
    expect(await balance('EUR', p)).toMatchObject({ available: 0, pending: 0 });
    expect((await decide('PRE000000000000', 'clear')).statusCode).toBe(404);
    expect((await decide(id, 'maybe')).statusCode).toBe(400);
  });
});

describe('reading and deleting', () => {
  it('another workspace’s deposit is 401, an unknown one 404', async () => {
    const deposit = (await createDeposit({ userData: payer, currency: 'EUR', amount: 10 })).json();
    const other = await aPartner(t.app);
    expect((await read(deposit.depositId, other)).statusCode).toBe(401);
    expect((await read('PRE000000000000')).statusCode).toBe(404);
  });

  it('DELETE cancels a Pending deposit and refuses one that received funds', async () => {
    const pending = (await createDeposit({ userData: payer, currency: 'EUR', amount: 10 })).json();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/v1/deposits/${pending.depositId}`,
      headers: partner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await read(pending.depositId)).json().status).toBe('Cancelled');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/v1/deposits/${pending.depositId}`,
      headers: partner.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ ok: false, error: 'StateError', message: expect.any(String) });
  });

  it('the ledger stays consistent after all of it', async () => {
    const report = await t.app.inject({
      method: 'GET',
      url: '/admin/v1/ledger/verification',
      headers: { authorization: 'Bearer test-admin-token-0123456789' },
    });
    expect(report.json()).toMatchObject({ consistent: true, problems: [] });
  });
});
