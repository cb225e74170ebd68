// The items of a currency's reconciliation (issue #27, part 3), as pure logic: which bank lines and which ledger
// movements explain the difference between the bank's closing balances and the ledger's clearing position.
//
// The sign convention, defined once here and nowhere else:
//   difference  = bank − ledger        (bank: Σ latest closing balances; ledger: received − paid out through clearing)
//   item.amount = what the item contributes to that difference (+: the bank holds more than the ledger because of it)
//   unexplained = difference − Σ item.amount
// So a world in which every difference is a listed item reports unexplained 0, and what remains unexplained is what
// no imported line shows: the accounts' opening balances and lines of statements never imported (docs/decisions/,
// "Reconciliation: items that explain the difference").

/** Every kind of item, with its sign: see `itemKinds` for what each means. */
export type ItemKind =
  | 'opening_balance'
  | 'unmatched_credit'
  | 'credit_to_return'
  | 'other_bank_line'
  | 'bank_reversal'
  | 'unclassified_bank_line'
  | 'line_after_closing_balance'
  | 'credit_not_in_ledger'
  | 'ledger_credit_without_bank_line'
  | 'payout_without_bank_debit'
  | 'bank_debit_not_in_ledger'
  | 'return_without_bank_credit'
  | 'return_not_in_ledger'
  | 'ledger_payout_without_bank_file';

/** What each kind means and the sign it carries; the response schema's documentation is generated from this. */
export const itemKinds: Readonly<Record<ItemKind, { readonly sign: '+' | '−' | '±'; readonly means: string }>> = {
  opening_balance: {
    sign: '±',
    means:
      'what an account held before the first statement applied here (its opening booked balance): money the ledger never took in',
  },
  unmatched_credit: { sign: '+', means: 'a credit at the bank that matches no deposit or order yet' },
  credit_to_return: { sign: '+', means: 'a credit an operator marked to send back; the bank still holds it' },
  other_bank_line: { sign: '±', means: 'a line that is none of ours (fees −, interest or other credits +)' },
  bank_reversal: { sign: '±', means: 'a booked reversal of an earlier line awaiting an operator (credit +, debit −)' },
  unclassified_bank_line: { sign: '±', means: 'a line whose status this report does not know (credit +, debit −)' },
  line_after_closing_balance: {
    sign: '±',
    means: 'a line booked after its account’s latest closing balance: the ledger may count it, the closing does not',
  },
  credit_not_in_ledger: {
    sign: '+',
    means:
      'credited to a deposit or order at the bank beyond what the ledger took in for it (no longer accepting funds, or its credit is still queued)',
  },
  ledger_credit_without_bank_line: {
    sign: '−',
    means: 'taken in through inbound clearing with no (or a smaller) bank credit behind it',
  },
  payout_without_bank_debit: {
    sign: '+',
    means: 'a bank-file payout the ledger counts paid out whose debit no imported statement shows yet',
  },
  bank_debit_not_in_ledger: {
    sign: '−',
    means:
      'a payout debit at the bank that the ledger does not count paid out (rejected after its debit, or debited twice)',
  },
  return_without_bank_credit: {
    sign: '−',
    means: 'a returned payout the ledger took back whose return credit no imported statement shows yet',
  },
  return_not_in_ledger: {
    sign: '+',
    means:
      'a payout returned at the bank that the ledger still counts paid out (an unresolved return, or its return still queued)',
  },
  ledger_payout_without_bank_file: {
    sign: '+',
    means:
      'paid out through outbound clearing with no bank-file payout behind it (e.g. a compliance rejection sent back by hand, whose debit is an other_bank_line)',
  },
};

/** How a bank line of each status enters the reconciliation: an item of its own, compared with the ledger, or left out. */
export type LineTreatment =
  | { readonly item: ItemKind }
  /** credited lines against the ledger's inbound clearing of their deposit or order; payout lines against the
   *  outbound clearing of their payout. */
  | 'compared'
  /** An unmatched credit and its reversal: they net to zero at the bank. */
  | 'excluded';

/** The table: bank_entries.status → treatment. A status not in it is listed as unclassified_bank_line. */
export const lineTreatments: Readonly<Record<string, LineTreatment>> = {
  unmatched: { item: 'unmatched_credit' },
  to_return: { item: 'credit_to_return' },
  other: { item: 'other_bank_line' },
  reversal: { item: 'bank_reversal' },
  reversed: 'excluded',
  credited: 'compared',
  payout: 'compared',
};

/** One imported bank line as the reconciliation reads it. */
export interface BankLine {
  readonly id: string;
  readonly status: string;
  readonly direction: 'credit' | 'debit';
  readonly amountMinor: bigint;
  readonly detail: string;
  /** Booked after its account's latest closing balance (or its account has none): the bank figure leaves it out. */
  readonly afterClosing: boolean;
  /** credited: the deposit or order it was applied to. */
  readonly matchedId: string | null;
  /** payout: the payout it debits or returns (resolved from its end-to-end id). */
  readonly payoutId: string | null;
}

/** The ledger's clearing postings of one entry reference (a deposit, order, payout or refund id), both directions. */
export interface ClearingByReference {
  readonly reference: string;
  /** Σ of the positive postings, and Σ of the negative ones as a positive number. */
  readonly plusMinor: bigint;
  readonly minusMinor: bigint;
}

export interface ReconciliationInput {
  readonly lines: readonly BankLine[];
  /** system:clearing:inbound: a credit posts minus (money came in), a reversal plus. */
  readonly inbound: readonly ClearingByReference[];
  /** system:clearing:outbound: a settlement posts plus (money went out), a return minus. */
  readonly outbound: readonly ClearingByReference[];
  /** The currency's bank-file payouts (their ids are the outbound entries' references). */
  readonly bankFilePayouts: readonly { readonly payoutId: string; readonly rail: string }[];
  /** Each account's opening booked balance at the first statement applied (the start of its chain). */
  readonly openings?: readonly {
    readonly account: string;
    readonly amountMinor: bigint;
    readonly date: string | null;
  }[];
}

export interface Item {
  readonly kind: ItemKind;
  readonly id: string;
  readonly amountMinor: bigint;
  readonly detail: string;
}

const signed = (line: BankLine) => (line.direction === 'credit' ? line.amountMinor : -line.amountMinor);

const add = (map: Map<string, bigint>, key: string, amount: bigint) => map.set(key, (map.get(key) ?? 0n) + amount);

/** The ledger's received (inbound) and paid out (outbound) totals. */
export function ledgerTotals(input: Pick<ReconciliationInput, 'inbound' | 'outbound'>) {
  const sum = (rows: readonly ClearingByReference[], f: (r: ClearingByReference) => bigint) =>
    rows.reduce((total, row) => total + f(row), 0n);
  const receivedMinor = sum(input.inbound, (r) => r.minusMinor - r.plusMinor);
  const paidOutMinor = sum(input.outbound, (r) => r.plusMinor - r.minusMinor);
  return { receivedMinor, paidOutMinor, positionMinor: receivedMinor - paidOutMinor };
}

/**
 * Every item that explains the difference, none of amount zero. Lines first (in the order given), then what the
 * ledger compares: collections, then payouts, then clearing movements with nothing of the bank's behind them.
 */
export function reconciliationItems(input: ReconciliationInput): Item[] {
  const items: Item[] = [];
  for (const opening of input.openings ?? []) {
    if (opening.amountMinor === 0n) continue;
    items.push({
      kind: 'opening_balance',
      id: opening.account,
      amountMinor: opening.amountMinor,
      detail: `the balance before the first statement applied${opening.date === null ? '' : ` (${opening.date})`}`,
    });
  }
  const credited = new Map<string, bigint>();
  const debited = new Map<string, bigint>();
  const returned = new Map<string, bigint>();
  for (const line of input.lines) {
    const treatment = lineTreatments[line.status] ?? { item: 'unclassified_bank_line' };
    if (treatment === 'compared') {
      if (line.status === 'credited') add(credited, line.matchedId ?? `line ${line.id}`, signed(line));
      else add(line.direction === 'debit' ? debited : returned, line.payoutId ?? `line ${line.id}`, line.amountMinor);
    } else if (treatment !== 'excluded') {
      items.push({ kind: treatment.item, id: line.id, amountMinor: signed(line), detail: line.detail });
    }
    // Whatever its status, a line the closing balance does not include is taken back out of the bank's side.
    if (line.afterClosing) {
      items.push({
        kind: 'line_after_closing_balance',
        id: line.id,
        amountMinor: -signed(line),
        detail: `${line.status} ${line.direction} booked after the account's latest closing balance`,
      });
    }
  }

  // Collections: what the bank credited to a deposit or order against what the ledger took in for it.
  const received = new Map(input.inbound.map((r) => [r.reference, r.minusMinor - r.plusMinor]));
  for (const id of new Set([...credited.keys(), ...received.keys()])) {
    const gap = (credited.get(id) ?? 0n) - (received.get(id) ?? 0n);
    if (gap === 0n) continue;
    items.push(
      gap > 0n
        ? { kind: 'credit_not_in_ledger', id, amountMinor: gap, detail: 'credited at the bank, not in the ledger' }
        : {
            kind: 'ledger_credit_without_bank_line',
            id,
            amountMinor: gap,
            detail: (credited.get(id) ?? 0n) === 0n ? 'no bank credit names it' : 'the bank credited less',
          },
    );
  }

  // Payouts: each leg on its own (out: settled in the ledger vs debited at the bank; back: returned at the bank vs
  // taken back in the ledger). Legs that cancel (a payout returned before any statement showed it) list nothing.
  const outbound = new Map(input.outbound.map((r) => [r.reference, r]));
  const rails = new Map(input.bankFilePayouts.map((p) => [p.payoutId, p.rail]));
  const payoutIds = new Set([...rails.keys(), ...debited.keys(), ...returned.keys()]);
  for (const id of payoutIds) {
    const ledger = outbound.get(id);
    const out = (ledger?.plusMinor ?? 0n) - (debited.get(id) ?? 0n);
    const back = (returned.get(id) ?? 0n) - (ledger?.minusMinor ?? 0n);
    if (out + back === 0n) continue;
    const rail = rails.get(id) ?? 'unknown';
    if (out > 0n) items.push({ kind: 'payout_without_bank_debit', id, amountMinor: out, detail: `${rail} payout` });
    if (out < 0n) items.push({ kind: 'bank_debit_not_in_ledger', id, amountMinor: out, detail: `${rail} payout` });
    if (back > 0n) items.push({ kind: 'return_not_in_ledger', id, amountMinor: back, detail: `${rail} payout` });
    if (back < 0n) items.push({ kind: 'return_without_bank_credit', id, amountMinor: back, detail: `${rail} payout` });
  }
  for (const row of input.outbound) {
    if (payoutIds.has(row.reference)) continue;
    const paid = row.plusMinor - row.minusMinor;
    if (paid === 0n) continue;
    items.push({
      kind: 'ledger_payout_without_bank_file',
      id: row.reference,
      amountMinor: paid,
      detail: 'paid out in the ledger with no bank-file payout',
    });
  }
  return items;
}

/** difference = bank − ledger; unexplained = difference − Σ items. */
export function reconcile(bankMinor: bigint, ledgerPositionMinor: bigint, items: readonly Item[]) {
  const differenceMinor = bankMinor - ledgerPositionMinor;
  const explainedMinor = items.reduce((sum, item) => sum + item.amountMinor, 0n);
  return { differenceMinor, unexplainedMinor: differenceMinor - explainedMinor };
}
