import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { authorization, existence, stateError, validation } from '../../domain/errors.js';
import { movements, systemAccounts } from '../../domain/ledger/entry.js';
import { amountFromJson, amountToDecimal, amountToJson } from '../../domain/money/currency-amount.js';
import { canMoveRefund, type RefundStatus } from '../../domain/states/refund-status.js';
import { recordEvent } from '../../events/outbox.js';
import { enqueueJob } from '../../jobs/queue.js';
import { type RailPayoutJob, railPayoutJob } from '../../jobs/rail-payout.js';
import type { JobHandler } from '../../jobs/runner.js';
import { postEntry } from '../../ledger/ledger.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { Clock } from '../../platform/clock.js';
import { secondsOf } from '../../platform/clock.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { openForUse } from '../../platform/secrets/sensitive.js';
import { requirePayout } from '../../providers/capabilities.js';
import type { RailProvider } from '../../providers/rails/rail-provider.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { findMethodForTransfer } from '../deposits/repo-methods.js';
import { findPendingPayment, insertPendingPayment, type PendingPaymentRow, setRefundStatus } from './repo.js';
import type { PendingPayment } from './schema.js';

export const pendingRefundJob = 'pending_payment.refund';

export function pendingPaymentView(row: PendingPaymentRow): Static<typeof PendingPayment> {
  return {
    transferId: row.id,
    ...(row.method_id === null ? {} : { methodId: row.method_id }),
    ...(row.source_order_id === null ? {} : { sourceOrderId: row.source_order_id }),
    ...(row.linked_order_id === null ? {} : { linkedOrderId: row.linked_order_id }),
    currency: row.currency,
    amount: amountToJson(row.amount, row.currency),
    status: row.status,
    ...(row.refund_status === null ? {} : { refundStatus: row.refund_status }),
    counterparty: row.counterparty,
    ...(row.email === null ? {} : { userEmail: row.email }),
    createdAt: secondsOf(Number(row.created_at_ms)),
    updatedAt: secondsOf(Number(row.updated_at_ms)),
  };
}

/** What recording a detected inbound transfer as a pending payment reads of the server. */
export type PendingPaymentDetecting = Pick<AppContext, 'db' | 'clock' | 'secretsKeyring'>;

/**
 * An inbound transfer on a receiving method that matches no deposit or order: its funds go to suspense and a
 * pending payment records them, with `pending_payment_created_or_detected`.
 */
export async function detectPendingPayment(
  ctx: PendingPaymentDetecting,
  workspace: WorkspaceContext,
  input: { methodId: string; amount: number; counterparty: Record<string, string> },
) {
  const method = await findMethodForTransfer(ctx.db, input.methodId);
  if (!method) throw existence(`Deposit method ${input.methodId} does not exist`);
  if (method.workspace_id !== workspace.id)
    throw authorization(`Deposit method ${input.methodId} is outside this workspace`);
  if (method.status !== 'ACTIVE') throw stateError(`Deposit method ${input.methodId} is not active yet`);
  const amount = amountFromJson(input.amount, method.currency);
  if (!amount.ok) throw validation(`amount ${amount.reason} (${method.currency})`);
  const nowMs = ctx.clock.nowMs();
  return ctx.db.transaction(async (tx) => {
    const row = await recordPendingPayment(tx, ctx.secretsKeyring, {
      workspaceId: workspace.id,
      accountId: method.account_id,
      methodId: input.methodId,
      currency: method.currency,
      amount: amount.minor,
      counterparty: input.counterparty,
      from: systemAccounts.clearingInbound,
      nowMs,
    });
    return pendingPaymentView(row);
  });
}

interface NewPendingPayment {
  workspaceId: string;
  accountId: string;
  currency: string;
  amount: bigint;
  counterparty: Record<string, string>;
  /** The account the funds come from into suspense: inbound clearing, or the orders account. */
  from: string;
  methodId?: string;
  sourceOrderId?: string;
  /** Start the refund to the payer at once (returning), after this delay. */
  refundAfterMs?: number;
  nowMs: number;
}

/**
 * The one way a pending payment comes to be, inside the caller's transaction: the row, the ledger entry that moves
 * its funds into suspense, the refund job when one starts at once, and `pending_payment_created_or_detected`. The
 * payer's account is sealed in the row (repo.ts), so the event, built from the row, carries it sealed too.
 */
async function recordPendingPayment(
  tx: Queryable,
  keyring: SecretsKeyring | undefined,
  input: NewPendingPayment,
): Promise<PendingPaymentRow> {
  const id = randomUUID();
  const { nowMs } = input;
  const refund = input.refundAfterMs !== undefined;
  await insertPendingPayment(tx, keyring, {
    id,
    workspaceId: input.workspaceId,
    methodId: input.methodId ?? null,
    sourceOrderId: input.sourceOrderId ?? null,
    accountId: input.accountId,
    currency: input.currency,
    amount: input.amount,
    amountMajor: amountToDecimal(input.amount, input.currency),
    counterparty: input.counterparty,
    refundStatus: refund ? 'returning' : null,
    nowMs,
  });
  await postEntry(tx, {
    workspaceId: input.workspaceId,
    kind: input.sourceOrderId === undefined ? 'pending_payment_detected' : 'order_funds_parked',
    reference: input.sourceOrderId ?? id,
    postings: movements.transfer(
      { accountId: input.from },
      { accountId: systemAccounts.suspense },
      input.currency,
      input.amount,
    ),
    nowMs,
  });
  if (refund) {
    await enqueueJob(
      tx,
      { kind: pendingRefundJob, payload: { transferId: id }, runAtMs: nowMs + (input.refundAfterMs ?? 0) },
      nowMs,
    );
  }
  const row = (await findPendingPayment(tx, id)) as PendingPaymentRow;
  await recordEvent(tx, {
    workspaceId: input.workspaceId,
    type: 'pending_payment_created_or_detected',
    eventId: id,
    data: pendingPaymentView(row),
    occurredAtMs: nowMs,
  });
  return row;
}

export async function ownedPendingPayment(db: Queryable, workspace: WorkspaceContext, id: string) {
  const row = await findPendingPayment(db, id);
  if (!row) throw existence(`Pending payment ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Pending payment ${id} is outside this workspace`);
  return row;
}

async function moveRefund(tx: Queryable, row: PendingPaymentRow, to: RefundStatus, nowMs: number, status = row.status) {
  await setRefundStatus(tx, row.id, { refundStatus: to, status, nowMs });
  const view = pendingPaymentView({ ...row, refund_status: to, status, updated_at_ms: BigInt(nowMs) });
  await recordEvent(tx, {
    workspaceId: row.workspace_id,
    type: 'pending_payment_updated',
    eventId: row.id,
    data: view,
    occurredAtMs: nowMs,
  });
  return view;
}

/** What an operator's start or approval of a pending payment's refund reads of the server. */
export type RefundDeciding = Pick<AppContext, 'db' | 'clock' | 'config' | 'capabilities' | 'secretsKeyring'>;

/** Operators start a refund (pending_approval) and approve it (returning); the rail then reports the outcome. */
export async function operatorRefund(ctx: RefundDeciding, transferId: string, action: 'start' | 'approve') {
  return ctx.db.transaction(async (tx) => {
    const row = await findPendingPayment(tx, transferId, true);
    if (!row) throw existence(`Pending payment ${transferId} does not exist`);
    const to: RefundStatus = action === 'start' ? 'pending_approval' : 'returning';
    if (row.status !== 'UNMATCHED' || !canMoveRefund(row.refund_status, to)) {
      throw stateError(
        `Pending payment ${transferId} is ${row.status}${row.refund_status ? ` with refund ${row.refund_status}` : ''}: cannot ${action} a refund`,
      );
    }
    requirePayout(ctx.capabilities, row.currency, 'REFUND');
    const nowMs = ctx.clock.nowMs();
    if (to === 'returning') {
      await enqueueJob(
        tx,
        { kind: pendingRefundJob, payload: { transferId }, runAtMs: nowMs + ctx.config.sandboxSettleDelayMs },
        nowMs,
      );
    }
    const after = await moveRefund(tx, row, to, nowMs);
    const target = { type: 'pending-payment', id: row.id };
    // The payer's account opened for the log, which masks it to the last four (a sealed field it replaces whole).
    const before = openForUse(ctx.secretsKeyring, pendingPaymentView(row));
    auditChange(tx, { workspaceId: row.workspace_id, target, before, after: openForUse(ctx.secretsKeyring, after) });
    return after;
  });
}

/**
 * The refund's payout through the rail (called outside the transaction): returned (suspense → outbound clearing) or
 * failed (funds stay in suspense). The payer's sealed account is registered as it is and opened for the rail only
 * (jobs/rail-payout.ts), so the keyring is what lets a refund be paid.
 */
export function pendingRefundHandler(
  clock: Clock,
  rails: RailProvider,
  db: Queryable,
  secretsKeyring?: SecretsKeyring,
): JobHandler {
  return railPayoutJob(
    { clock, rails, db, ...(secretsKeyring ? { secretsKeyring } : {}) },
    pendingRefundSubject(clock),
  );
}

/** A pending payment's refund as the subject of a payout. */
export function pendingRefundSubject(clock: Clock): RailPayoutJob<PendingPaymentRow> {
  return {
    subject: 'refund',
    idField: 'transferId',
    find: findPendingPayment,
    awaitsPayout: (row) => row.refund_status === 'returning',
    payout: (row) => ({
      payoutId: row.id,
      workspaceId: row.workspace_id,
      currency: row.currency,
      rail: 'REFUND',
      amount: row.amount,
      // Sealed as the row holds it: the payout register keeps it so, the rail's call and a payout file open it.
      destination: row.counterparty,
    }),
    apply: async (tx, row, outcome) => {
      const nowMs = clock.nowMs();
      if (outcome === 'rejected') {
        await moveRefund(tx, row, 'failed', nowMs);
        return;
      }
      await postEntry(tx, {
        workspaceId: row.workspace_id,
        kind: 'pending_payment_refund',
        reference: row.id,
        postings: [
          { accountId: systemAccounts.suspense, currency: row.currency, bucket: 'available', amount: -row.amount },
          {
            accountId: systemAccounts.clearingOutbound,
            currency: row.currency,
            bucket: 'available',
            amount: row.amount,
          },
        ],
        nowMs,
      });
      await moveRefund(tx, row, 'returned', nowMs, 'RETURNED');
    },
    // The refund reached the payer's bank and came back: the funds sit in outbound clearing for an operator.
    returnAfterSettlement: async () => false,
  };
}

/**
 * Funds an order received but cannot use (beyond its amount, part of it at expiry, or its origin funds after a
 * failed payout) leave the order for suspense as a pending payment naming the order, inside the caller's
 * transaction. With `refund` the refund to the payer starts at once (returning); otherwise the partner can create
 * an order from it, or an operator can refund it. The order's counterparty is passed on as it is (sealed where the
 * order was written); with `secretsKeyring` any field still in the clear is sealed as the row is written.
 */
export function parkOrderFunds(
  tx: Queryable,
  input: {
    workspaceId: string;
    accountId: string;
    orderId: string;
    currency: string;
    amount: bigint;
    counterparty: Record<string, string>;
    refund: boolean;
    refundDelayMs: number;
    nowMs: number;
    secretsKeyring?: SecretsKeyring | undefined;
  },
): Promise<PendingPaymentRow> {
  return recordPendingPayment(tx, input.secretsKeyring, {
    workspaceId: input.workspaceId,
    accountId: input.accountId,
    sourceOrderId: input.orderId,
    currency: input.currency,
    amount: input.amount,
    counterparty: input.counterparty,
    from: systemAccounts.orders,
    ...(input.refund ? { refundAfterMs: input.refundDelayMs } : {}),
    nowMs: input.nowMs,
  });
}
