import { enqueueJob } from '../../jobs/queue.js';
import type { Queryable } from '../../storage/db.js';
import { type DepositInboundPayload, depositInboundJob } from '../deposits/inbound.js';
import { type OrderInboundPayload, orderJobs } from '../orders/legs.js';

// Real money arriving (production): a bank statement's credit matched by its RF reference, or a provider service's
// signed report of an inbound transfer. Either is credited through the same job the stage simulator queues
// (deposit.inbound, order.inbound), so the ledger postings, the partial, over- and under-payment rules, the order's
// progress and the events are exactly the stage's.

/** What an inbound credit pays: a deposit, or an order's origin leg. */
export type CollectionTarget =
  | { readonly kind: 'deposit'; readonly id: string; readonly workspaceId: string; readonly currency: string }
  | { readonly kind: 'order'; readonly id: string; readonly workspaceId: string; readonly currency: string };

type TargetRow = { kind: 'deposit' | 'order'; id: string; workspace_id: string; currency: string };

/** The deposits and orders (rail-funded only) matching `where`, applied to each table's own column. */
const targets = async (db: Queryable, where: { deposits?: string; orders?: string }, value: string) => {
  const parts = [
    ...(where.deposits
      ? [`select 'deposit' as kind, id, workspace_id, currency from deposits where ${where.deposits} = $1`]
      : []),
    ...(where.orders
      ? [
          `select 'order' as kind, id, workspace_id, origin_currency as currency from orders
           where ${where.orders} = $1 and origin_rail <> 'BALANCE'`,
        ]
      : []),
  ];
  const row = (await db.query<TargetRow>(parts.join(' union all '), [value]))[0];
  return row === undefined
    ? undefined
    : ({ kind: row.kind, id: row.id, workspaceId: row.workspace_id, currency: row.currency } as CollectionTarget);
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
