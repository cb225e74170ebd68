// Reconciliation whose items explain the difference (issue #27, part 3), through the operator API over real bank
// files: a property over random mixes of credits, payouts, returns and fees, each built through the partner API and
// imported bank files and closed by a statement with the right closing balance, in which every difference is a
// listed item. The operator's case and a currency the provider service collects: reconciliation-cases.test.ts.
//
// Reconciliation is global per currency (the bank's balances and the ledger's clearing), so this file runs on a
// database of its own (test/support/own-database.ts, through test/support/reconciliation.ts): one for the whole
// file, the property's runs accumulating on it.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CamtLine, camt054, nachaReturns, pain002 } from '../support/bank-file-builders.js';
import {
  accountOf,
  bookedLate,
  cents,
  explained,
  reconciliationWorld,
  referenceOf,
  unique,
  written,
} from '../support/reconciliation.js';

const { start, close, api, admin, importFile, books, book, statement, fundedDeposit, withdraw, cut, report } =
  reconciliationWorld();

beforeAll(start, 60_000);
afterAll(close);

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
  const feeTotal = mix.fees.reduce((sum, fee) => sum + fee, 0n);
  // Funds for the run's payouts and the bank's fees: a deposit credited by its RF reference (a credit the ledger
  // takes in), so that the account's closing stays positive whatever ran before on this file's database.
  const funding = payoutTotal + feeTotal + 1000n;
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
