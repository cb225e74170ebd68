import type { AppContext } from '../../app-context.js';
import { systemAccounts } from '../../domain/ledger/entry.js';
import { ledgerTotals, reconcile, reconciliationItems } from '../../domain/ledger/reconciliation-items.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import {
  bankAndProviderPayouts,
  bankLines,
  clearingByReference,
  closingBalances,
  payoutsByBankFile,
  statementOpenings,
} from './reconciliation-repo.js';

// The daily reconciliation of one currency (issue #27, part 3): the bank's latest closing balance of each account
// against the ledger's clearing position, with every item that explains the difference. The sign convention and the
// table of items are in domain/ledger/reconciliation-items.ts; reconciliation-repo.ts reads the rows they need.
//
// A currency whose money moves through the provider service (GBP collected and paid by it, crypto arriving at the
// brokerage's own addresses) has no bank statement of ours: the report says it is reconciled by the provider
// service and gives no difference, rather than compare the ledger with nothing (docs/decisions/money-and-ledger.md, "Reconciliation:
// items that explain the difference").

/** What the daily reconciliation of a currency reads of the server. */
export type Reconciling = Pick<AppContext, 'db' | 'payoutFiles' | 'providerService'>;

/**
 * Whether the provider service moves this currency's money and no bank of ours does: it collects the currency (its
 * rails or the brokerage's own crypto addresses), or a payout of it went through the service; and no bank file
 * carries the currency (no imported line or balance, no payout file).
 */
async function reconciledByProvider(ctx: Reconciling, currency: string): Promise<boolean> {
  if ([...ctx.payoutFiles.values()].some((builder) => builder.currency === currency)) return false;
  const found = await bankAndProviderPayouts(ctx.db, currency);
  if (found?.bank === true) return false;
  const collects = [...(ctx.providerService?.collects ?? [])].some((key) => key.startsWith(`${currency}/`));
  return collects || found?.provider_payouts === true;
}

export async function reconciliation(ctx: Reconciling, currency: string) {
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
    payoutsByBankFile(db, currency),
    statementOpenings(db, currency),
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
