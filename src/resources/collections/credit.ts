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

/** The deposit or order whose instructions carry `reference` (its reference_code, unique in each table). */
export async function collectionByReference(db: Queryable, reference: string): Promise<CollectionTarget | undefined> {
  const rows = await db.query<{ kind: 'deposit' | 'order'; id: string; workspace_id: string; currency: string }>(
    `select 'deposit' as kind, id, workspace_id, currency from deposits where reference_code = $1
     union all
     select 'order' as kind, id, workspace_id, origin_currency as currency from orders
       where reference_code = $1 and origin_rail <> 'BALANCE'`,
    [reference],
  );
  return targetOf(rows[0]);
}

/** The deposit or order whose instructions were issued under `depositId` (the id a provider service was given). */
export async function collectionByDepositId(db: Queryable, depositId: string): Promise<CollectionTarget | undefined> {
  const rows = await db.query<{ kind: 'deposit' | 'order'; id: string; workspace_id: string; currency: string }>(
    `select 'deposit' as kind, id, workspace_id, currency from deposits where id = $1
     union all
     select 'order' as kind, id, workspace_id, origin_currency as currency from orders
       where deposit_id = $1 and origin_rail <> 'BALANCE'`,
    [depositId],
  );
  return targetOf(rows[0]);
}

/** The order `orderId` as a collection target (rail-funded orders only). */
export async function collectionByOrderId(db: Queryable, orderId: string): Promise<CollectionTarget | undefined> {
  const rows = await db.query<{ kind: 'deposit' | 'order'; id: string; workspace_id: string; currency: string }>(
    `select 'order' as kind, id, workspace_id, origin_currency as currency from orders
     where id = $1 and origin_rail <> 'BALANCE'`,
    [orderId],
  );
  return targetOf(rows[0]);
}

const targetOf = (
  row: { kind: 'deposit' | 'order'; id: string; workspace_id: string; currency: string } | undefined,
): CollectionTarget | undefined =>
  row === undefined ? undefined : { kind: row.kind, id: row.id, workspaceId: row.workspace_id, currency: row.currency };

/** What arrived: the amount in minor units of the target's currency, and who paid it (the payer-field names). */
export interface InboundCredit {
  readonly amountMinor: bigint;
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
