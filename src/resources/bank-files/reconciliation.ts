import type { AppContext } from '../../app-context.js';
import { systemAccounts } from '../../domain/ledger/entry.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import type { Queryable } from '../../storage/db.js';

// The daily reconciliation of one currency: what the bank says the brokerage's accounts hold (the latest closing
// balance imported for each) against what the ledger says came in and went out through the clearing accounts, and
// every item that explains a difference. Clearing covers every rail of the currency, so with one bank account per
// currency and an opening balance of zero the two agree once the listed items are resolved.

interface Item {
  readonly kind: 'unmatched_credit' | 'credit_to_return' | 'other_bank_line' | 'payout_without_bank_debit';
  readonly id: string;
  /** Positive: the bank holds it and the ledger does not; negative: the ledger counts it and the bank does not. */
  readonly amountMinor: bigint;
  readonly detail: string;
}

const postingSum = async (db: Queryable, accountId: string, currency: string): Promise<bigint> => {
  const rows = await db.query<{ total: bigint | null }>(
    `select sum(amount)::bigint as total from ledger_postings where account_id = $1 and currency = $2`,
    [accountId, currency],
  );
  return BigInt(rows[0]?.total ?? 0n);
};

export async function reconciliation(ctx: AppContext, currency: string) {
  const db = ctx.db;
  const accounts = await db.query<{ account: string; balance_date: string; closing_minor: bigint }>(
    `select distinct on (account) account, balance_date, closing_minor from bank_balances
     where currency = $1 order by account, balance_date desc`,
    [currency],
  );
  const bankMinor = accounts.reduce((sum, a) => sum + BigInt(a.closing_minor), 0n);
  const receivedMinor = -(await postingSum(db, systemAccounts.clearingInbound, currency));
  const paidOutMinor = await postingSum(db, systemAccounts.clearingOutbound, currency);
  const ledgerMinor = receivedMinor - paidOutMinor;

  const entries = await db.query<{
    id: string;
    status: string;
    direction: string;
    amount_minor: bigint;
    reference: string | null;
  }>(
    `select id, status, direction, amount_minor, reference from bank_entries
     where currency = $1 and status in ('unmatched', 'to_return', 'other') order by created_at_ms, id`,
    [currency],
  );
  // A statement's debit carries the payout's reference, the EndToEndId its batch file gave it (payouts/register.ts).
  const payouts = await db.query<{ payout_id: string; amount_minor: bigint; rail: string }>(
    `select p.payout_id, p.amount_minor, p.rail from payouts p
     where p.currency = $1 and p.channel = 'bank-file' and p.status = 'settled'
       and not exists (select 1 from bank_entries e where e.direction = 'debit'
         and e.end_to_end_id in (p.reference, p.payout_id))
     order by p.updated_at_ms, p.payout_id`,
    [currency],
  );
  const items: Item[] = [
    ...entries.map((e) => ({
      kind:
        e.status === 'unmatched'
          ? ('unmatched_credit' as const)
          : e.status === 'to_return'
            ? ('credit_to_return' as const)
            : ('other_bank_line' as const),
      id: e.id,
      amountMinor: e.direction === 'credit' ? BigInt(e.amount_minor) : -BigInt(e.amount_minor),
      detail: e.reference ?? '',
    })),
    ...payouts.map((p) => ({
      kind: 'payout_without_bank_debit' as const,
      id: p.payout_id,
      amountMinor: -BigInt(p.amount_minor),
      detail: `${p.rail} payout settled by a status report; its debit is not on an imported statement yet`,
    })),
  ];
  const money = (minor: bigint) => amountToJson(minor, currency);
  const explained = items.reduce((sum, item) => sum + item.amountMinor, 0n);
  return {
    currency,
    bank: {
      closingBalance: money(bankMinor),
      accounts: accounts.map((a) => ({
        account: a.account,
        date: a.balance_date,
        closingBalance: money(BigInt(a.closing_minor)),
      })),
    },
    ledger: { received: money(receivedMinor), paidOut: money(paidOutMinor), position: money(ledgerMinor) },
    difference: money(bankMinor - ledgerMinor),
    unexplained: money(bankMinor - ledgerMinor - explained),
    items: items.map((item) => ({
      kind: item.kind,
      id: item.id,
      amount: money(item.amountMinor),
      detail: item.detail,
    })),
  };
}
