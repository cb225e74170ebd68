import { ensureWorkspaceAccountSql, holderStatusSql } from '../../accounts/accounts.js';
import { enqueueJobSql, type NewJob } from '../../jobs/queue.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';
import { confirmedMatchSql } from '../aml-screenings/gate.js';
import { bindQuoteSql, liveQuoteSql } from '../quotes/repo.js';
import { insertOrderSql, type OrderRow } from './repo.js';

export interface Placement {
  /** The payer's verification status; APPROVED when the order has no payer to check. */
  readonly payerStatus: string;
  /** A CONFIRMED_MATCH screening of the payer, which refuses the order; null when none. */
  readonly amlHold: string | null;
  /** Whether the quote was still unused and unexpired. */
  readonly live: boolean;
  /** Whether the write happened: the claim took the idempotency key (or there was none). */
  readonly claimed: boolean;
}

/**
 * Places an order whose funds come from a rail in one statement, so one round trip and atomic without a
 * transaction: the payer's verification and AML gates, the quote locked while live, the claim of the idempotency key with
 * the answer (`claim`, a StatementClaim's CTE), the quote bound, the workspace's account (for the workspace's own
 * orders), the order and the job that expires it at the end of its payment window (`expiry`). Nothing is written
 * unless the payer is APPROVED, the quote is live and the claim took the key. The quote is locked before the key is
 * claimed, as in the transaction of a BALANCE order, so the two kinds of write take their locks in one order.
 */
export async function placeRailOrder(
  db: Queryable,
  row: OrderRow,
  checks: {
    payerEmail: string | undefined;
    workspaceAccount: boolean;
    /** The workspace's now, against which the quote's validity is read (its test clock on stage). */
    quoteNowMs: number;
  },
  expiry: NewJob,
  claim: (p: SqlParams, when: string) => string,
): Promise<Placement> {
  const p = new SqlParams();
  const nowMs = Number(row.created_at_ms);
  const claimed = 'exists (select 1 from claimed)';
  const payerStatus =
    checks.payerEmail === undefined ? `'APPROVED'` : holderStatusSql(p, row.workspace_id, checks.payerEmail);
  const amlHold =
    checks.payerEmail === undefined ? 'null::text' : confirmedMatchSql(p, row.workspace_id, checks.payerEmail);
  const account = checks.workspaceAccount
    ? `account as (${ensureWorkspaceAccountSql(p, row.workspace_id, nowMs, claimed)}),`
    : '';
  const [result] = await db.query<{ payer_status: string; aml_hold: string | null; live: boolean; claimed: boolean }>(
    `with payer as (select ${payerStatus} as status, ${amlHold} as aml_hold),
     live as (${liveQuoteSql(p, row.quote_id, checks.quoteNowMs)}),
     claimed as (${claim(
       p,
       `(select status from payer) = 'APPROVED' and (select aml_hold from payer) is null and exists (select 1 from live)`,
     )}),
     bound as (${bindQuoteSql(p, row.quote_id, row.id, checks.quoteNowMs, claimed)}),
     ${account}
     placed as (${insertOrderSql(p, row, claimed)}),
     expiry as (${enqueueJobSql(p, expiry, nowMs, claimed)})
     select (select status from payer) as payer_status, (select aml_hold from payer) as aml_hold,
       exists (select 1 from live) as live, ${claimed} as claimed`,
    p.values,
  );
  return {
    payerStatus: String(result?.payer_status),
    amlHold: result?.aml_hold ?? null,
    live: result?.live === true,
    claimed: result?.claimed === true,
  };
}
