// A production app of its own for one property run (test/production/bank-file-properties-*.test.ts): fresh bank
// accounts in its providers file (a EUR IBAN collecting and paying out by SEPA, a USD account collecting by ACH and
// paying out by NACHA), so that no statement chain, bank reference or balance of another run or test file stands in
// its way; deposits of a partner created on the stage app (one database for both); and the few HTTP calls the
// properties make. Amounts are read back as the API gives them and compared in minor units.

import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { ProvidersFile } from '../../src/providers/providers-file.js';
import { bankProviders, eurBic, ownBankProviders } from './bank-providers.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from './builders.js';
import { buildTestApp, productionEnv, type TestApp } from './harness.js';
import { makeIban } from './independent-bank-files/index.js';

export interface PropertyWorld {
  readonly stage: TestApp;
}

export async function propertyWorld(): Promise<PropertyWorld> {
  return { stage: await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } }) };
}

const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'bank-file-properties@example.com', country: 'PT' };

const randomDigits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

/** The brokerage's configured accounts of one run. */
export interface OwnAccounts {
  /** EUR: collectionAccounts SEPA and bankPayouts.sepa (the pain.001 debtor). */
  readonly iban: string;
  readonly bic: string;
  /** USD: collectionAccounts ACH_US account number (routing 021000021). */
  readonly usdAccount: string;
}

export const achOrigination = bankProviders.bankPayouts?.ach as NonNullable<
  NonNullable<ProvidersFile['bankPayouts']>['ach']
>;

export interface RunBank extends OwnAccounts {
  readonly prod: TestApp;
  /** A workspace of the run's own (a workspace may write 300 times a minute), its payer verified. */
  readonly partner: Partner;
  close(): Promise<void>;
}

/** A production app whose providers file names fresh accounts of its own, and a partner of the run's own. */
export async function runBank(world: PropertyWorld): Promise<RunBank> {
  const partner = await aPartner(world.stage.app);
  await verifyCustomer(world.stage.app, partner, payer.userEmail);
  const iban = makeIban('DE', `37040044${randomDigits(10)}`);
  const bic = eurBic;
  const usdAccount = `7${randomDigits(11)}`;
  const providers = ownBankProviders({ iban, usdAccount });
  const prod = await buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    providersFile: providers,
  });
  return { prod, partner, iban, bic, usdAccount, close: () => prod.app.close() };
}

/** Runs body against a RunBank of its own, closed after it. */
export async function withRunBank<T>(world: PropertyWorld, body: (bank: RunBank) => Promise<T>): Promise<T> {
  const bank = await runBank(world);
  try {
    return await body(bank);
  } finally {
    await bank.close();
  }
}

export interface Deposit {
  readonly id: string;
  readonly reference: string;
  readonly currency: string;
}

/** The most a deposit may expect (SEPA pay-in limit): credits below it accumulate, none makes it final. */
export const depositExpected = 100_000;

export async function aDeposit(bank: RunBank, currency: string, amount = depositExpected): Promise<Deposit> {
  const response = await bank.prod.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: bank.partner.headers,
    payload: { userData: payer, currency, amount },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { id: body.depositId, reference: body.depositInfo.referenceCode, currency };
}

/** An API amount (a JSON number of a 2-decimal currency) in minor units. */
export const minorOfJson = (amount: number): bigint => BigInt(Math.round(amount * 100));

/** What a deposit has received so far, in minor units, and its status. */
export async function received(bank: RunBank, id: string) {
  const response = await bank.prod.app.inject({
    method: 'GET',
    url: `/v1/deposits/${id}`,
    headers: bank.partner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { minor: minorOfJson(body.amount), status: body.status as string };
}

/** Imports a bank file as the operator does, then runs the credits it queued. */
export async function importFile(bank: RunBank, text: string) {
  const response = await bank.prod.app.inject({
    method: 'POST',
    url: '/admin/v1/bank-files',
    headers: { ...adminHeaders, 'content-type': text.startsWith('<') ? 'application/xml' : 'text/plain' },
    payload: text,
  });
  await bank.prod.ctx.jobs.runDue();
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, text: response.body };
}

export async function admin(bank: RunBank, method: 'GET' | 'POST', url: string, payload?: object) {
  return bank.prod.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
}

export async function partnerCall(bank: RunBank, method: 'GET' | 'POST', url: string, payload?: object) {
  return bank.prod.app.inject({ method, url, headers: bank.partner.headers, ...(payload ? { payload } : {}) });
}

/** A deterministic generator of numbers in [0, 1) from a seed (mulberry32), for the corruptions' choices. */
export function seededRng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
