import type { Static } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { stateError, validation } from '../../domain/errors.js';
import { resourceId } from '../../domain/ids.js';
import { movements, systemAccounts } from '../../domain/ledger/entry.js';
import { amountToDecimal } from '../../domain/money/currency-amount.js';
import { recordEvent } from '../../events/outbox.js';
import { enqueueJob } from '../../jobs/queue.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import { requirePayout } from '../../providers/capabilities.js';
import { clockOffsetMs } from '../../workspaces/clock.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import {
  requireLinkedFits,
  resolveLinkedDestination,
  withLinkedDestination,
  withLinkedRail,
} from '../banking-accounts/linked-destination.js';
import { findPendingPayment, linkPendingPayment } from '../pending-payments/repo.js';
import { ownedPendingPayment, pendingPaymentView } from '../pending-payments/service.js';
import { postOrderEntry } from './ledger-moves.js';
import { orderJobs } from './legs.js';
import { checkAgainstQuote, quoteFor, requireLive } from './quote-checks.js';
import { insertOrder } from './repo.js';
import type { CreateOrderFromPaymentRequest } from './schema.js';
import { bindQuote, checkOrderRequest, customerOf, newOrder } from './service.js';
import { moveOrder } from './transitions.js';
import { orderView } from './view.js';

type Request = Static<typeof CreateOrderFromPaymentRequest>;

/** What linking a pending payment to a new order reads of the server. */
export type PaymentLinking = Pick<AppContext, 'db' | 'clock' | 'config' | 'capabilities' | 'prices' | 'secretsKeyring'>;

/**
 * Links an unmatched pending payment to a new order: the payment is the order's origin leg, already received, so
 * the order starts Received and runs its conversion and payout. The quote must price exactly the payment (same
 * currency, originAmount equal to the amount) and the payment must not be in a refund. `body` names the payout
 * instrument itself; when the request names a banking account (LINKED_BANK_ACCOUNT), it is that account's instrument.
 */
export async function createOrderFromPayment(
  ctx: PaymentLinking,
  workspace: WorkspaceContext,
  transferId: string,
  request: Request,
) {
  // A stored destination (LINKED_BANK_ACCOUNT) becomes its instrument before the checks of any other.
  const { destinationTransferData: transfer, destinationUserData: userData } = request;
  const linked = await resolveLinkedDestination(ctx.db, ctx.secretsKeyring, workspace, transfer, userData);
  const body = linked ? withLinkedDestination(request, linked) : request;
  const checked = { ...checkOrderRequest(body), bankingAccountId: linked?.bankingAccountId };
  const payment = await ownedPendingPayment(ctx.db, workspace, transferId);
  const quoted = await quoteFor(ctx.db, workspace, body.quoteId);
  if (linked) requireLinkedFits(linked, quoted.destination_currency, quoted.destination_rail);
  const quote = withLinkedRail(quoted, linked);
  const nowMs = ctx.clock.nowMs();
  // The quote's validity is read on the workspace's clock (stage test clock), as createOrder reads it.
  const deadlineNowMs = nowMs + (await clockOffsetMs(ctx, workspace.id));
  requireLive(quote, deadlineNowMs);
  if (quote.destination_rail !== 'BALANCE') {
    requirePayout(ctx.capabilities, quote.destination_currency, quote.destination_rail);
  }
  if (
    quote.origin_currency !== payment.currency ||
    quote.origin_amount !== payment.amount ||
    quote.origin_rail === 'BALANCE'
  ) {
    throw validation(
      `quoteId ${quote.id} prices ${amountToDecimal(quote.origin_amount, quote.origin_currency)} ${quote.origin_currency} from ${quote.origin_rail}; the payment is ${amountToDecimal(payment.amount, payment.currency)} ${payment.currency} from a rail: quote exactly the payment's amount`,
    );
  }
  checkAgainstQuote(quote, body, false);
  const customer = await customerOf(ctx.db, workspace.id, quote);
  if (customer && customer.id !== payment.account_id) {
    throw validation(`quoteId ${quote.id} is for ${customer.email}, but the payment arrived for another account`);
  }
  const production = ctx.config.brokerageEnv === 'production';
  const ids = { id: resourceId(production), depositId: resourceId(production) };
  return ctx.db.transaction(async (tx) => {
    const locked = await findPendingPayment(tx, transferId, true);
    if (locked?.status !== 'UNMATCHED' || locked.refund_status !== null) {
      const why = locked?.refund_status ? `has refundStatus ${locked.refund_status}` : `is ${locked?.status ?? 'gone'}`;
      throw stateError(`Pending payment ${transferId} ${why}; it cannot be linked to an order`);
    }
    await bindQuote(tx, quote, ids.id, deadlineNowMs);
    const depositInfo = { depositType: 'PENDING_PAYMENT', transferId };
    const row = await insertOrder(tx, {
      ...(await newOrder(
        ctx,
        workspace.id,
        locked.account_id,
        { quote, body, checked, customer },
        depositInfo,
        ids,
        nowMs,
        deadlineNowMs,
      )),
      // The payer's account as the pending payment holds it, sealed (again, for a row written before sealing).
      counterparty: sealSensitive(ctx.secretsKeyring, locked.counterparty),
    });
    await postOrderEntry(
      tx,
      row,
      'order_linked_payment',
      movements.transfer(
        { accountId: systemAccounts.suspense },
        { accountId: systemAccounts.orders },
        row.origin_currency,
        row.origin_amount,
      ),
      nowMs,
    );
    const received = await moveOrder(
      tx,
      row,
      { status: 'Received', receivedAmount: row.origin_amount, stamps: ['received_at_ms'] },
      nowMs,
    );
    await enqueueJob(tx, { kind: orderJobs.trade, payload: { orderId: row.id }, runAtMs: nowMs }, nowMs);
    await linkPendingPayment(tx, transferId, row.id, nowMs);
    const linked = await findPendingPayment(tx, transferId);
    if (linked) {
      await recordEvent(tx, {
        workspaceId: workspace.id,
        type: 'pending_payment_updated',
        eventId: transferId,
        data: pendingPaymentView(linked),
        occurredAtMs: nowMs,
      });
    }
    return orderView(received);
  });
}
