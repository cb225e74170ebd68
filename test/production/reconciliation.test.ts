// Reconciliation whose items explain the difference (issue #27, part 3), through the operator API over real bank
// files: the operator's case (77 unmatched and a 50 payout awaiting its debit explain a difference of 127, nothing
// unexplained); a property over random mixes of credits, payouts, returns and fees, each built through the partner
// API and imported bank files and closed by a statement with the right closing balance, in which every difference
// is a listed item; and a currency the provider service collects, which the report says it does not reconcile.
//
// Reconciliation is global per currency (the bank's balances and the ledger's clearing), so this file runs on a
// database of its own (test/support/own-database.ts): one for the whole file, the property's runs accumulating on it.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSignature } from '../../src/providers/provider-service/signature.js';
import { type CamtLine, camt053, camt054, nachaReturns, pain002 } from '../support/bank-file-builders.js';
import { bankProviders, eurAccount, usdAccount } from '../support/bank-providers.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp } from '../support/harness.js';
import { type OwnDatabase, ownDatabase } from '../support/own-database.js';
import { root } from '../support/server-process.js';

const providerSecret = 'reconciliation-provider-secret-0123456789';
const sepa = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'FR1420041010050500013M02606',
  country: 'FR',
  city: 'Paris',
  postalCode: '75001',
};
const ach = {
  type: 'ACH_US',
  destinationName: 'John Smith',
  accountNumber: '123456789',
  routingNumber: '011000015',
  country: 'US',
  city: 'Boston',
  postalCode: '02108',
  state: 'MA',
  address: '1 Beacon Street',
  accountType: 'PERSONAL',
};
const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'reconciliation-payer@example.com', country: 'PT' };

let own: OwnDatabase;
let provider: ChildProcess | undefined;
let prod: TestApp;
let stage: TestApp;
let partner: Partner;

async function startProvider(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [`${root}examples/reference-provider/server.mjs`], {
    env: { PATH: process.env.PATH ?? '', PROVIDER_SECRET: providerSecret, BROKERAGE_URL: 'http://127.0.0.1:9' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the reference provider exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line).listening));
  });
  return { child, url };
}

beforeAll(async () => {
  own = await ownDatabase();
  const started = await startProvider();
  provider = started.child;
  prod = await buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    wrapDb: () => own.db,
    providersFile: {
      ...bankProviders,
      providerService: {
        url: started.url,
        secret: providerSecret,
        collects: [{ currency: 'GBP', rail: 'GBP_BANK_TRANSFER' }],
        pays: [{ currency: 'GBP', rail: 'GBP_BANK_TRANSFER' }],
        timeoutMs: 2_000,
        maxAttempts: 2,
      },
    },
  });
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, wrapDb: () => own.db });
  partner = await aPartner(stage.app);
  await verifyCustomer(stage.app, partner, payer.userEmail);
}, 60_000);

afterAll(async () => {
  provider?.kill();
  await prod?.app.close();
  await stage?.app.close();
  await own?.close();
});

// --- Driving the partner API and importing bank files -----------------------------------------------------------

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  prod.app.inject({ method, url, headers: partner.headers, ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  prod.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
const importFile = async (text: string, contentType = 'application/xml') => {
  const response = await prod.app.inject({
    method: 'POST',
    url: '/admin/v1/bank-files',
    headers: { ...adminHeaders, 'content-type': contentType },
    payload: text,
  });
  expect(response.statusCode, response.body).toBe(200);
  await prod.ctx.jobs.runDue();
  return response.json();
};

type Fiat = 'EUR' | 'USD';
const accountOf = { EUR: { iban: eurAccount, currency: 'EUR' }, USD: { number: usdAccount, currency: 'USD' } };
/** Cents as a bank writes them: "12.34". */
const written = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
const major = (cents: bigint) => Number(cents) / 100;
const cents = (amount: number) => Math.round(amount * 100);
const unique = () => randomUUID().slice(0, 8).toUpperCase();

/** A line booked after every closing balance of this file: the closing does not include it. */
const bookedLate = (text: string) => text.replaceAll('<Dt>2026-11-25</Dt>', '<Dt>2099-12-31</Dt>');

/**
 * The bank's side as this file builds it, per account: what it holds by the lines booked so far (the closing balance
 * the next statement must show), the last statement's closing (its opening) and the lines booked since.
 */
const books: Record<Fiat, { balance: bigint; opening: bigint; since: CamtLine[] }> = {
  EUR: { balance: 0n, opening: 0n, since: [] },
  USD: { balance: 0n, opening: 0n, since: [] },
};
/** A line the bank booked (before the next closing): it counts in the next statement. */
const book = (currency: Fiat, line: CamtLine) => {
  const amount = BigInt(line.amount.replace('.', ''));
  books[currency].balance += line.direction === 'CRDT' ? amount : -amount;
  books[currency].since.push(line);
  return line;
};

/**
 * The day's camt.053: opening at the last statement's closing, the lines booked since (already imported from the
 * day's camt.054s, so recorded once), and its closing balance. USD's account is a number (Othr), not an IBAN.
 */
function statement(currency: Fiat, date: string) {
  const { balance, opening, since } = books[currency];
  expect(balance >= 0n, 'the test keeps closing balances positive').toBe(true);
  const text = camt053(eurAccount, currency, { amount: written(balance), date }, since)
    .replace(
      '<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd>',
      `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${written(opening)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd>`,
    )
    .replace('<MsgId>STM-', `<MsgId>STM-${currency}-${unique()}-`);
  books[currency].opening = balance;
  books[currency].since = [];
  return currency === 'EUR'
    ? text
    : text
        .replace(`<IBAN>${eurAccount}</IBAN>`, `<Othr><Id>${usdAccount}</Id></Othr>`)
        .replaceAll(eurAccount, usdAccount);
}

async function fundedDeposit(currency: Fiat, amountCents: bigint) {
  const response = await api('POST', '/v1/deposits', { userData: payer, currency, amount: major(amountCents) });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json();
  await importFile(
    camt054(accountOf[currency], [
      book(currency, {
        bankReference: `IN-${created.depositId}`,
        direction: 'CRDT',
        amount: written(amountCents),
        ...(currency === 'EUR'
          ? { rfReference: created.depositInfo.referenceCode }
          : { remittance: `ref ${created.depositInfo.referenceCode}` }),
      }),
    ]),
  );
  expect((await api('GET', `/v1/deposits/${created.depositId}`)).json().status).toBe('Received');
}

async function withdraw(currency: Fiat, amountCents: bigint): Promise<string> {
  const response = await api('POST', '/v1/withdrawals', {
    currency,
    amount: major(amountCents),
    destinationTransferData: currency === 'EUR' ? sepa : ach,
  });
  expect(response.statusCode, response.body).toBe(201);
  await prod.ctx.jobs.runDue();
  return response.json().withdrawalId;
}

interface Batch {
  batchId: string;
  payouts: { payoutId: string; reference: string }[];
}
async function cut(rail: 'SEPA' | 'ACH_US'): Promise<Batch> {
  const response = await admin('POST', '/admin/v1/payout-batches', { rail });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const referenceOf = (batch: Batch, payoutId: string) => {
  const found = batch.payouts.find((p) => p.payoutId === payoutId);
  if (found === undefined) throw new Error(`payout ${payoutId} is not in batch ${batch.batchId}`);
  return found.reference;
};

interface Report {
  reconciledBy: string;
  bank: { closingBalance: number } | null;
  ledger: { received: number; paidOut: number; position: number };
  difference: number | null;
  unexplained: number | null;
  items: { kind: string; id: string; amount: number; detail: string }[];
  note?: string;
}
async function report(currency: string): Promise<Report> {
  const response = await admin('GET', `/admin/v1/reconciliation?currency=${currency}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const explained = (r: Report) => r.items.reduce((sum, item) => sum + cents(item.amount), 0);

// --- The operator's case ------------------------------------------------------------------------------------------

describe('the operator’s case', () => {
  it('77 unmatched and a settled payout of 50 awaiting its debit explain a difference of 127, nothing unexplained', async () => {
    await fundedDeposit('EUR', 6000n);
    await importFile(
      camt054(accountOf.EUR, [
        book('EUR', { bankReference: `UNM-${unique()}`, direction: 'CRDT', amount: '77.00', remittance: '?' }),
      ]),
    );
    const payoutId = await withdraw('EUR', 5000n);
    const batch = await cut('SEPA');
    await importFile(pain002(batch.batchId, [{ endToEndId: referenceOf(batch, payoutId), status: 'ACCP' }]));
    expect((await api('GET', `/v1/withdrawals/${payoutId}`)).json().status).toBe('Success');
    await importFile(statement('EUR', '2030-12-30'));

    const body = await report('EUR');
    expect(body).toMatchObject({
      reconciledBy: 'bank',
      bank: { closingBalance: 137 },
      ledger: { received: 60, paidOut: 50, position: 10 },
      difference: 127,
      unexplained: 0,
    });
    expect(body.items).toHaveLength(2);
    expect(body.items).toContainEqual(expect.objectContaining({ kind: 'unmatched_credit', amount: 77 }));
    expect(body.items).toContainEqual(
      expect.objectContaining({ kind: 'payout_without_bank_debit', id: payoutId, amount: 50 }),
    );

    // The debit arrives on a statement: the payout is no longer an item, and the difference is the 77 alone.
    const debit = { bankReference: `OUT-${payoutId}`, direction: 'DBIT' as const, amount: '50.00' };
    await importFile(camt054(accountOf.EUR, [book('EUR', { ...debit, endToEndId: referenceOf(batch, payoutId) })]));
    await importFile(statement('EUR', '2030-12-31'));
    expect(await report('EUR')).toMatchObject({
      difference: 77,
      unexplained: 0,
      items: [{ kind: 'unmatched_credit' }],
    });
  });
});

// --- The property -------------------------------------------------------------------------------------------------

/**
 * What becomes of one EUR payout: rejected by its pain.002; settled by it with no debit yet; settled and debited;
 * settled by its debit alone; debited and returned on a statement; returned on a statement whose debit is not there.
 */
const fates = ['rejected', 'accepted', 'accepted+debit', 'debit', 'debit+return', 'accepted+return'] as const;
type Fate = (typeof fates)[number];
/** The item each fate must list for its payout, with its sign: none when bank and ledger agree on it. */
const expectedItem: Record<Fate, [string, 1 | -1] | undefined> = {
  rejected: undefined,
  accepted: ['payout_without_bank_debit', 1],
  'accepted+debit': undefined,
  debit: undefined,
  'debit+return': undefined,
  'accepted+return': ['payout_without_bank_debit', 1],
};

interface Mix {
  unmatched: { cents: bigint; late: boolean }[];
  fees: bigint[];
  payouts: { cents: bigint; fate: Fate }[];
  /** A USD ACH payout debited and then returned by a NACHA file, its return credit on a statement or not yet. */
  achReturn: { cents: bigint; creditOnStatement: boolean } | null;
}

const centsArb = fc.bigInt({ min: 100n, max: 20_000n });
const mixArb: fc.Arbitrary<Mix> = fc.record({
  unmatched: fc.array(fc.record({ cents: centsArb, late: fc.boolean() }), { maxLength: 3 }),
  fees: fc.array(fc.bigInt({ min: 1n, max: 900n }), { maxLength: 2 }),
  payouts: fc.array(fc.record({ cents: centsArb, fate: fc.constantFrom(...fates) }), { maxLength: 4 }),
  achReturn: fc.option(fc.record({ cents: centsArb, creditOnStatement: fc.boolean() }), { nil: null }),
});

let day = 0;
/** Each run closes on a later day than the one before, so its closing balance is the latest. */
const nextDate = () => {
  day += 1;
  return new Date(Date.UTC(2031, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
};

async function build(mix: Mix): Promise<Map<string, [string, 1 | -1] | undefined>> {
  const expected = new Map<string, [string, 1 | -1] | undefined>();
  const run = unique();
  const payoutTotal = mix.payouts.reduce((sum, p) => sum + p.cents, 0n);
  // Funds for the run's payouts: a deposit credited by its RF reference (a credit the ledger takes in).
  const funding = payoutTotal + 1000n;
  await fundedDeposit('EUR', funding);

  const eurLines: CamtLine[] = [];
  const lateLines: CamtLine[] = [];
  mix.unmatched.forEach((u, i) => {
    const line: CamtLine = {
      bankReference: `UNM-${run}-${i}`,
      direction: 'CRDT',
      amount: written(u.cents),
      remittance: 'interest or a payer’s typo',
    };
    if (u.late) lateLines.push(line);
    else eurLines.push(book('EUR', line));
  });
  mix.fees.forEach((fee, i) => {
    eurLines.push(
      book('EUR', { bankReference: `FEE-${run}-${i}`, direction: 'DBIT', amount: written(fee), remittance: 'Fee' }),
    );
  });

  const ids: string[] = [];
  for (const payout of mix.payouts) ids.push(await withdraw('EUR', payout.cents));
  if (ids.length > 0) {
    const batch = await cut('SEPA');
    type Verdict = { endToEndId: string; status: 'ACCP' | 'RJCT'; reason?: string };
    const verdicts = mix.payouts.flatMap((p, i): Verdict[] => {
      const endToEndId = referenceOf(batch, ids[i] as string);
      if (p.fate === 'rejected') return [{ endToEndId, status: 'RJCT', reason: 'AC04' }];
      return p.fate.startsWith('accepted') ? [{ endToEndId, status: 'ACCP' }] : [];
    });
    if (verdicts.length > 0) await importFile(pain002(batch.batchId, verdicts));
    mix.payouts.forEach((p, i) => {
      const id = ids[i] as string;
      const endToEndId = referenceOf(batch, id);
      expected.set(id, expectedItem[p.fate]);
      if (p.fate.includes('debit')) {
        eurLines.push(
          book('EUR', { bankReference: `OUT-${id}`, direction: 'DBIT', amount: written(p.cents), endToEndId }),
        );
      }
      if (p.fate.includes('return')) {
        const back = { bankReference: `RET-${id}`, direction: 'CRDT' as const, amount: written(p.cents) };
        eurLines.push(book('EUR', { ...back, endToEndId, returnReason: 'AC04' }));
      }
    });
  }
  // Debits before their returns: one notification, in order.
  if (eurLines.length > 0) await importFile(camt054(accountOf.EUR, eurLines));
  if (lateLines.length > 0) await importFile(bookedLate(camt054(accountOf.EUR, lateLines)));

  if (mix.achReturn !== null) {
    const amount = mix.achReturn.cents;
    await fundedDeposit('USD', amount);
    const id = await withdraw('USD', amount);
    const batch = await cut('ACH_US');
    const endToEndId = referenceOf(batch, id);
    const debit = { bankReference: `ACH-OUT-${id}`, direction: 'DBIT' as const, amount: written(amount) };
    await importFile(camt054(accountOf.USD, [book('USD', { ...debit, endToEndId })]));
    const file = await admin('GET', `/admin/v1/payout-batches/${batch.batchId}/file`);
    await importFile(nachaReturns(file.body, [{ payoutId: endToEndId, reason: 'R01' }]), 'text/plain');
    expect((await api('GET', `/v1/withdrawals/${id}`)).json().status).toBe('Returned');
    if (mix.achReturn.creditOnStatement) {
      const back = { bankReference: `ACH-RET-${id}`, direction: 'CRDT' as const, amount: written(amount) };
      await importFile(camt054(accountOf.USD, [book('USD', { ...back, endToEndId, returnReason: 'R01' })]));
      expected.set(id, undefined);
    } else {
      // The ledger took it back at the NACHA return; the bank's credit is not on a statement yet.
      expected.set(id, ['return_without_bank_credit', -1]);
    }
  }

  const date = nextDate();
  await importFile(statement('EUR', date));
  if (books.USD.balance > 0n || mix.achReturn !== null) await importFile(statement('USD', date));
  return expected;
}

describe('every difference is a listed item', () => {
  it('over random mixes of credits, payouts, returns and fees: unexplained 0, difference = Σ items', async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(mixArb, async (mix) => {
        const expected = await build(mix);
        for (const currency of ['EUR', 'USD'] as const) {
          const body = await report(currency);
          expect(body.reconciledBy).toBe('bank');
          expect(cents(body.bank?.closingBalance ?? Number.NaN), `${currency} closing`).toBe(
            Number(books[currency].opening),
          );
          expect(cents(body.difference ?? Number.NaN)).toBe(
            cents(body.bank?.closingBalance ?? 0) - cents(body.ledger.position),
          );
          expect(cents(body.difference ?? Number.NaN), JSON.stringify(body.items)).toBe(explained(body));
          expect(body.unexplained, JSON.stringify(body.items)).toBe(0);
        }
        const all = [...(await report('EUR')).items, ...(await report('USD')).items];
        for (const [id, item] of expected) {
          const listed = all.filter((i) => i.id === id);
          if (item === undefined) expect(listed, `payout ${id}`).toEqual([]);
          else {
            expect(listed, `payout ${id}`).toHaveLength(1);
            expect(listed[0]?.kind).toBe(item[0]);
            expect(Math.sign(listed[0]?.amount ?? 0)).toBe(item[1]);
          }
        }
      }),
      { numRuns: 15, endOnFailure: true },
    );
    console.info(`reconciliation property: 15 runs in ${Date.now() - started} ms`);
  }, 180_000);
});

// --- A currency the provider service collects ------------------------------------------------------------------------

describe('a currency the provider service collects', () => {
  it('is reported as reconciled by the provider service, with no bank figure and nothing unexplained', async () => {
    const created = await api('POST', '/v1/deposits', { userData: payer, currency: 'GBP', amount: 89 });
    expect(created.statusCode, created.body).toBe(201);
    const text = JSON.stringify({
      callbackId: `reconciliation-${unique()}`,
      depositId: created.json().depositId,
      currency: 'GBP',
      amount: '89.00',
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const credited = await prod.app.inject({
      method: 'POST',
      url: '/provider/v1/inbound-credits',
      headers: {
        'content-type': 'application/json',
        'provider-timestamp': timestamp,
        'provider-signature': providerSignature(providerSecret, timestamp, text),
      },
      payload: text,
    });
    expect(credited.statusCode, credited.body).toBe(200);
    await prod.ctx.jobs.runDue();

    const body = await report('GBP');
    expect(body).toMatchObject({
      currency: 'GBP',
      reconciledBy: 'provider-service',
      bank: null,
      ledger: { received: 89, paidOut: 0, position: 89 },
      difference: null,
      unexplained: null,
      items: [],
    });
    expect(body.note).toMatch(/provider service/);
  });
});
