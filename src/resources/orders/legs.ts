import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { movements } from '../../domain/ledger/entry.js';
import {
  applyOrderInbound,
  type OrderInboundScenario,
  orderAcceptsInbound,
  orderExpires,
} from '../../domain/states/order-status.js';
import { recordEvent } from '../../events/outbox.js';
import { enqueueJob } from '../../jobs/queue.js';
import { type RailPayoutJob, railPayoutJob, rejectionReason } from '../../jobs/rail-payout.js';
import type { JobHandler } from '../../jobs/runner.js';
import type { Clock } from '../../platform/clock.js';
import { consumeKeyOf } from '../../platform/idempotency.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import type { Queryable } from '../../storage/db.js';
import { outcomesByHand } from '../../workspaces/sandbox-outcomes.js';
import { confirmedMatchOfInbound } from '../aml-screenings/gate.js';
import { parkOrderFunds } from '../pending-payments/service.js';
import {
  conversionPostings,
  creditToBalance,
  inboundPostings,
  payoutPostings,
  postOrderEntry,
  refundToBalance,
} from './ledger-moves.js';
import { findOrder, type OrderRow } from './repo.js';
import { moveOrder } from './transitions.js';
import { orderView } from './view.js';

// The legs of an order as jobs: each job moves one order one step inside one transaction (status, ledger entry,
// events), and queues the next. A job that finds the order no longer in the status it expects does nothing, so a
// retried or duplicated job cannot move money twice.

export const orderJobs = {
  inbound: 'order.inbound',
  trade: 'order.trade',
  payout: 'order.payout',
  confirm: 'order.confirm',
  payoutReturn: 'order.return',
  expire: 'order.expire',
} as const;

/** What the order legs' jobs read of the server, together (the payout leg calls the rail and reads the store). */
type LegContext = Pick<AppContext, 'clock' | 'rails' | 'config' | 'db' | 'capabilities'> &
  Partial<Pick<AppContext, 'secretsKeyring'>>;

/** What keeping an order's funds as a pending payment reads of the server; a caller may have no keyring. */
export type FundsKeeping = Pick<AppContext, 'capabilities' | 'config'> & Partial<Pick<AppContext, 'secretsKeyring'>>;

/** What a step of an order's leg reads of the server: its clock, and what keeping funds as a pending payment reads. */
export type LegMoving = FundsKeeping & Pick<AppContext, 'clock'>;

export interface OrderInboundPayload {
  readonly orderId: string;
  /** Minor units, as a string (JSON has no bigint). */
  readonly amount: string;
  readonly scenario: OrderInboundScenario;
  /** Who paid (the payer-field names), the account sealed by whoever queues the job (platform/secrets/sensitive.ts). */
  readonly counterparty: Record<string, string>;
}

const next = (tx: Queryable, kind: string, orderId: string, runAtMs: number, nowMs: number) =>
  enqueueJob(tx, { kind, payload: { orderId }, runAtMs }, nowMs);

const orderIdOf = (payload: Record<string, unknown>) => String(payload.orderId);

/** Funds the order cannot use become a pending payment: the partner can use it, or it is refunded (at once with `refund`). */
export async function keepAsPendingPayment(
  ctx: FundsKeeping,
  tx: Queryable,
  order: OrderRow,
  amount: bigint,
  refund: boolean,
  nowMs: number,
) {
  if (amount <= 0n) return;
  await parkOrderFunds(tx, {
    workspaceId: order.workspace_id,
    accountId: order.account_id,
    orderId: order.id,
    currency: order.origin_currency,
    amount,
    // Sealed as the order holds it; a field of a row written before sealing is sealed as the payment is written.
    counterparty: order.counterparty ?? {},
    secretsKeyring: ctx.secretsKeyring,
    // Production refunds to the payer only where a refund rail is connected; otherwise the funds wait as a pending
    // payment for the partner or an operator (docs/decisions/).
    refund: refund && ctx.capabilities.paysOut(order.origin_currency, 'REFUND'),
    refundDelayMs: ctx.config.sandboxSettleDelayMs,
    nowMs,
  });
}

/**
 * The payer's account as the order stores it: sealed (platform/secrets/sensitive.ts). Every writer of an inbound job
 * seals it already (the simulator, a bank statement's credit, the provider service's callback, the pay page's
 * settlement); this seals what reaches the order otherwise (a job queued before sealing). Without a keyring (a caller
 * that has none) it is stored as the job carries it.
 */
const sealedCounterparty = (
  keyring: SecretsKeyring | undefined,
  counterparty: Record<string, string>,
): Record<string, string> => (keyring === undefined ? counterparty : sealSensitive(keyring, counterparty));

/** An inbound transfer to the origin leg (simulated or reported by the rail). */
export function orderInboundHandler(ctx: LegMoving): JobHandler {
  return async (tx, job) => {
    const payload = job.payload as unknown as OrderInboundPayload;
    const order = await findOrder(tx, payload.orderId, true);
    if (!order || !orderAcceptsInbound.has(order.status)) return;
    const nowMs = ctx.clock.nowMs();
    const amount = BigInt(payload.amount);
    // The payer or the customer was confirmed a sanctions match after the order was placed: the funds wait for an
    // operator (resources/aml-screenings/gate.ts).
    // The order's account is the customer's for on-behalf orders; the workspace's own is never screened.
    const parties = { email: order.payer_email, account: { id: order.account_id, email: order.customer_email } };
    const held =
      payload.scenario === 'success' && (await confirmedMatchOfInbound(tx, order.workspace_id, parties)) !== undefined;
    const scenario = held ? 'compliance_review' : payload.scenario;
    const outcome = applyOrderInbound(order.origin_amount, order.received_amount, amount, scenario);
    const taken = outcome.accept + outcome.excess;
    if (taken > 0n) await postOrderEntry(tx, order, 'order_inbound', inboundPostings(order, taken), nowMs);
    const moved =
      outcome.status === order.status && outcome.accept === 0n
        ? order
        : await moveOrder(
            tx,
            order,
            {
              status: outcome.status,
              receivedAmount: order.received_amount + outcome.accept,
              counterparty: sealedCounterparty(ctx.secretsKeyring, payload.counterparty),
              ...(outcome.status === 'Received' ? { stamps: ['received_at_ms' as const] } : {}),
            },
            nowMs,
          );
    await keepAsPendingPayment(ctx, tx, moved, outcome.excess, false, nowMs);
    if (moved.status === 'Received') await next(tx, orderJobs.trade, order.id, nowMs, nowMs);
  };
}

/**
 * The conversion leg, in the caller's transaction: posts the conversion, announces trade_completed, then either
 * credits a BALANCE destination at once (Success) or hands over to the payout leg (Exchanging).
 */
export async function executeTrade(tx: Queryable, order: OrderRow, nowMs: number): Promise<OrderRow> {
  await postOrderEntry(tx, order, 'order_conversion', conversionPostings(order), nowMs);
  const toBalance = order.destination_rail === 'BALANCE';
  if (toBalance) await creditToBalance(tx, order, nowMs);
  const moved = await moveOrder(
    tx,
    order,
    toBalance
      ? { status: 'Success', stamps: ['traded_at_ms', 'withdrawn_at_ms', 'completed_at_ms'] }
      : { status: 'Exchanging', stamps: ['traded_at_ms'] },
    nowMs,
  );
  await recordEvent(tx, {
    workspaceId: order.workspace_id,
    type: 'trade_completed',
    eventId: order.id,
    data: orderView(moved),
    occurredAtMs: nowMs,
  });
  if (!toBalance) await next(tx, orderJobs.payout, order.id, nowMs, nowMs);
  return moved;
}

export function orderTradeHandler(clock: Clock): JobHandler {
  return async (tx, job) => {
    const order = await findOrder(tx, orderIdOf(job.payload), true);
    if (order?.status !== 'Received') return;
    await executeTrade(tx, order, clock.nowMs());
  };
}

/**
 * A failed payout (rejected, or returned after it left): the conversion is reversed and the origin funds go back
 * to the balance they came from, or to the payer through a refund that starts at once. The request that created
 * the order failed in execution, so its Idempotency-Key stays consumed (spec rule 5, "rejected payout"): a retry
 * with it is 409 and the client verifies state, rather than a replay of the 201 and, after 24 hours, a new order.
 */
async function refundOrder(ctx: FundsKeeping, tx: Queryable, order: OrderRow, reason: string, nowMs: number) {
  await postOrderEntry(tx, order, 'order_conversion_reversal', movements.reverse(conversionPostings(order)), nowMs);
  if (order.origin_rail === 'BALANCE') await refundToBalance(tx, order, nowMs);
  else await keepAsPendingPayment(ctx, tx, order, order.origin_amount, true, nowMs);
  await moveOrder(tx, order, { status: 'Refunded', failureReason: reason }, nowMs);
  if (order.idempotency_key !== null) {
    const key = { key: order.idempotency_key, accountScope: order.idempotency_scope ?? '' };
    await consumeKeyOf(tx, order.workspace_id, key, { idField: 'orderId', id: order.id }, `payout failed: ${reason}`);
  }
}

/** The payout leg: the rail is called outside the transaction, with the order id as its idempotency key. */
export function orderPayoutHandler(ctx: LegContext): JobHandler {
  return railPayoutJob(ctx, orderPayoutSubject(ctx));
}

/** An order's payout leg as the subject of a payout: what is paid out, and what each outcome does to the order. */
export function orderPayoutSubject(ctx: LegMoving): RailPayoutJob<OrderRow> {
  return {
    subject: 'order',
    idField: 'orderId',
    find: findOrder,
    awaitsPayout: (order) => order.status === 'Exchanging',
    payout: (order) => ({
      payoutId: order.id,
      workspaceId: order.workspace_id,
      currency: order.destination_currency,
      rail: order.destination_rail,
      amount: order.destination_amount,
      destination: order.destination,
    }),
    apply: async (tx, order, outcome, detail) => {
      const nowMs = ctx.clock.nowMs();
      if (outcome === 'rejected') {
        await refundOrder(ctx, tx, order, rejectionReason(detail), nowMs);
        return;
      }
      await postOrderEntry(tx, order, 'order_payout', payoutPostings(order), nowMs);
      await moveOrder(tx, order, { status: 'Withdrawn', stamps: ['withdrawn_at_ms'] }, nowMs);
      const kind = outcome === 'returned' ? orderJobs.payoutReturn : orderJobs.confirm;
      await next(tx, kind, order.id, nowMs + ctx.config.sandboxSettleDelayMs, nowMs);
    },
    // A bank's return file after the payout left: the order refunds while it still waits for delivery; once it is
    // Success (final, spec) the returned funds are an operator's to resolve.
    returnAfterSettlement: async (tx, order) => {
      if (order.status !== 'Withdrawn') return false;
      const nowMs = ctx.clock.nowMs();
      await next(tx, orderJobs.payoutReturn, order.id, nowMs, nowMs);
      return true;
    },
    // Stage, outcomes driven by hand: the payout leaves whatever its amount (Withdrawn), and its delivery waits for a
    // helper (payout/complete, fail or return): the confirmation and return jobs below hold while it is manual.
    byHand: { held: (db, workspaceId) => outcomesByHand(ctx.config, db, workspaceId), answer: 'settled' },
  };
}

/** Whether a sandbox job of the order's leg must leave it to a helper: its workspace is manual when the job runs. */
const heldForHelper = (config: Config, tx: Queryable, order: OrderRow) =>
  outcomesByHand(config, tx, order.workspace_id);

/** The rail confirmed delivery. */
export function orderConfirmHandler(clock: Clock, config: Config): JobHandler {
  return async (tx, job) => {
    const order = await findOrder(tx, orderIdOf(job.payload), true);
    if (order?.status !== 'Withdrawn' || (await heldForHelper(config, tx, order))) return;
    await confirmDelivery(tx, order, clock.nowMs());
  };
}

/**
 * Delivery confirmed, on a Withdrawn order locked by the caller: Success. The confirmation job runs it; so does the
 * sandbox's payout/complete helper (simulate/payouts.ts).
 */
export async function confirmDelivery(tx: Queryable, order: OrderRow, nowMs: number): Promise<void> {
  await moveOrder(tx, order, { status: 'Success', stamps: ['completed_at_ms'] }, nowMs);
}

/** The beneficiary's institution sent the payout back: it returns to the order, which refunds. */
export function orderReturnHandler(ctx: LegMoving): JobHandler {
  return async (tx, job) => {
    const order = await findOrder(tx, orderIdOf(job.payload), true);
    if (order?.status !== 'Withdrawn' || (await heldForHelper(ctx.config, tx, order))) return;
    await payoutCameBack(ctx, tx, order, returnedReason, ctx.clock.nowMs());
  };
}

export const returnedReason = 'The payout was returned by the receiving institution';

/**
 * A payout that left (Withdrawn, locked by the caller) and came back: the payout's postings are reversed, then the
 * order refunds. The return job runs it; so do the sandbox's payout helpers (simulate/payouts.ts), whose `fail` of
 * a payout already left gives the rail's rejection as the reason.
 */
export async function payoutCameBack(ctx: FundsKeeping, tx: Queryable, order: OrderRow, reason: string, nowMs: number) {
  await postOrderEntry(tx, order, 'order_payout_return', movements.reverse(payoutPostings(order)), nowMs);
  await refundOrder(ctx, tx, order, reason, nowMs);
}

/** The payment window ended: an unpaid order expires; a part-paid one too, its funds kept as a pending payment. */
export function orderExpireHandler(ctx: LegMoving): JobHandler {
  return async (tx, job) => {
    const order = await findOrder(tx, orderIdOf(job.payload), true);
    if (!order || !orderExpires.has(order.status)) return;
    await expireOrder(ctx, tx, order, ctx.clock.nowMs());
  };
}

/**
 * The expiry itself, on an order in orderExpires locked by the caller. The expiry job runs it at the end of the
 * payment window; so do a stage test clock's advance past payBy and the sandbox's expire helper (simulate/).
 */
export async function expireOrder(ctx: FundsKeeping, tx: Queryable, order: OrderRow, nowMs: number): Promise<void> {
  const reason =
    order.received_amount > 0n
      ? 'The payment window ended with part of the amount received; it is kept as a pending payment'
      : 'The payment window ended before any funds arrived';
  await keepAsPendingPayment(ctx, tx, order, order.received_amount, false, nowMs);
  await moveOrder(tx, order, { status: 'Expired', failureReason: reason }, nowMs);
}

export function orderJobHandlers(ctx: LegContext): [string, JobHandler][] {
  return [
    [orderJobs.inbound, orderInboundHandler(ctx)],
    [orderJobs.trade, orderTradeHandler(ctx.clock)],
    [orderJobs.payout, orderPayoutHandler(ctx)],
    [orderJobs.confirm, orderConfirmHandler(ctx.clock, ctx.config)],
    [orderJobs.payoutReturn, orderReturnHandler(ctx)],
    [orderJobs.expire, orderExpireHandler(ctx)],
  ];
}
