import type { Queryable } from '../../storage/db.js';

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
  createdAtMs: number;
  expireAtMs: number;
}

export async function insertQuote(db: Queryable, q: NewQuote): Promise<void> {
  await db.query(
    `insert into quotes (id, workspace_id, origin_currency, origin_rail, destination_currency, destination_rail,
       origin_amount, destination_amount, fee, gas_fee, creator_markup_fee, fee_currency, conversion_rate, price,
       amount_direction, locale, customer_id, customer_email, user_email, creator_markup, created_at_ms, expire_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
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
    ],
  );
}
