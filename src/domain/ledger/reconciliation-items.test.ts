import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BankLine,
  type ClearingByReference,
  type Item,
  ledgerTotals,
  lineTreatments,
  type ReconciliationInput,
  reconcile,
  reconciliationItems,
} from './reconciliation-items.js';

// The sign table of the reconciliation (issue #27, part 3), case by case: each situation with what the bank and the
// ledger show, the items it must list and the difference they must explain.

const line = (over: Partial<BankLine> & Pick<BankLine, 'status' | 'direction' | 'amountMinor'>): BankLine => ({
  id: `L-${over.status}-${over.direction}-${over.amountMinor}`,
  detail: '',
  afterClosing: false,
  matchedId: null,
  payoutId: null,
  ...over,
});
const clearing = (reference: string, plusMinor: bigint, minusMinor = 0n): ClearingByReference => ({
  reference,
  plusMinor,
  minusMinor,
});
const none: ReconciliationInput = { lines: [], inbound: [], outbound: [], bankFilePayouts: [] };
const kinds = (items: Item[]) => items.map((i) => [i.kind, i.amountMinor]);

/** The bank figure a complete account opened at zero shows for these lines: the signed sum of those it includes. */
const bankOf = (lines: readonly BankLine[]) =>
  lines
    .filter((l) => !l.afterClosing)
    .reduce((sum, l) => sum + (l.direction === 'credit' ? l.amountMinor : -l.amountMinor), 0n);

interface Case {
  readonly name: string;
  readonly input: Partial<ReconciliationInput>;
  readonly items: [string, bigint][];
}

const cases: Case[] = [
  { name: 'nothing', input: {}, items: [] },
  {
    name: 'an account that held money before its first statement applied here; a zero opening is no item',
    input: {
      openings: [
        { account: '…3000', amountMinor: 100_000n, date: '2026-11-01' },
        { account: '…6789', amountMinor: 0n, date: null },
      ],
    },
    items: [['opening_balance', 100_000n]],
  },
  {
    name: 'an overdrawn account at its first statement',
    input: { openings: [{ account: '…3000', amountMinor: -2_500n, date: '2026-11-01' }] },
    items: [['opening_balance', -2_500n]],
  },
  {
    name: 'an unmatched credit: the bank holds it, the ledger does not',
    input: { lines: [line({ status: 'unmatched', direction: 'credit', amountMinor: 7700n })] },
    items: [['unmatched_credit', 7700n]],
  },
  {
    name: 'a credit marked to return is still at the bank',
    input: { lines: [line({ status: 'to_return', direction: 'credit', amountMinor: 900n })] },
    items: [['credit_to_return', 900n]],
  },
  {
    name: 'a bank fee (debit) and other credit',
    input: {
      lines: [
        line({ status: 'other', direction: 'debit', amountMinor: 450n }),
        line({ status: 'other', direction: 'credit', amountMinor: 12n }),
      ],
    },
    items: [
      ['other_bank_line', -450n],
      ['other_bank_line', 12n],
    ],
  },
  {
    name: 'a booked reversal awaiting an operator, by direction',
    input: {
      lines: [
        line({ status: 'reversal', direction: 'debit', amountMinor: 300n }),
        line({ status: 'reversal', direction: 'credit', amountMinor: 20n }),
      ],
    },
    items: [
      ['bank_reversal', -300n],
      ['bank_reversal', 20n],
    ],
  },
  {
    name: 'an unmatched credit and its reversal net to zero and are left out',
    input: {
      lines: [
        line({ status: 'reversed', direction: 'credit', amountMinor: 500n }),
        line({ status: 'reversed', direction: 'debit', amountMinor: 500n }),
      ],
    },
    items: [],
  },
  {
    name: 'a status the report does not know is listed, not dropped',
    input: { lines: [line({ status: 'brand_new', direction: 'debit', amountMinor: 5n })] },
    items: [['unclassified_bank_line', -5n]],
  },
  {
    name: 'a credit matched to a deposit and credited by the ledger: nothing',
    input: {
      lines: [line({ status: 'credited', direction: 'credit', amountMinor: 1000n, matchedId: 'D1' })],
      inbound: [clearing('D1', 0n, 1000n)],
    },
    items: [],
  },
  {
    name: 'a credit matched to a deposit that no longer accepts funds',
    input: { lines: [line({ status: 'credited', direction: 'credit', amountMinor: 1000n, matchedId: 'D1' })] },
    items: [['credit_not_in_ledger', 1000n]],
  },
  {
    name: 'inbound clearing with no bank credit behind it',
    input: { inbound: [clearing('X1', 0n, 250n)] },
    items: [['ledger_credit_without_bank_line', -250n]],
  },
  {
    name: 'the operator’s payout: settled by a status report, no debit yet (+)',
    input: { outbound: [clearing('P1', 5000n)], bankFilePayouts: [{ payoutId: 'P1', rail: 'SEPA' }] },
    items: [['payout_without_bank_debit', 5000n]],
  },
  {
    name: 'a settled payout with its debit: nothing',
    input: {
      lines: [line({ status: 'payout', direction: 'debit', amountMinor: 5000n, payoutId: 'P1' })],
      outbound: [clearing('P1', 5000n)],
      bankFilePayouts: [{ payoutId: 'P1', rail: 'SEPA' }],
    },
    items: [],
  },
  {
    name: 'a payout submitted or batched: neither side moved',
    input: { bankFilePayouts: [{ payoutId: 'P1', rail: 'SEPA' }] },
    items: [],
  },
  {
    name: 'a payout debited, then returned with its credit on a statement: nothing',
    input: {
      lines: [
        line({ status: 'payout', direction: 'debit', amountMinor: 5000n, payoutId: 'P1' }),
        line({ status: 'payout', direction: 'credit', amountMinor: 5000n, payoutId: 'P1' }),
      ],
      outbound: [clearing('P1', 5000n, 5000n)],
      bankFilePayouts: [{ payoutId: 'P1', rail: 'SEPA' }],
    },
    items: [],
  },
  {
    name: 'a payout debited and returned by a NACHA file whose credit no statement shows yet (−)',
    input: {
      lines: [line({ status: 'payout', direction: 'debit', amountMinor: 5000n, payoutId: 'P1' })],
      outbound: [clearing('P1', 5000n, 5000n)],
      bankFilePayouts: [{ payoutId: 'P1', rail: 'ACH_US' }],
    },
    items: [['return_without_bank_credit', -5000n]],
  },
  {
    name: 'a payout returned before any statement showed it: the legs cancel, nothing listed',
    input: { outbound: [clearing('P1', 5000n, 5000n)], bankFilePayouts: [{ payoutId: 'P1', rail: 'ACH_US' }] },
    items: [],
  },
  {
    name: 'a return credit on a statement whose debit is not there yet',
    input: {
      lines: [line({ status: 'payout', direction: 'credit', amountMinor: 5000n, payoutId: 'P1' })],
      outbound: [clearing('P1', 5000n, 5000n)],
      bankFilePayouts: [{ payoutId: 'P1', rail: 'SEPA' }],
    },
    items: [['payout_without_bank_debit', 5000n]],
  },
  {
    name: 'a return the ledger has not taken back (unresolved, or its job still queued) (+)',
    input: {
      lines: [
        line({ status: 'payout', direction: 'debit', amountMinor: 5000n, payoutId: 'P1' }),
        line({ status: 'payout', direction: 'credit', amountMinor: 5000n, payoutId: 'P1' }),
      ],
      outbound: [clearing('P1', 5000n)],
      bankFilePayouts: [{ payoutId: 'P1', rail: 'SEPA' }],
    },
    items: [['return_not_in_ledger', 5000n]],
  },
  {
    name: 'a debit of a payout the ledger does not count paid out (−)',
    input: {
      lines: [line({ status: 'payout', direction: 'debit', amountMinor: 5000n, payoutId: 'P1' })],
      bankFilePayouts: [{ payoutId: 'P1', rail: 'SEPA' }],
    },
    items: [['bank_debit_not_in_ledger', -5000n]],
  },
  {
    name: 'outbound clearing with no bank-file payout (a compliance rejection sent back by hand) and its debit',
    input: {
      lines: [line({ status: 'other', direction: 'debit', amountMinor: 800n })],
      outbound: [clearing('D9', 800n)],
    },
    items: [
      ['other_bank_line', -800n],
      ['ledger_payout_without_bank_file', 800n],
    ],
  },
  {
    name: 'a line booked after the closing balance is taken back out of the bank side',
    input: {
      lines: [
        line({ status: 'unmatched', direction: 'credit', amountMinor: 100n, afterClosing: true }),
        line({ status: 'credited', direction: 'credit', amountMinor: 300n, matchedId: 'D1', afterClosing: true }),
      ],
      inbound: [clearing('D1', 0n, 300n)],
    },
    items: [
      ['unmatched_credit', 100n],
      ['line_after_closing_balance', -100n],
      ['line_after_closing_balance', -300n],
    ],
  },
];

describe('reconciliation items: the sign table', () => {
  it.each(cases)('$name', ({ input, items }) => {
    const full = { ...none, ...input };
    const listed = reconciliationItems(full);
    expect(kinds(listed)).toEqual(items);
    // A complete world (every line imported, the accounts' openings included in what the bank holds): every
    // difference is a listed item.
    const openings = (full.openings ?? []).reduce((sum, o) => sum + o.amountMinor, 0n);
    const { differenceMinor, unexplainedMinor } = reconcile(
      openings + bankOf(full.lines),
      ledgerTotals(full).positionMinor,
      listed,
    );
    expect(unexplainedMinor, `difference ${differenceMinor}`).toBe(0n);
  });

  it('the operator’s case: 77 unmatched and a 50 payout awaiting its debit explain a difference of 127', () => {
    const input: ReconciliationInput = {
      lines: [
        line({ status: 'credited', direction: 'credit', amountMinor: 5000n, matchedId: 'D1' }),
        line({ status: 'unmatched', direction: 'credit', amountMinor: 7700n }),
      ],
      inbound: [clearing('D1', 0n, 5000n)],
      outbound: [clearing('P1', 5000n)],
      bankFilePayouts: [{ payoutId: 'P1', rail: 'SEPA' }],
    };
    const items = reconciliationItems(input);
    expect(reconcile(12_700n, ledgerTotals(input).positionMinor, items)).toEqual({
      differenceMinor: 12_700n,
      unexplainedMinor: 0n,
    });
  });

  it('an opening balance the ledger never saw stays unexplained', () => {
    const items = reconciliationItems(none);
    expect(reconcile(10_000n, 0n, items).unexplainedMinor).toBe(10_000n);
  });

  it('every status of the table is known, and reversed lines are the only ones left out', () => {
    expect(Object.entries(lineTreatments).filter(([, t]) => t === 'excluded')).toEqual([['reversed', 'excluded']]);
  });

  // Any mix of lines and ledger movements over a few references: unexplained = the closing balance less the lines
  // it includes (0 when it includes exactly them), whatever the statuses, references and timing.
  it('unexplained is always the bank figure less the lines it includes', () => {
    const reference = fc.constantFrom('D1', 'D2', 'P1', 'P2', 'X');
    const amount = fc.bigInt({ min: 1n, max: 100_000n });
    const lineArb = fc.record({
      id: fc.uuid(),
      status: fc.constantFrom('credited', 'unmatched', 'to_return', 'payout', 'other', 'reversal', 'odd'),
      direction: fc.constantFrom('credit' as const, 'debit' as const),
      amountMinor: amount,
      detail: fc.constant(''),
      afterClosing: fc.boolean(),
      matchedId: fc.option(reference, { nil: null }),
      payoutId: fc.option(reference, { nil: null }),
    });
    const clearingArb = fc.record({ reference, plusMinor: fc.bigInt({ min: 0n, max: 100_000n }), minusMinor: amount });
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 12 }),
        fc.array(clearingArb, { maxLength: 4 }),
        fc.array(clearingArb, { maxLength: 4 }),
        fc.bigInt({ min: -1000n, max: 1000n }),
        (lines, inboundRows, outboundRows, opening) => {
          // One row per reference, as the SQL's group by gives.
          const unique = (rows: ClearingByReference[]) => [...new Map(rows.map((r) => [r.reference, r])).values()];
          const input: ReconciliationInput = {
            lines,
            inbound: unique(inboundRows),
            outbound: unique(outboundRows),
            bankFilePayouts: [{ payoutId: 'P1', rail: 'SEPA' }],
          };
          const items = reconciliationItems(input);
          expect(items.every((i) => i.amountMinor !== 0n)).toBe(true);
          const bank = opening + bankOf(lines);
          expect(reconcile(bank, ledgerTotals(input).positionMinor, items).unexplainedMinor).toBe(opening);
        },
      ),
    );
  });
});
