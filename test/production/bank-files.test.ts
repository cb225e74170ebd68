// Production connected to banks by files (issue #18, parts 3 and 4): a deposit shows the brokerage's own account and
// an RF reference; a camt.054 with that reference credits it once however often it is imported; a withdrawal lands
// in exactly one pain.001 batch and completes only when a pain.002 acceptance is imported; a rejection fails it; an
// ACH payout settles on its camt.054 debit and a NACHA return reverses it.

import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidRfReference } from '../../src/domain/payments/rf-reference.js';
import { camt053, camt054, nachaReturns, pain002 } from '../support/bank-file-builders.js';
import { bankProviders, eurAccount, usdAccount } from '../support/bank-providers.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp } from '../support/harness.js';

let prod: TestApp;
let stage: TestApp;
let partner: Partner;
const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'bank-payer@example.com', country: 'PT' };
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

beforeAll(async () => {
  prod = await buildTestApp({ env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' }, providersFile: bankProviders });
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await aPartner(stage.app);
  await verifyCustomer(stage.app, partner, payer.userEmail);
});

afterAll(async () => {
  await prod.app.close();
  await stage.app.close();
});

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
const balance = async (currency: string) => {
  const body = (await api('GET', `/v1/balances?currency=${currency}`)).json();
  return body.balances[0] ?? { available: 0, pending: 0 };
};
const deposit = async (currency: string, amount: number) => {
  const response = await api('POST', '/v1/deposits', { userData: payer, currency, amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};
const withdraw = async (currency: string, amount: number, destinationTransferData: object) => {
  const response = await api('POST', '/v1/withdrawals', { currency, amount, destinationTransferData });
  expect(response.statusCode, response.body).toBe(201);
  await prod.ctx.jobs.runDue();
  return response.json();
};
const withdrawal = async (id: string) => (await api('GET', `/v1/withdrawals/${id}`)).json();
const cut = (rail: string) => admin('POST', '/admin/v1/payout-batches', { rail });
/** The reference a payout travels under in its batch's file and comes back under. */
const referenceOf = (batch: { payouts: { payoutId: string; reference: string }[] }, payoutId: string) => {
  const payout = batch.payouts.find((p) => p.payoutId === payoutId);
  if (payout === undefined) throw new Error(`payout ${payoutId} is not in batch`);
  return payout.reference;
};

describe('collecting into the brokerage account', () => {
  it('a deposit shows the brokerage account and its own RF reference, never a generated account', async () => {
    const created = await deposit('EUR', 100);
    expect(created.depositInfo).toMatchObject({
      depositType: 'SEPA',
      iban: eurAccount,
      bic: 'COBADEFFXXX',
      accountHolder: 'Brokerage Collections GmbH',
      amount: 100,
    });
    const reference = created.depositInfo.referenceCode as string;
    expect(isValidRfReference(reference)).toBe(true);
    expect(reference.slice(4)).toBe(created.depositId);
  });

  it('a camt.054 credit with the reference credits the deposit once, however often it is imported', async () => {
    const created = await deposit('EUR', 250.5);
    const file = camt054({ iban: eurAccount, currency: 'EUR' }, [
      {
        bankReference: `CR-${created.depositId}`,
        direction: 'CRDT',
        amount: '250.50',
        rfReference: created.depositInfo.referenceCode,
        payerName: 'Ana Silva',
        payerIban: 'PT50000201231234567890154',
      },
    ]);
    const before = await balance('EUR');
    expect(await importFile(file)).toMatchObject({ format: 'camt.054', credited: 1, unmatched: 0 });
    const read = (await api('GET', `/v1/deposits/${created.depositId}`)).json();
    expect(read.status).toBe('Received');
    const after = await balance('EUR');
    expect(after.available - before.available).toBeCloseTo(250.5, 2);
    for (let i = 0; i < 3; i++) {
      expect(await importFile(file)).toMatchObject({ credited: 0, alreadyImported: 1 });
    }
    expect((await balance('EUR')).available).toBe(after.available);
  });

  it('a credit whose reference matches nothing waits for an operator, who assigns it', async () => {
    const created = await deposit('EUR', 75);
    const file = camt054({ iban: eurAccount, currency: 'EUR' }, [
      {
        bankReference: `CR-TYPO-${created.depositId}`,
        direction: 'CRDT',
        amount: '75.00',
        remittance: 'for my deposit',
      },
    ]);
    const summary = await importFile(file);
    expect(summary).toMatchObject({ credited: 0, unmatched: 1 });
    const queue = (await admin('GET', `/admin/v1/bank-entries?status=unmatched&fileId=${summary.fileId}`)).json() as {
      entryId: string;
      bankReference: string;
    }[];
    const entry = queue.find((e) => e.bankReference === `CR-TYPO-${created.depositId}`);
    expect(entry).toBeDefined();
    const assigned = await admin('POST', `/admin/v1/bank-entries/${entry?.entryId}/assign`, {
      depositId: created.depositId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'credited', matched: { kind: 'deposit', id: created.depositId } });
    await prod.ctx.jobs.runDue();
    expect((await api('GET', `/v1/deposits/${created.depositId}`)).json().status).toBe('Received');
    const again = await admin('POST', `/admin/v1/bank-entries/${entry?.entryId}/assign`, {
      depositId: created.depositId,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('paying out by bank file', () => {
  it('a SEPA withdrawal enters exactly one pain.001 batch and completes only on a pain.002 acceptance', async () => {
    const created = await withdraw('EUR', 40, sepa);
    expect((await withdrawal(created.withdrawalId)).status).toBe('Pending');
    const [first, second] = await Promise.all([cut('SEPA'), cut('SEPA')]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses, `${first.body} ${second.body}`).toEqual([201, 409]);
    const batch = (first.statusCode === 201 ? first : second).json();
    const reference = referenceOf(batch, created.withdrawalId);
    expect((await cut('SEPA')).statusCode).toBe(409);

    const file = await admin('GET', `/admin/v1/payout-batches/${batch.batchId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/xml/);
    // Read back by an independent parser: counts, control sum, each payment's amount, account and reference.
    const document = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(file.body).Document
      .CstmrCdtTrfInitn;
    expect(document.GrpHdr.MsgId).toBe(batch.batchId);
    expect(document.GrpHdr.NbOfTxs).toBe(String(batch.payouts.length));
    const payments = [document.PmtInf.CdtTrfTxInf].flat();
    const mine = payments.find((p: { PmtId: { EndToEndId: string } }) => p.PmtId.EndToEndId === reference);
    expect(mine.Amt.InstdAmt['#text']).toBe('40.00');
    expect(mine.CdtrAcct.Id.IBAN).toBe(sepa.iban);
    expect((await withdrawal(created.withdrawalId)).status).toBe('Pending');

    const accepted = pain002(batch.batchId, [{ endToEndId: reference, status: 'ACCP' }]);
    expect(await importFile(accepted)).toMatchObject({ format: 'pain.002', payoutOutcomes: 1 });
    expect((await withdrawal(created.withdrawalId)).status).toBe('Success');
    expect(await importFile(accepted)).toMatchObject({ payoutOutcomes: 0, payoutReportsIgnored: 1 });
  });

  it('a pain.002 rejection fails the withdrawal with the bank reason and releases the hold', async () => {
    const before = await balance('EUR');
    const created = await withdraw('EUR', 10, sepa);
    const batch = (await cut('SEPA')).json();
    const reference = referenceOf(batch, created.withdrawalId);
    await importFile(pain002(batch.batchId, [{ endToEndId: reference, status: 'RJCT', reason: 'AC04' }]));
    const failed = await withdrawal(created.withdrawalId);
    expect(failed.status).toBe('Failed');
    expect(JSON.stringify(failed)).toMatch(/AC04/);
    expect(await balance('EUR')).toEqual(before);
  });

  it('an ACH payout settles on its camt.054 debit, and a NACHA return brings the money back', async () => {
    const created = await deposit('USD', 200);
    await importFile(
      camt054({ number: usdAccount, currency: 'USD' }, [
        {
          bankReference: `ACH-IN-${created.depositId}`,
          direction: 'CRDT',
          amount: '200.00',
          remittance: `ref ${created.depositInfo.referenceCode}`,
        },
      ]),
    );
    const funded = await balance('USD');
    expect(funded.available).toBeGreaterThanOrEqual(200);
    const paid = await withdraw('USD', 50, ach);
    const batch = (await cut('ACH_US')).json();
    const file = await admin('GET', `/admin/v1/payout-batches/${batch.batchId}/file`);
    expect(file.headers['content-type']).toMatch(/text\/plain/);
    expect(
      file.body
        .split('\n')
        .filter((r: string) => r.length > 0)
        .every((r: string) => r.length === 94),
    ).toBe(true);
    await importFile(
      camt054({ number: usdAccount, currency: 'USD' }, [
        {
          bankReference: `ACH-OUT-${paid.withdrawalId}`,
          direction: 'DBIT',
          amount: '50.00',
          endToEndId: referenceOf(batch, paid.withdrawalId),
        },
      ]),
    );
    expect((await withdrawal(paid.withdrawalId)).status).toBe('Success');
    const afterPayout = await balance('USD');
    const returns = nachaReturns(file.body, [{ payoutId: referenceOf(batch, paid.withdrawalId), reason: 'R01' }]);
    await importFile(returns, 'text/plain');
    const returned = await withdrawal(paid.withdrawalId);
    expect(returned.status).toBe('Returned');
    expect((await balance('USD')).available - afterPayout.available).toBeCloseTo(50, 2);
  });

  it('a payout whose debit is on an imported statement is not listed as without a bank debit', async () => {
    const created = await withdraw('EUR', 7, sepa);
    const batch = (await cut('SEPA')).json();
    const reference = referenceOf(batch, created.withdrawalId);
    await importFile(pain002(batch.batchId, [{ endToEndId: reference, status: 'ACCP' }]));
    const listed = async () =>
      ((await admin('GET', '/admin/v1/reconciliation?currency=EUR')).json().items as { kind: string; id: string }[])
        .filter((item) => item.kind === 'payout_without_bank_debit')
        .map((item) => item.id);
    expect(await listed()).toContain(created.withdrawalId);
    // The bank's statement carries the payout's debit under the reference the file gave it (its EndToEndId).
    await importFile(
      camt054({ iban: eurAccount, currency: 'EUR' }, [
        { bankReference: `SEPA-OUT-${created.withdrawalId}`, direction: 'DBIT', amount: '7.00', endToEndId: reference },
      ]),
    );
    expect((await withdrawal(created.withdrawalId)).status).toBe('Success');
    expect(await listed()).not.toContain(created.withdrawalId);
  });

  it('the ledger stays consistent and the reconciliation lists what the bank holds beyond it', async () => {
    const verification = (await admin('GET', '/admin/v1/ledger/verification')).json();
    expect(verification.consistent).toBe(true);
    const statement = camt053(eurAccount, 'EUR', { amount: '12345.67', date: '2031-12-31' }, [
      { bankReference: 'FEE-2031-01', direction: 'DBIT', amount: '4.50', remittance: 'Account fee January' },
    ]);
    // The account's chain is shared with other files of the run (the audit log's cases import statements of it):
    // this statement starts it, or does not follow it and is held, then accepted as an operator would.
    const answer = await prod.app.inject({
      method: 'POST',
      url: '/admin/v1/bank-files',
      headers: { ...adminHeaders, 'content-type': 'application/xml' },
      payload: statement,
    });
    const summary =
      answer.statusCode === 202
        ? (await admin('POST', `/admin/v1/bank-files/${answer.json().fileId}/accept`, { note: 'test' })).json()
        : answer.json();
    expect(summary).toMatchObject({ format: 'camt.053', status: 'imported', other: 1, closingBalances: 1 });
    const report = await admin('GET', '/admin/v1/reconciliation?currency=EUR');
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json();
    // Other files of the run keep EUR accounts of their own: the bank's figure is the sum of every account's latest.
    expect(body.bank.accounts).toContainEqual({ account: eurAccount, date: '2031-12-31', closingBalance: 12345.67 });
    const sum = body.bank.accounts.reduce(
      (total: number, a: { closingBalance: number }) => total + Math.round(a.closingBalance * 100),
      0,
    );
    expect(Math.round(body.bank.closingBalance * 100)).toBe(sum);
    expect(body.items).toContainEqual(expect.objectContaining({ kind: 'other_bank_line', amount: -4.5 }));
    // The SEPA payout settled by its pain.002 has no debit on a statement yet.
    expect(body.items).toContainEqual(expect.objectContaining({ kind: 'payout_without_bank_debit', amount: 40 }));
    // The difference is exactly the bank's figure less the ledger's, and the items explain what they list.
    expect(Math.round((body.bank.closingBalance - body.ledger.position) * 100)).toBe(Math.round(body.difference * 100));
  });
});
