import type { Queryable } from '../../storage/db.js';
import { type RetentionTarget, retentionFigures } from '../../storage/retention.js';
import type { SqlParams } from '../../storage/sql-params.js';
import { orderOnQuoteSql } from '../orders/repo.js';

export interface NewQuote {
  id: string;
  workspaceId: string;
  originCurrency: string;
  originRail: string;
  destinationCurrency: string;
  destinationRail: string;
  originMinor: bigint;
  destinationMinor: bigint;
  feeMinor: bigint;
  gasMinor: bigint;
  markupFeeMinor: bigint;
  feeCurrency: string;
  conversionRate: string;
  price: string;
  amountSide: 'origin' | 'destination';
  locale: string | undefined;
  customerId: string | undefined;
  customerEmail: string | undefined;
  userEmail: string | undefined;
  creatorMarkup: string | undefined;
  /** The price source's kind and its timestamps of the two rates (migration 0023). */
  priceSource: string;
  originRateAsOfMs: number;
  destinationRateAsOfMs: number;
  /** The exact mid rate before spread, destination units per origin unit. */
  midRate: string;
  createdAtMs: number;
  expireAtMs: number;
}

export async function insertQuote(db: Queryable, q: NewQuote): Promise<void> {
  await db.query(
    `insert into quotes (id, workspace_id, origin_currency, origin_rail, destination_currency, destination_rail,
       origin_amount, destination_amount, fee, gas_fee, creator_markup_fee, fee_currency, conversion_rate, price,
       amount_direction, locale, customer_id, customer_email, user_email, creator_markup, created_at_ms, expire_at_ms,
       price_source, origin_rate_as_of_ms, destination_rate_as_of_ms, mid_rate)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
       $23, $24, $25, $26)`,
    [
      q.id,
      q.workspaceId,
      q.originCurrency,
      q.originRail,
      q.destinationCurrency,
      q.destinationRail,
      q.originMinor,
      q.destinationMinor,
      q.feeMinor,
      q.gasMinor,
      q.markupFeeMinor,
      q.feeCurrency,
      q.conversionRate,
      q.price,
      q.amountSide,
      q.locale ?? null,
      q.customerId ?? null,
      q.customerEmail ?? null,
      q.userEmail ?? null,
      q.creatorMarkup ?? null,
      q.createdAtMs,
      q.expireAtMs,
      q.priceSource,
      q.originRateAsOfMs,
      q.destinationRateAsOfMs,
      q.midRate,
    ],
  );
}

export interface QuoteRow {
  id: string;
  workspace_id: string;
  origin_currency: string;
  origin_rail: string;
  destination_currency: string;
  destination_rail: string;
  origin_amount: bigint;
  destination_amount: bigint;
  fee: bigint;
  gas_fee: bigint;
  fee_currency: string;
  conversion_rate: string;
  customer_id: string | null;
  customer_email: string | null;
  expire_at_ms: bigint;
  used_by_order_id: string | null;
  /** Null on quotes written before migration 0023. */
  mid_rate: string | null;
  [column: string]: unknown;
}

/**
 * "Not yet bound to an order", written so that it does not imply the predicate of the partial index
 * quotes_unbound_expiry (migration 0030, `where used_by_order_id is null`). A prepared statement's generic plan is
 * made once with the statistics of that moment; while the index was nearly empty it was cheaper on paper than the
 * primary key, and a placement then scanned every unbound quote for its one row (issue #15: 20 ms per order). The
 * lookups below are by primary key, and only the primary key can serve them.
 */
const unbound = `coalesce(used_by_order_id, '') = ''`;

export async function findQuote(db: Queryable, id: string): Promise<QuoteRow | undefined> {
  const rows = await db.query<QuoteRow>('select * from quotes where id = $1', [id]);
  return rows[0];
}

/**
 * Binds a quote to an order, once: the conditional update is the guard, so two orders racing for one quote get
 * one binding. Answers false when the quote was used or expired in the meantime.
 */
export async function claimQuote(tx: Queryable, quoteId: string, orderId: string, nowMs: number): Promise<boolean> {
  const rows = await tx.query(
    `update quotes set used_by_order_id = $2, used_at_ms = $3
     where id = $1 and ${unbound} and expire_at_ms > $3 returning id`,
    [quoteId, orderId, nowMs],
  );
  return rows.length > 0;
}

/**
 * For a write that binds a quote in its single statement: the quote, locked, while it can still be bound (unused,
 * unexpired), as a query of one row or none. The lock is taken on the newest version of the row, so a binding that
 * committed while this statement ran is seen, and none can commit until this statement ends.
 */
export function liveQuoteSql(p: SqlParams, quoteId: string, nowMs: number): string {
  return `select id from quotes where id = ${p.add(quoteId, 'uuid')} and ${unbound}
    and expire_at_ms > ${p.add(nowMs, 'bigint')} for update`;
}

/** claimQuote as one part of a write's single statement, after liveQuoteSql: only where `when` holds. */
export function bindQuoteSql(p: SqlParams, quoteId: string, orderId: string, nowMs: number, when: string): string {
  return `update quotes set used_by_order_id = ${p.add(orderId)}, used_at_ms = ${p.add(nowMs, 'bigint')}
    where id = ${p.add(quoteId, 'uuid')} and ${unbound} and ${when}`;
}

/**
 * Housekeeping's target for quotes (storage/retention.ts): expired quotes no order is bound to (an order being
 * placed on one holds its key-share lock: left).
 */
export const quoteRetention: RetentionTarget<{ readonly quotesBeforeMs: number }> = {
  name: 'quotes',
  sql: `with doomed as (
      select q.id, q.expire_at_ms as at from quotes q
      where q.used_by_order_id is null and q.expire_at_ms < $1 and q.expire_at_ms >= $3
        and not ${orderOnQuoteSql('q.id')}
      order by q.expire_at_ms limit $2
      for update of q skip locked),
    gone as (delete from quotes q using doomed where q.id = doomed.id returning 1)
    ${retentionFigures({ quotes: 'gone' })}`,
  params: (h) => [h.quotesBeforeMs],
};
