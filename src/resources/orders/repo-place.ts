import { ensureWorkspaceAccountSql, holderStatusSql } from '../../accounts/accounts.js';
import { enqueueJobSql, type NewJob } from '../../jobs/queue.js';
import type { Db, Queryable } from '../../storage/db.js';
import { GroupCommit, groupCommitOptions, groupOf } from '../../storage/group-commit.js';
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

/** What placing a rail-funded order checks beside its row. */
export interface RailOrderChecks {
  readonly payerEmail: string | undefined;
  readonly workspaceAccount: boolean;
  /** The workspace's now, against which the quote's validity is read (its test clock on stage). */
  readonly quoteNowMs: number;
}

/** One rail-funded order to place: its row, its checks, its expiry job, and the claim of its key with its answer. */
export interface RailOrderToPlace {
  readonly row: OrderRow;
  readonly checks: RailOrderChecks;
  readonly expiry: NewJob;
  readonly claim: (p: SqlParams, when: string) => string;
  /** The idempotency key it claims, if any (workspace, account scope, key). */
  readonly key?: string | undefined;
}

/**
 * One order's part of a statement: the payer's verification and AML gates, the quote locked while live, the claim of
 * the idempotency key with the answer (`claim`, a StatementClaim's CTE), the quote bound, the workspace's account
 * (for the workspace's own orders), the order and the job that expires it at the end of its payment window
 * (`expiry`), as CTEs named with `n`, and the select of its outcome. Nothing is written unless the payer is
 * APPROVED, the quote is live and the claim took the key. The quote is locked before the key is claimed, as in the
 * transaction of a BALANCE order, so the two kinds of write take their locks in one order.
 */
function railOrderPart(p: SqlParams, { row, checks, expiry, claim }: RailOrderToPlace, n: number) {
  const nowMs = Number(row.created_at_ms);
  const claimed = `exists (select 1 from claimed_${n})`;
  // The text is the same whatever the order (a payer or none, the workspace's own or a customer's): what differs is
  // in parameters, so that a statement of n parts is one text, prepared once (storage/postgres.ts names statements
  // by text, and a text per combination of shapes would be without bound).
  const noPayer = p.add(checks.payerEmail === undefined, 'boolean');
  const email = checks.payerEmail ?? '';
  const payerStatus = `case when ${noPayer} then 'APPROVED' else ${holderStatusSql(p, row.workspace_id, email)} end`;
  const amlHold = `case when ${noPayer} then null::text else ${confirmedMatchSql(p, row.workspace_id, email)} end`;
  const workspaceAccount = `${p.add(checks.workspaceAccount, 'boolean')} and ${claimed}`;
  const account = `account_${n} as (${ensureWorkspaceAccountSql(p, row.workspace_id, nowMs, workspaceAccount)}),`;
  const ctes = `payer_${n} as (select ${payerStatus} as status, ${amlHold} as aml_hold),
     live_${n} as (${liveQuoteSql(p, row.quote_id, checks.quoteNowMs)}),
     claimed_${n} as (${claim(
       p,
       `(select status from payer_${n}) = 'APPROVED' and (select aml_hold from payer_${n}) is null and exists (select 1 from live_${n})`,
     )}),
     bound_${n} as (${bindQuoteSql(p, row.quote_id, row.id, checks.quoteNowMs, claimed)}),
     ${account}
     placed_${n} as (${insertOrderSql(p, row, claimed)}),
     expiry_${n} as (${enqueueJobSql(p, expiry, nowMs, claimed)})`;
  const outcome = `select ${n} as part, (select status from payer_${n}) as payer_status,
       (select aml_hold from payer_${n}) as aml_hold, exists (select 1 from live_${n}) as live, ${claimed} as claimed`;
  return { ctes, outcome };
}

/**
 * Places orders whose funds come from a rail in one statement, so one round trip and one commit, atomic without a
 * transaction: each order's part (railOrderPart) decides it alone and answers its own outcome. One order is a
 * statement of one part; the group commit (railOrderGroup) sends several, never two that claim one key or bind one
 * quote.
 */
export async function placeRailOrders(db: Queryable, orders: readonly RailOrderToPlace[]): Promise<Placement[]> {
  const p = new SqlParams();
  const parts = orders.map((order, n) => railOrderPart(p, order, n));
  const rows = await db.query<{
    part: number;
    payer_status: string;
    aml_hold: string | null;
    live: boolean;
    claimed: boolean;
  }>(
    `with ${parts.map((part) => part.ctes).join(',\n     ')}
     ${parts.map((part) => part.outcome).join('\n     union all ')}`,
    p.values,
  );
  const outcomes: Placement[] = [];
  for (const row of rows) {
    outcomes[Number(row.part)] = {
      payerStatus: String(row.payer_status),
      amlHold: row.aml_hold ?? null,
      live: row.live === true,
      claimed: row.claimed === true,
    };
  }
  return outcomes;
}

/** One rail-funded order alone (in a wallet index's transaction). */
export async function placeRailOrder(db: Queryable, order: RailOrderToPlace): Promise<Placement> {
  const [placed] = await placeRailOrders(db, [order]);
  if (!placed) throw new Error('an order statement answered no outcome');
  return placed;
}

/** The group commit of rail-funded orders on this store (storage/group-commit.ts). */
export function railOrderGroup(db: Db): GroupCommit<RailOrderToPlace, Placement> {
  return groupOf(
    db,
    'orders',
    () =>
      new GroupCommit<RailOrderToPlace, Placement>(
        (orders) => placeRailOrders(db, orders),
        groupCommitOptions(db),
        (order) => [...(order.key === undefined ? [] : [order.key]), `quote ${order.row.quote_id}`],
      ),
  );
}
