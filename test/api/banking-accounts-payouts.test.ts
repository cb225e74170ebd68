import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSensitive } from '../../src/platform/secrets/sensitive.js';
import { achUS, bankingAccountsApi, beneficiaryBR, beneficiaryUS, linked, sepa } from '../support/banking-accounts.js';
import { aPartner } from '../support/builders.js';
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

const { remove, withdraw, stored, usAccount } = bankingAccountsApi(() => t.app);

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
    // The row holds the instrument with its account number sealed (platform/secrets/sensitive.ts), opened only at an
    // edge: the rail, the partner's read.
    expect(JSON.stringify(row?.destination)).not.toContain(sepa.iban);
    expect(openSensitive(t.ctx.secretsKeyring, row?.destination)).toEqual(sepa);
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
    // The order keeps the account's instrument, sealed where it sits (platform/secrets/sensitive.ts).
    expect(JSON.stringify(row?.destination)).not.toContain(achUS.accountNumber);
    expect({ ...row, destination: openSensitive(t.ctx.secretsKeyring, row?.destination) }).toEqual({
      destination: achUS,
      banking_account_id: account.bankingAccountId,
    });
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
