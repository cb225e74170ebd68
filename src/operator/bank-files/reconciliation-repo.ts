import type { BankLine, ClearingByReference } from '../../domain/ledger/reconciliation-items.js';
import type { Queryable } from '../../storage/db.js';

// The rows the daily reconciliation (reconciliation.ts) needs: the bank's balances, statements and lines, the
// ledger's clearing postings and the payouts register (a declared read model: src/storage/table-owners.ts).

/** The latest closing balance of each account that has one in the currency. */
export const closingBalances = (db: Queryable, currency: string) =>
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
export const bankLines = async (db: Queryable, currency: string): Promise<BankLine[]> => {
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
export const clearingByReference = async (db: Queryable, accountId: string, currency: string) => {
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
 * Whether a bank file carries the currency (an imported line or balance), and whether a payout of it went through
 * the provider service.
 */
export async function bankAndProviderPayouts(
  db: Queryable,
  currency: string,
): Promise<{ bank: boolean; provider_payouts: boolean } | undefined> {
  const rows = await db.query<{ bank: boolean; provider_payouts: boolean }>(
    `select exists (select 1 from bank_entries where currency = $1)
         or exists (select 1 from bank_balances where currency = $1) as bank,
       exists (select 1 from payouts where currency = $1 and channel = 'provider-service') as provider_payouts`,
    [currency],
  );
  return rows[0];
}

/** The payouts of the currency paid by a bank file. */
export const payoutsByBankFile = (db: Queryable, currency: string) =>
  db.query<{ payout_id: string; rail: string }>(
    `select payout_id, rail from payouts where currency = $1 and channel = 'bank-file' order by payout_id`,
    [currency],
  );

/** The first link of each account's chain of statements (statement-chain.ts): what it held before. */
export const statementOpenings = (db: Queryable, currency: string) =>
  db.query<{ account: string; opening_minor: bigint; opening_date: string | null }>(
    `select account, opening_minor, opening_date from bank_statements where currency = $1 and position = 1
       order by account`,
    [currency],
  );
