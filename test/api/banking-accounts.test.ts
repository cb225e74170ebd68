import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { storablePayoutRailKinds } from '../../src/catalogue/payout-identifiers.js';
import { payoutRailByRail } from '../../src/catalogue/payout-rails/index.js';
import { achUS, bankingAccountsApi, beneficiaryUS, linked, sepa } from '../support/banking-accounts.js';
import { aPartner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
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

const { post, get, remove, stored, usAccount } = bankingAccountsApi(() => t.app);

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

  it('answers a page far past the data as an empty page, and a page past the bound as a 400', async () => {
    const p = await aPartner(t.app);
    await usAccount(p);
    const far = await get(p, '?limit=500&page=1000000');
    expect(far.statusCode, far.body).toBe(200);
    expect(far.json()).toEqual({ ok: true, value: [] });
    const past = await get(p, '?page=100000000000000000000');
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toMatchObject({ ok: false, error: 'ValidationError' });
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
