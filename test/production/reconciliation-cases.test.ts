// Reconciliation whose items explain the difference (issue #27, part 3), through the operator API over real bank
// files: the operator's case (77 unmatched and a 50 payout awaiting its debit explain a difference of 127, nothing
// unexplained); and a currency the provider service collects, which the report says it does not reconcile. The
// property over random mixes of credits, payouts, returns and fees: reconciliation.test.ts.
//
// Reconciliation is global per currency (the bank's balances and the ledger's clearing), so this file runs on a
// database of its own (test/support/own-database.ts, through test/support/reconciliation.ts): one for the whole file.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSignature } from '../../src/providers/provider-service/signature.js';
import { camt054, pain002 } from '../support/bank-file-builders.js';
import {
  accountOf,
  payer,
  providerSecret,
  reconciliationWorld,
  referenceOf,
  unique,
} from '../support/reconciliation.js';

const world = reconciliationWorld();
const { start, close, api, importFile, book, statement, fundedDeposit, withdraw, cut, report } = world;

beforeAll(start, 60_000);
afterAll(close);

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
    const credited = await world.prod.app.inject({
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
    await world.prod.ctx.jobs.runDue();

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
