// The world of test/production/reconciliation*.test.ts: a database of the file's own (test/support/own-database.ts),
// a production app with banks by files and the reference provider service (which collects GBP), a stage app whose
// partner's payer is verified, and what drives them: the partner API, bank files imported through the operator API,
// and the bank's side as the file builds it (each account's balance, last closing and lines booked since), from which
// the day's camt.053 is written with the right closing balance. Each file makes a world of its own.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import { type CamtLine, camt053, camt054 } from './bank-file-builders.js';
import { bankProviders, eurAccount, usdAccount } from './bank-providers.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from './builders.js';
import { buildTestApp, productionEnv, type TestApp } from './harness.js';
import { type OwnDatabase, ownDatabase } from './own-database.js';
import { root } from './server-process.js';

export const providerSecret = 'reconciliation-provider-secret-0123456789';

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
export const payer = {
  firstName: 'Ana',
  lastName: 'Silva',
  userEmail: 'reconciliation-payer@example.com',
  country: 'PT',
};

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

export type Fiat = 'EUR' | 'USD';
export const accountOf = { EUR: { iban: eurAccount, currency: 'EUR' }, USD: { number: usdAccount, currency: 'USD' } };
/** Cents as a bank writes them: "12.34". */
export const written = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
export const major = (cents: bigint) => Number(cents) / 100;
export const cents = (amount: number) => Math.round(amount * 100);
export const unique = () => randomUUID().slice(0, 8).toUpperCase();

export interface Batch {
  batchId: string;
  payouts: { payoutId: string; reference: string }[];
}
export const referenceOf = (batch: Batch, payoutId: string) => {
  const found = batch.payouts.find((p) => p.payoutId === payoutId);
  if (found === undefined) throw new Error(`payout ${payoutId} is not in batch ${batch.batchId}`);
  return found.reference;
};

export interface Report {
  reconciledBy: string;
  bank: { closingBalance: number } | null;
  ledger: { received: number; paidOut: number; position: number };
  difference: number | null;
  unexplained: number | null;
  items: { kind: string; id: string; amount: number; detail: string }[];
  note?: string;
}
/** A line booked after every closing balance of this file: the closing does not include it. */
export const bookedLate = (text: string) => text.replaceAll('<Dt>2026-11-25</Dt>', '<Dt>2099-12-31</Dt>');
export const explained = (r: Report) => r.items.reduce((sum, item) => sum + cents(item.amount), 0);

/**
 * A world of one test file: `start` in its beforeAll, `close` in its afterAll. The apps are there once started.
 */
export function reconciliationWorld() {
  let own: OwnDatabase;
  let provider: ChildProcess | undefined;
  let prod: TestApp;
  let stage: TestApp;
  let partner: Partner;

  async function start() {
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
  }

  async function close() {
    provider?.kill();
    await prod?.app.close();
    await stage?.app.close();
    await own?.close();
  }

  // --- Driving the partner API and importing bank files ---------------------------------------------------------

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

  async function cut(rail: 'SEPA' | 'ACH_US'): Promise<Batch> {
    const response = await admin('POST', '/admin/v1/payout-batches', { rail });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function report(currency: string): Promise<Report> {
    const response = await admin('GET', `/admin/v1/reconciliation?currency=${currency}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  return {
    start,
    close,
    /** The production app (banks by files, the provider service collecting GBP). */
    get prod() {
      return prod;
    },
    api,
    admin,
    importFile,
    books,
    book,
    statement,
    fundedDeposit,
    withdraw,
    cut,
    report,
  };
}
