import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { storablePayoutRailKinds } from '../../src/catalogue/payout-identifiers.js';
import { payoutRailByRail } from '../../src/catalogue/payout-rails/index.js';
import { openInstrument, sealInstrument } from '../../src/resources/banking-accounts/instrument.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import {
  approvedPartner,
  aQuote,
  balances,
  expectLedgerConsistent,
  fundedPartner,
  payer,
  payIn,
  postOrder,
  readOrder,
} from '../support/orders.js';
import { valid } from '../support/payout-instruments.js';

// Goal: banking accounts store payout destinations checked by the payout field-set engine, read them enveloped with
// identifiers masked (last four and a stable fingerprint), refuse duplicates and foreign ids, and pay out orders and
// withdrawals named LINKED_BANK_ACCOUNT to the stored instrument, checked again against today's rules. Method: the
// HTTP API over the sandbox rails, jobs run on demand; the "stored before a rule existed" case rewrites a stored row
// as it would have been written then (without ACH_US `state`), since the catalogue is data fixed at start.

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, clock });
});

const achUS = { type: 'ACH_US', ...valid.ACH_US } as Record<string, string>;
const sepa = { type: 'SEPA', ...valid.SEPA } as Record<string, string>;
const beneficiaryUS = {
  firstName: 'John',
  lastName: 'Smith',
  userEmail: 'john.smith@example.com',
  country: 'US',
  city: 'New York',
  postalCode: '10001',
  taxId: '123-45-6789',
};
const beneficiaryBR = {
  firstName: 'João',
  lastName: 'Silva',
  userEmail: 'joao@example.com',
  country: 'BR',
  taxId: '52998224725',
};
const linked = (bankingAccountId: string) => ({ type: 'LINKED_BANK_ACCOUNT', bankingAccountId });

const post = (p: Partner, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/banking-accounts', headers: p.headers, payload });
const get = (p: Partner, path = '') =>
  t.app.inject({ method: 'GET', url: `/v1/banking-accounts${path}`, headers: p.headers });
const remove = (p: Partner, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/v1/banking-accounts/${id}`, headers: p.headers });
const withdraw = (p: Partner, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/withdrawals', headers: p.headers, payload });

/** Stores a destination and answers the banking account read back. */
async function stored(p: Partner, payload: Record<string, unknown>) {
  const response = await post(p, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().value as { bankingAccountId: string; fingerprint: string; [key: string]: unknown };
}

const usAccount = (p: Partner, extra: Record<string, unknown> = {}) =>
  stored(p, { currency: 'USD', destinationTransferData: achUS, destinationUserData: beneficiaryUS, ...extra });

describe('POST /v1/banking-accounts', () => {
  it('stores a destination and answers it enveloped, identifiers masked, with its last four and a fingerprint', async () => {
    const p = await aPartner(t.app);
    const response = await post(p, {
      currency: 'USD',
      destinationTransferData: achUS,
      destinationUserData: beneficiaryUS,
      label: 'John at Chase',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      ok: true,
      value: {
        bankingAccountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        currency: 'USD',
        rail: 'ACH_US',
        label: 'John at Chase',
        last4: '6789',
        fingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        destinationTransferData: { ...achUS, accountNumber: '****6789' },
        destinationUserData: { ...beneficiaryUS, taxId: '****6789' },
        createdAt: expect.any(Number),
      },
    });
    expect(response.body).not.toContain(achUS.accountNumber);
    expect(response.body).not.toContain(beneficiaryUS.taxId);
  });

  it('fills the rail defaults, as orders and withdrawals do (ACH_US bankAccountType CHECKING)', async () => {
    const p = await aPartner(t.app);
    const { bankAccountType: _omitted, ...withoutType } = achUS;
    const account = await stored(p, { currency: 'USD', destinationTransferData: withoutType });
    expect(account.destinationTransferData).toMatchObject({ bankAccountType: 'CHECKING' });
  });

  const storableRails = Object.keys(valid).filter((rail) => {
    const entry = payoutRailByRail(rail);
    return entry !== undefined && entry.currencies.length > 0 && storablePayoutRailKinds.includes(entry.kind);
  });

  it(`holds every fiat payout rail (${storableRails.length}), and no read shows an identifier or tax id whole`, async () => {
    expect(storableRails.length).toBeGreaterThan(30);
    const p = await aPartner(t.app);
    for (const rail of storableRails) {
      const instrument = { type: rail, ...valid[rail] } as Record<string, string>;
      const currency = payoutRailByRail(rail)?.currencies[0];
      // One owner per rail: ACH_COP and BANK_DEPOSIT_COL name one account in the table, a duplicate for one owner.
      const customerEmail = `${rail.toLowerCase()}@example.com`;
      const created = await post(p, { currency, destinationTransferData: instrument, customerEmail });
      expect(created.statusCode, `${rail}: ${created.body}`).toBe(201);
      const read = await get(p, `/${created.json().value.bankingAccountId}`);
      const secrets = ['iban', 'accountNumber', 'destinationBankAccountNumber', 'destinationBankAccount']
        .concat(['destinationCCI', 'destinationPixCode', 'destinationBreBKey', 'destinationPhone', 'destinationTaxId'])
        .flatMap((key) => (instrument[key] ? [instrument[key]] : []));
      expect(secrets.length, rail).toBeGreaterThan(0);
      for (const secret of secrets) {
        expect(created.body, `${rail} create`).not.toContain(secret);
        expect(read.body, `${rail} read`).not.toContain(secret);
      }
    }
  });

  it.each([
    ['an unknown currency', { currency: 'ZZZ' }, 1002, 'currency ZZZ has no bank payout rail'],
    ['a crypto currency', { currency: 'USDC' }, 1002, 'currency USDC has no bank payout rail'],
    [
      "a rail the currency does not pay out by, naming the currency's",
      { currency: 'EUR' },
      1008,
      'destinationTransferData.type ACH_US is not a rail a EUR banking account can hold',
    ],
    [
      'LINKED_BANK_ACCOUNT itself',
      { destinationTransferData: linked(randomUUID()) },
      1008,
      'a banking account cannot name another one',
    ],
    [
      'a field the rail requires, missing (the payout field-set engine)',
      { destinationTransferData: { ...achUS, state: undefined } },
      1008,
      'destinationTransferData.state is required',
    ],
    [
      'a field in the wrong format',
      { destinationTransferData: { ...achUS, routingNumber: '1234' } },
      1008,
      'destinationTransferData.routingNumber',
    ],
    ['an unknown field', { destinationTransferData: { ...achUS, swift: 'X' } }, 1008, 'destinationTransferData.swift'],
  ])('refuses %s: 400 ValidationError in the create shape', async (_case, edit, errorId, message) => {
    const p = await aPartner(t.app);
    const response = await post(p, { currency: 'USD', destinationTransferData: achUS, ...edit });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError', errorId });
    expect(response.json().message).toContain(message);
  });

  it.each([
    ['an unknown body field', { nickname: 'x' }],
    ['a beneficiary without its required fields', { destinationUserData: { firstName: 'John' } }],
    ['a malformed customerEmail', { customerEmail: 'not-an-email' }],
    ['an empty label', { label: '' }],
  ])('refuses %s by the schema: 400 in the create shape', async (_case, edit) => {
    const p = await aPartner(t.app);
    const response = await post(p, { currency: 'USD', destinationTransferData: achUS, ...edit });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError' });
  });

  it('refuses the same account stored again for the same owner: 409 DuplicityError naming the first', async () => {
    const p = await aPartner(t.app);
    const first = await usAccount(p);
    // The same account with another name, address and label: still the same account.
    const again = await post(p, {
      currency: 'USD',
      destinationTransferData: { ...achUS, destinationName: 'Johnny Smith', address: '1 Other Street' },
      label: 'again',
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: 'DuplicityError' });
    expect(again.json().message).toContain(first.bankingAccountId);
    expect((await get(p)).json().value).toHaveLength(1);
  });

  it('knows an account typed with or without separators as one (BANK_DEPOSIT_BR 12345-6 and 123456)', async () => {
    const p = await aPartner(t.app);
    const brazil = { type: 'BANK_DEPOSIT_BR', ...valid.BANK_DEPOSIT_BR, destinationBankAccount: '12345-6' };
    await stored(p, { currency: 'BRL', destinationTransferData: brazil });
    const again = await post(p, {
      currency: 'BRL',
      destinationTransferData: { ...brazil, destinationBankAccount: '123456', destinationTaxId: '12345678909' },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ error: 'DuplicityError' });
  });

  it('knows ACH_COP and BANK_DEPOSIT_COL as one rail: the same account under both names is a duplicate', async () => {
    const p = await aPartner(t.app);
    await stored(p, { currency: 'COP', destinationTransferData: { type: 'ACH_COP', ...valid.ACH_COP } });
    const { destinationBankAccountNumber: account, ...rest } = valid.ACH_COP as Record<string, string>;
    const again = await post(p, {
      currency: 'COP',
      destinationTransferData: { ...rest, type: 'BANK_DEPOSIT_COL', destinationBankAccount: account },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ error: 'DuplicityError' });
  });

  it('is 401 without a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/banking-accounts',
      payload: { currency: 'USD', destinationTransferData: achUS },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: 'AuthorizationError' });
  });
});

describe('fingerprints', () => {
  it('are stable: the same on every read, for the same account stored for another owner, and in the list', async () => {
    const p = await aPartner(t.app);
    const own = await usAccount(p);
    const forCustomer = await usAccount(p, { customerEmail: 'Carla@Example.com' });
    expect(forCustomer.fingerprint).toBe(own.fingerprint);
    expect(forCustomer).toMatchObject({ customerEmail: 'carla@example.com' });
    const reads = await Promise.all([1, 2].map(() => get(p, `/${own.bankingAccountId}`)));
    expect(reads.map((r) => r.json().value.fingerprint)).toEqual([own.fingerprint, own.fingerprint]);
    expect((await get(p)).json().value.map((a: { fingerprint: string }) => a.fingerprint)).toEqual([
      own.fingerprint,
      own.fingerprint,
    ]);
  });

  it('differ for another account number, another bank, and the same account in another workspace', async () => {
    const p = await aPartner(t.app);
    const base = await usAccount(p);
    const otherAccount = await stored(p, {
      currency: 'USD',
      destinationTransferData: { ...achUS, accountNumber: '987654321' },
    });
    const otherBank = await stored(p, {
      currency: 'USD',
      destinationTransferData: { ...achUS, routingNumber: '011000015' },
    });
    const elsewhere = await usAccount(await aPartner(t.app));
    const prints = [base, otherAccount, otherBank, elsewhere].map((a) => a.fingerprint);
    expect(new Set(prints).size).toBe(4);
    expect(otherAccount.last4).toBe('4321');
  });
});

describe('GET /v1/banking-accounts', () => {
  it("lists the workspace's, newest first, filtered by currency and customerEmail, by pages", async () => {
    const p = await aPartner(t.app);
    // A second apart, so that newest first is creation order (ties are broken by id).
    const own = await usAccount(p);
    clock.advance(1000);
    const euro = await stored(p, { currency: 'EUR', destinationTransferData: sepa });
    clock.advance(1000);
    const carla = await usAccount(p, { customerEmail: 'carla@example.com' });
    const ids = async (query: string) =>
      (await get(p, query)).json().value.map((a: { bankingAccountId: string }) => a.bankingAccountId);
    expect(await ids('')).toEqual([carla.bankingAccountId, euro.bankingAccountId, own.bankingAccountId]);
    expect(await ids('?currency=USD')).toEqual([carla.bankingAccountId, own.bankingAccountId]);
    expect(await ids('?customerEmail=CARLA@example.com')).toEqual([carla.bankingAccountId]);
    expect(await ids('?customerEmail=nobody@example.com')).toEqual([]);
    expect(await ids('?limit=2&page=1')).toEqual([own.bankingAccountId]);
    expect(await ids('?currency=GBP')).toEqual([]);
    // Another workspace sees none of them.
    expect((await get(await aPartner(t.app))).json()).toEqual({ ok: true, value: [] });
  });

  it('answers a page far past the data as an empty page, not an error', async () => {
    const p = await aPartner(t.app);
    await usAccount(p);
    const response = await get(p, '?limit=500&page=100000000000000000000');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, value: [] });
  });

  it('refuses an unknown query parameter, as every list does: 400 in the read shape', async () => {
    const p = await aPartner(t.app);
    const response = await get(p, '?status=ACTIVE');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'ValidationError' });
  });
});

describe('GET and DELETE /v1/banking-accounts/{bankingAccountId}', () => {
  it('reads one, enveloped; unknown or malformed ids are 404, another workspace’s 401', async () => {
    const p = await aPartner(t.app);
    const account = await usAccount(p);
    const read = await get(p, `/${account.bankingAccountId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ok: true, value: account });
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await get(p, `/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ ok: false, error: 'ExistenceError' });
    }
    const foreign = await get(await aPartner(t.app), `/${account.bankingAccountId}`);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ ok: false, error: 'AuthorizationError' });
  });

  it('deletes one: then it reads 404, deleting again is 404, and another workspace cannot delete it (401)', async () => {
    const p = await aPartner(t.app);
    const account = await usAccount(p);
    const foreign = await remove(await aPartner(t.app), account.bankingAccountId);
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ ok: false, error: 'AuthorizationError' });
    const deleted = await remove(p, account.bankingAccountId);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ ok: true, value: { bankingAccountId: account.bankingAccountId, deleted: true } });
    expect((await get(p, `/${account.bankingAccountId}`)).statusCode).toBe(404);
    expect((await remove(p, account.bankingAccountId)).json()).toMatchObject({ ok: false, error: 'ExistenceError' });
    // Deleted, the account may be stored again.
    await usAccount(p);
  });
});

describe('withdrawals to a banking account', () => {
  it('pay out to the stored instrument, show LINKED_BANK_ACCOUNT, and settle', async () => {
    const p = await fundedPartner(t, 300);
    // city and postalCode kept in the stored beneficiary: the payout still carries them (a withdrawal has no
    // destinationUserData of its own).
    const { city, postalCode, ...instrument } = sepa;
    const account = await stored(p, {
      currency: 'EUR',
      destinationTransferData: instrument,
      destinationUserData: { firstName: 'Marie', userEmail: 'marie@example.com', country: 'FR', city, postalCode },
    });
    const response = await withdraw(p, {
      currency: 'EUR',
      amount: 120,
      destinationTransferData: linked(account.bankingAccountId),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      rail: 'SEPA',
      status: 'Pending',
      destinationTransferData: linked(account.bankingAccountId),
    });
    expect(response.body).not.toContain(sepa.iban);
    const id = response.json().withdrawalId;
    const [row] = await (await testDb()).query<{ destination: Record<string, string> }>(
      'select destination from withdrawals where id = $1',
      [id],
    );
    expect(row?.destination).toEqual(sepa);
    await t.ctx.jobs.runDue();
    const read = await t.app.inject({ method: 'GET', url: `/v1/withdrawals/${id}`, headers: p.headers });
    expect(read.json()).toMatchObject({ status: 'Success', destinationTransferData: linked(account.bankingAccountId) });
    expect((await balances(t, p)).EUR).toMatchObject({ available: 180, pending: 0 });
    await expectLedgerConsistent(t.app);
  });

  it('refuse another currency, an unknown or foreign account, and a malformed instrument, moving nothing', async () => {
    const p = await fundedPartner(t, 100);
    const usd = await usAccount(p);
    const foreign = await usAccount(await aPartner(t.app));
    const cases: [object, number, string, string][] = [
      [linked(usd.bankingAccountId), 400, 'ValidationError', 'holds a USD destination; this payment pays out EUR'],
      [linked(randomUUID()), 404, 'ExistenceError', 'does not exist'],
      [linked(foreign.bankingAccountId), 401, 'AuthorizationError', 'outside this workspace'],
      [{ type: 'LINKED_BANK_ACCOUNT' }, 400, 'ValidationError', 'destinationTransferData.bankingAccountId is required'],
      [linked('x'.repeat(500)), 400, 'ValidationError', 'destinationTransferData.bankingAccountId must be a'],
      [{ ...linked(usd.bankingAccountId), iban: 'X' }, 400, 'ValidationError', 'destinationTransferData.iban'],
    ];
    for (const [destinationTransferData, status, error, message] of cases) {
      const response = await withdraw(p, { currency: 'EUR', amount: 10, destinationTransferData });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ success: false, error });
      expect(response.json().message).toContain(message);
    }
    expect((await balances(t, p)).EUR).toMatchObject({ available: 100, pending: 0 });
  });
});

describe('orders to a banking account', () => {
  it("pay out to the stored instrument with the stored beneficiary, masked in the order's reads, to Success", async () => {
    const p = await approvedPartner(t);
    const account = await usAccount(p);
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'USD', originAmount: 100 });
    const response = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      userData: payer,
      destinationTransferData: linked(account.bankingAccountId),
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      destinationRail: 'ACH_US',
      withdraw: { rail: 'ACH_US' },
      destinationTransferData: linked(account.bankingAccountId),
      destinationUserData: { ...beneficiaryUS, taxId: '****6789' },
    });
    expect(response.body).not.toContain(achUS.accountNumber);
    const [row] = await (await testDb()).query<{ destination: Record<string, string>; banking_account_id: string }>(
      'select destination, banking_account_id from orders where id = $1',
      [order.orderId],
    );
    expect(row).toEqual({ destination: achUS, banking_account_id: account.bankingAccountId });
    await payIn(t, p, order.orderId, 100);
    await t.ctx.jobs.runDue();
    const done = await readOrder(t.app, p, order.orderId);
    expect(done).toMatchObject({ status: 'Success', destinationTransferData: linked(account.bankingAccountId) });
    // Deleting the banking account afterwards changes nothing for the order.
    expect((await remove(p, account.bankingAccountId)).statusCode).toBe(200);
    expect(await readOrder(t.app, p, order.orderId)).toEqual(done);
    const list = await t.app.inject({ method: 'GET', url: '/v1/orders', headers: p.headers });
    expect(list.json()[0]).toMatchObject({ destinationTransferData: linked(account.bankingAccountId) });
    await expectLedgerConsistent(t.app);
  });

  it("use the request's beneficiary when it sends one, and settle from a balance too", async () => {
    const p = await fundedPartner(t, 200);
    const account = await usAccount(p);
    const quote = await aQuote(t.app, p, {
      originCurrency: 'EUR',
      originRail: 'BALANCE',
      destinationCurrency: 'USD',
      originAmount: 50,
    });
    const own = { ...beneficiaryUS, firstName: 'Johnny', taxId: undefined };
    const response = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      destinationUserData: own,
      destinationTransferData: linked(account.bankingAccountId),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().destinationUserData).toEqual(JSON.parse(JSON.stringify(own)));
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, response.json().orderId)).status).toBe('Success');
  });

  it("refuse an account in another currency or on another rail than the quote's, naming both", async () => {
    const p = await approvedPartner(t);
    const brl = await stored(p, {
      currency: 'BRL',
      destinationTransferData: { type: 'BANK_DEPOSIT_BR', ...valid.BANK_DEPOSIT_BR },
    });
    const pixQuote = await aQuote(t.app, p, {
      originCurrency: 'EUR',
      destinationCurrency: 'BRL',
      destinationRail: 'PIX_BR',
      originAmount: 100,
    });
    const otherRail = await postOrder(t.app, p, {
      quoteId: pixQuote.quoteId,
      userData: payer,
      destinationTransferData: linked(brl.bankingAccountId),
    });
    expect(otherRail.statusCode, otherRail.body).toBe(400);
    expect(otherRail.json()).toMatchObject({ success: false, error: 'ValidationError', errorId: 1008 });
    expect(otherRail.json().message).toContain(
      "pays out by BANK_DEPOSIT_BR, but the quote's destination rail is PIX_BR",
    );
    const usd = await usAccount(p);
    const otherCurrency = await postOrder(t.app, p, {
      quoteId: pixQuote.quoteId,
      userData: payer,
      destinationTransferData: linked(usd.bankingAccountId),
    });
    expect(otherCurrency.statusCode).toBe(400);
    expect(otherCurrency.json().message).toContain('holds a USD destination; this payment pays out BRL');
    // The refusals bound nothing: the quote still makes an order.
    const brQuote = await aQuote(t.app, p, {
      originCurrency: 'EUR',
      destinationCurrency: 'BRL',
      destinationRail: 'BANK_DEPOSIT_BR',
      originAmount: 100,
    });
    const fits = await postOrder(t.app, p, {
      quoteId: brQuote.quoteId,
      userData: payer,
      destinationUserData: beneficiaryBR,
      destinationTransferData: linked(brl.bankingAccountId),
    });
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('may be quoted to LINKED_BANK_ACCOUNT, leaving the rail to the banking account (fiat currencies only)', async () => {
    const p = await approvedPartner(t);
    const brl = await stored(p, {
      currency: 'BRL',
      destinationTransferData: { type: 'BANK_DEPOSIT_BR', ...valid.BANK_DEPOSIT_BR },
    });
    const quote = await aQuote(t.app, p, {
      originCurrency: 'EUR',
      destinationCurrency: 'BRL',
      destinationRail: 'LINKED_BANK_ACCOUNT',
      originAmount: 100,
    });
    const instrument = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiaryBR,
      destinationTransferData: { type: 'PIX_BR', ...valid.PIX_BR },
    });
    expect(instrument.statusCode, instrument.body).toBe(400);
    expect(instrument.json().message).toContain("does not match the quote's destination rail LINKED_BANK_ACCOUNT");
    const order = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiaryBR,
      destinationTransferData: linked(brl.bankingAccountId),
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json()).toMatchObject({ destinationRail: 'BANK_DEPOSIT_BR', withdraw: { rail: 'BANK_DEPOSIT_BR' } });
    const crypto = await t.app.inject({
      method: 'POST',
      url: '/v1/quotes',
      headers: p.headers,
      payload: {
        originCurrency: 'EUR',
        destinationCurrency: 'USDC',
        destinationRail: 'LINKED_BANK_ACCOUNT',
        originAmount: 100,
      },
    });
    expect(crypto.statusCode).toBe(400);
    expect(crypto.json()).toMatchObject({ error: 'ValidationError', errorId: 1008 });
  });

  it('pay out an order made from a pending payment too', async () => {
    const p = await approvedPartner(t);
    const account = await usAccount(p);
    const method = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits/methods',
      headers: p.headers,
      payload: { methodType: 'fiat', currency: 'EUR' },
    });
    await t.ctx.jobs.runDue();
    const detected = await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/method',
      headers: p.headers,
      payload: { methodId: method.json().methodId, amount: 80, counterparty: { name: 'Payer', iban: sepa.iban } },
    });
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'USD', originAmount: 80 });
    const created = await t.app.inject({
      method: 'POST',
      url: `/v1/pending-payments/${detected.json().transferId}/create-order`,
      headers: p.headers,
      payload: { quoteId: quote.quoteId, destinationTransferData: linked(account.bankingAccountId) },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      destinationRail: 'ACH_US',
      destinationTransferData: linked(account.bankingAccountId),
    });
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, created.json().orderId)).status).toBe('Success');
  });

  it('refuse a foreign or deleted banking account (401, 404) in the create shape', async () => {
    const p = await approvedPartner(t);
    const foreign = await usAccount(await aPartner(t.app));
    const gone = await usAccount(p);
    await remove(p, gone.bankingAccountId);
    for (const [id, status, error] of [
      [foreign.bankingAccountId, 401, 'AuthorizationError'],
      [gone.bankingAccountId, 404, 'ExistenceError'],
    ] as const) {
      const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'USD', originAmount: 100 });
      const response = await postOrder(t.app, p, {
        quoteId: quote.quoteId,
        userData: payer,
        destinationTransferData: linked(id),
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ success: false, error });
    }
  });
});

describe('a destination stored before a rule existed', () => {
  /**
   * Rewrites a stored ACH_US account as it was stored before the dated change that made `state` required: the
   * sealed instrument and the masked copy, both without `state`. The catalogue is data fixed at start, so the rule
   * cannot be added after storing; removing the field from what was stored is the same situation.
   */
  async function storedBeforeTheStateRule(id: string) {
    const db = await testDb();
    const [row] = await db.query<{ instrument_sealed: string; transfer_data_masked: Record<string, string> }>(
      'select instrument_sealed, transfer_data_masked from banking_accounts where id = $1',
      [id],
    );
    if (row === undefined) throw new Error(`banking account ${id} is not stored`);
    const instrument = openInstrument(t.ctx.secretsKey, row.instrument_sealed);
    const { state: _sealed, ...transfer } = instrument.destinationTransferData;
    const { state: _masked, ...masked } = row.transfer_data_masked;
    await db.query(
      'update banking_accounts set instrument_sealed = $2, transfer_data_masked = $3::text::jsonb where id = $1',
      [
        id,
        sealInstrument(t.ctx.secretsKey, { ...instrument, destinationTransferData: transfer }),
        JSON.stringify(masked),
      ],
    );
  }

  it('still reads unchanged, and an order or a withdrawal to it is 400 1008 naming the field, never a 5xx', async () => {
    const p = await approvedPartner(t);
    const account = await usAccount(p);
    await storedBeforeTheStateRule(account.bankingAccountId);
    const before = await get(p, `/${account.bankingAccountId}`);
    expect(before.statusCode).toBe(200);
    expect(before.json().value.destinationTransferData.state).toBeUndefined();

    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'USD', originAmount: 100 });
    const order = await postOrder(
      t.app,
      p,
      { quoteId: quote.quoteId, userData: payer, destinationTransferData: linked(account.bankingAccountId) },
      { 'idempotency-key': 'stored-before-state' },
    );
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json()).toMatchObject({
      success: false,
      error: 'ValidationError',
      errorId: 1008,
      errorName: 'invalidParameters',
    });
    expect(order.json().message).toContain('destinationTransferData.state is required');
    expect(order.json().message).toContain(account.bankingAccountId);

    const withdrawal = await withdraw(p, {
      currency: 'USD',
      amount: 10,
      destinationTransferData: linked(account.bankingAccountId),
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(400);
    expect(withdrawal.json()).toMatchObject({ error: 'ValidationError', errorId: 1008 });
    expect(withdrawal.json().message).toContain('destinationTransferData.state is required');

    expect((await get(p, `/${account.bankingAccountId}`)).body).toBe(before.body);
    // The refusal came before the key was claimed: the same key works once the destination is stored again.
    await remove(p, account.bankingAccountId);
    const again = await usAccount(p);
    const fixed = await postOrder(
      t.app,
      p,
      { quoteId: quote.quoteId, userData: payer, destinationTransferData: linked(again.bankingAccountId) },
      { 'idempotency-key': 'stored-before-state' },
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
  });
});
