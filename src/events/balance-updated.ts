import { scaleOf } from '../domain/money/currency-amount.js';
import { balanceRowsSql } from '../ledger/balance-rows.js';
import type { Queryable } from '../storage/db.js';
import { SqlParams } from '../storage/sql-params.js';

/** Whose balance a balance_updated event reports. */
export interface BalanceUpdatedOf {
  readonly workspaceId: string;
  readonly accountId: string;
  readonly currency: string;
  /** Set for a customer's account (the event carries it and is keyed by it); the workspace's own account has none. */
  readonly userEmail?: string | undefined;
}

/**
 * The one place balance_updated is built: an INSERT into the outbox of the balance row of `of`, read from `rows`
 * (SQL naming a relation with account_id, currency, available and pending). The data carries the balance after the
 * change, amounts as JSON numbers in major units (minor units times 10^-scale, an exact product whose trailing
 * zeros trim_scale drops), and userEmail only for a customer's account; the envelope id is the email, or the
 * workspace id for the workspace's own account. A ledger entry passes its own RETURNING rows (ledger.ts), since
 * the CTEs of one statement share a snapshot; anyone else passes the ledger's balance rows (ledger/balance-rows.ts).
 */
export function balanceUpdatedSql(p: SqlParams, of: BalanceUpdatedOf, rows: string, nowMs: number): string {
  const unit = p.add(`1e-${scaleOf(of.currency)}`, 'numeric');
  const email = p.add(of.userEmail ?? null, 'text');
  return `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
     select ${p.add(of.workspaceId)}, 'balance_updated', ${p.add(of.userEmail ?? of.workspaceId)},
       jsonb_build_object('currency', c.currency, 'available', trim_scale(c.available * ${unit}),
         'pending', trim_scale(c.pending * ${unit}))
       || case when ${email} is null then '{}'::jsonb else jsonb_build_object('userEmail', ${email}) end,
       ${p.add(nowMs, 'bigint')}
     from ${rows} c
     where c.account_id = ${p.add(of.accountId)} and c.currency = ${p.add(of.currency)}`;
}

/** Records balance_updated for a balance row the caller's transaction has already changed. */
export async function recordBalanceUpdated(tx: Queryable, of: BalanceUpdatedOf, nowMs: number): Promise<void> {
  const p = new SqlParams();
  const inserted = await tx.query(`${balanceUpdatedSql(p, of, balanceRowsSql, nowMs)} returning id`, p.values);
  if (inserted.length !== 1) throw new Error(`no ${of.currency} balance row of ${of.accountId} to report`);
}
