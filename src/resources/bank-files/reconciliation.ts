import type { AppContext } from '../../app-context.js';
import { systemAccounts } from '../../domain/ledger/entry.js';
import {
  type BankLine,
  type ClearingByReference,
  ledgerTotals,
  reconcile,
  reconciliationItems,
} from '../../domain/ledger/reconciliation-items.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import type { Queryable } from '../../storage/db.js';

// The daily reconciliation of one currency (issue #27, part 3): the bank's latest closing balance of each account
// against the ledger's clearing position, with every item that explains the difference. The sign convention and the
// table of items are in domain/ledger/reconciliation-items.ts; this file reads the rows they need.
//
// A currency whose money moves through the provider service (GBP collected and paid by it, crypto arriving at the
// brokerage's own addresses) has no bank statement of ours: the report says it is reconciled by the provider
// service and gives no difference, rather than compare the ledger with nothing (docs/decisions.md, "Reconciliation:
// items that explain the difference").

/** The latest closing balance of each account that has one in the currency. */
const closingBalances = (db: Queryable, currency: string) =>
  db.query<{ account: string; balance_date: string; closing_minor: bigint }>(
    `select distinct on (account) account, balance_date, closing_minor from bank_balances
     where currency = $1 order by account, balance_date desc`,
    [currency],
  );

/**
 * Every imported line of the currency, whatever its status (a status this server does not know yet is listed, not
 * dropped), with the payout a payout line names and whether its account's latest closing balance includes it: a line
 * booked on or before that date is in it; one booked later, or of an account with no closing balance, is not.
 */
const bankLines = async (db: Queryable, currency: string): Promise<BankLine[]> => {
  const rows = await db.query<{
    id: string;
    status: string;
    direction: 'credit' | 'debit';
    amount_minor: bigint;
    reference: string | null;
    bank_reference: string;
    matched_id: string | null;
    payout_id: string | null;
    after_closing: boolean;
  }>(
    `select e.id, e.status, e.direction, e.amount_minor, e.reference, e.bank_reference, e.matched_id,
       (select p.payout_id from payouts p where e.status = 'payout'
          and (p.reference = e.end_to_end_id or p.payout_id = e.end_to_end_id) limit 1) as payout_id,
       (c.balance_date is null or (e.booking_date is not null and e.booking_date > c.balance_date)) as after_closing
     from bank_entries e
     left join (select distinct on (account) account, balance_date from bank_balances
                where currency = $1 order by account, balance_date desc) c on c.account = e.account
     where e.currency = $1
     order by e.created_at_ms, e.id`,
    [currency],
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    direction: row.direction,
    amountMinor: BigInt(row.amount_minor),
    detail: row.reference ?? row.bank_reference,
    afterClosing: row.after_closing === true,
    matchedId: row.matched_id,
    payoutId: row.payout_id,
  }));
};

/** One clearing account's postings in the currency, summed per entry reference (the deposit, order or payout id). */
const clearingByReference = async (db: Queryable, accountId: string, currency: string) => {
  const rows = await db.query<{ reference: string; plus: bigint; minus: bigint }>(
    `select e.reference,
       coalesce(sum(case when p.amount > 0 then p.amount else 0 end), 0)::bigint as plus,
       coalesce(sum(case when p.amount < 0 then -p.amount else 0 end), 0)::bigint as minus
     from ledger_postings p join ledger_entries e on e.id = p.entry_id
     where p.account_id = $1 and p.currency = $2
     group by e.reference order by e.reference`,
    [accountId, currency],
  );
  return rows.map(
    (row): ClearingByReference => ({
      reference: row.reference,
      plusMinor: BigInt(row.plus),
      minusMinor: BigInt(row.minus),
    }),
  );
};

/**
 * Whether the provider service moves this currency's money and no bank of ours does: it collects the currency (its
 * rails or the brokerage's own crypto addresses), or a payout of it went through the service; and no bank file
 * carries the currency (no imported line or balance, no payout file).
 */
async function reconciledByProvider(ctx: AppContext, currency: string): Promise<boolean> {
  if ([...ctx.payoutFiles.values()].some((builder) => builder.currency === currency)) return false;
  const rows = await ctx.db.query<{ bank: boolean; provider_payouts: boolean }>(
    `select exists (select 1 from bank_entries where currency = $1)
         or exists (select 1 from bank_balances where currency = $1) as bank,
       exists (select 1 from payouts where currency = $1 and channel = 'provider-service') as provider_payouts`,
    [currency],
  );
  if (rows[0]?.bank === true) return false;
  const collects = [...(ctx.providerService?.collects ?? [])].some((key) => key.startsWith(`${currency}/`));
  return collects || rows[0]?.provider_payouts === true;
}

export async function reconciliation(ctx: AppContext, currency: string) {
  const db = ctx.db;
  const money = (minor: bigint) => amountToJson(minor, currency);
  const [inbound, outbound] = await Promise.all([
    clearingByReference(db, systemAccounts.clearingInbound, currency),
    clearingByReference(db, systemAccounts.clearingOutbound, currency),
  ]);
  const totals = ledgerTotals({ inbound, outbound });
  const ledger = {
    received: money(totals.receivedMinor),
    paidOut: money(totals.paidOutMinor),
    position: money(totals.positionMinor),
  };
  if (await reconciledByProvider(ctx, currency)) {
    return {
      currency,
      reconciledBy: 'provider-service' as const,
      bank: null,
      ledger,
      difference: null,
      unexplained: null,
      items: [],
      note:
        `${currency} moves through the provider service: no statement of a bank account of ours shows it, so there ` +
        'is no bank figure to compare. It is reconciled against the provider service’s own statement.',
    };
  }
  const [accounts, lines, bankFilePayouts, openings] = await Promise.all([
    closingBalances(db, currency),
    bankLines(db, currency),
    db.query<{ payout_id: string; rail: string }>(
      `select payout_id, rail from payouts where currency = $1 and channel = 'bank-file' order by payout_id`,
      [currency],
    ),
    // The first link of each account's chain of statements (statement-chain.ts): what it held before.
    db.query<{ account: string; opening_minor: bigint; opening_date: string | null }>(
      `select account, opening_minor, opening_date from bank_statements where currency = $1 and position = 1
       order by account`,
      [currency],
    ),
  ]);
  const bankMinor = accounts.reduce((sum, a) => sum + BigInt(a.closing_minor), 0n);
  const items = reconciliationItems({
    lines,
    inbound,
    outbound,
    bankFilePayouts: bankFilePayouts.map((p) => ({ payoutId: p.payout_id, rail: p.rail })),
    openings: openings.map((o) => ({
      account: `…${o.account.slice(-4)}`,
      amountMinor: BigInt(o.opening_minor),
      date: o.opening_date,
    })),
  });
  const { differenceMinor, unexplainedMinor } = reconcile(bankMinor, totals.positionMinor, items);
  return {
    currency,
    reconciledBy: 'bank' as const,
    bank: {
      closingBalance: money(bankMinor),
      accounts: accounts.map((a) => ({
        account: a.account,
        date: a.balance_date,
        closingBalance: money(BigInt(a.closing_minor)),
      })),
    },
    ledger,
    difference: money(differenceMinor),
    unexplained: money(unexplainedMinor),
    items: items.map((item) => ({
      kind: item.kind,
      id: item.id,
      amount: money(item.amountMinor),
      detail: item.detail,
    })),
  };
}
