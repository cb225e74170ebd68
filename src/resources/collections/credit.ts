import { enqueueJob } from '../../jobs/queue.js';
import type { Queryable } from '../../storage/db.js';
import { type DepositInboundPayload, depositInboundJob } from '../deposits/inbound.js';
import { findDepositToCollect } from '../deposits/repo.js';
import { type OrderInboundPayload, orderJobs } from '../orders/legs.js';
import { findOrderToCollect } from '../orders/repo.js';

// Real money arriving (production): a bank statement's credit matched by its RF reference, or a provider service's
// signed report of an inbound transfer. Either is credited through the same job the stage simulator queues
// (deposit.inbound, order.inbound), so the ledger postings, the partial, over- and under-payment rules, the order's
// progress and the events are exactly the stage's.

/** What an inbound credit pays: a deposit, or an order's origin leg. */
export type CollectionTarget =
  | { readonly kind: 'deposit'; readonly id: string; readonly workspaceId: string; readonly currency: string }
  | { readonly kind: 'order'; readonly id: string; readonly workspaceId: string; readonly currency: string };

/**
 * The deposit matching `where`, else the order (rail-funded only): each found by its owner (deposits/repo.ts,
 * orders/repo.ts) on its own column.
 */
const targets = async (
  db: Queryable,
  where: { deposits?: 'reference_code' | 'id'; orders?: 'reference_code' | 'deposit_id' | 'id' },
  value: string,
): Promise<CollectionTarget | undefined> => {
  const deposit = where.deposits === undefined ? undefined : await findDepositToCollect(db, where.deposits, value);
  if (deposit !== undefined) {
    return { kind: 'deposit', id: deposit.id, workspaceId: deposit.workspace_id, currency: deposit.currency };
  }
  const order = where.orders === undefined ? undefined : await findOrderToCollect(db, where.orders, value);
  return order === undefined
    ? undefined
    : { kind: 'order', id: order.id, workspaceId: order.workspace_id, currency: order.currency };
};

/** The deposit or order whose instructions carry `reference` (its reference_code, unique in each table). */
export const collectionByReference = (db: Queryable, reference: string): Promise<CollectionTarget | undefined> =>
  targets(db, { deposits: 'reference_code', orders: 'reference_code' }, reference);

/** The deposit or order whose instructions were issued under `depositId` (the id a provider service was given). */
export const collectionByDepositId = (db: Queryable, depositId: string): Promise<CollectionTarget | undefined> =>
  targets(db, { deposits: 'id', orders: 'deposit_id' }, depositId);

/** The order `orderId` as a collection target (rail-funded orders only). */
export const collectionByOrderId = (db: Queryable, orderId: string): Promise<CollectionTarget | undefined> =>
  targets(db, { orders: 'id' }, orderId);

/** What arrived: the amount in minor units of the target's currency, and who paid it (the payer-field names). */
export interface InboundCredit {
  readonly amountMinor: bigint;
  /**
   * Who paid, its account sealed by the caller (platform/secrets/sensitive.ts): the credit's job and the order it
   * reaches hold it sealed (the order's inbound job, given the keyring, seals a field that reaches it in the clear).
   */
  readonly counterparty: Readonly<Record<string, string>>;
}

/**
 * Queues the credit in the caller's transaction, due now: the job applies it exactly once, with the row locked,
 * and a deposit or order that no longer accepts funds leaves it alone (as with a simulated transfer).
 */
export async function creditCollection(
  tx: Queryable,
  target: CollectionTarget,
  credit: InboundCredit,
  nowMs: number,
): Promise<void> {
  if (target.kind === 'deposit') {
    const payload: DepositInboundPayload = {
      workspaceId: target.workspaceId,
      depositId: target.id,
      amount: credit.amountMinor.toString(),
      scenario: 'success',
    };
    await enqueueJob(tx, { kind: depositInboundJob, payload: { ...payload }, runAtMs: nowMs }, nowMs);
    return;
  }
  const payload: OrderInboundPayload = {
    orderId: target.id,
    amount: credit.amountMinor.toString(),
    scenario: 'success',
    counterparty: { ...credit.counterparty },
  };
  await enqueueJob(tx, { kind: orderJobs.inbound, payload: { ...payload }, runAtMs: nowMs }, nowMs);
}
