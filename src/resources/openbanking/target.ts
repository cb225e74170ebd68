import { authorization, stateError, validation } from '../../domain/errors.js';
import { acceptsInbound } from '../../domain/states/deposit-status.js';
import { orderAcceptsInbound } from '../../domain/states/order-status.js';
import type { Queryable } from '../../storage/db.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { type DepositRow, findDeposit } from '../deposits/repo.js';
import { ownedDeposit } from '../deposits/service.js';
import { findOrder, type OrderRow } from '../orders/repo.js';
import type { EntityType } from './repo.js';

// What an open banking payment pays: a stand-alone deposit or an order's origin leg, seen the same way.

/** The bank rails open banking pays into, by currency: a payer's bank initiates an ordinary transfer on them. */
export const openBankingRails: Readonly<Record<string, string>> = { EUR: 'SEPA', GBP: 'GBP_BANK_TRANSFER' };

export interface PayTarget {
  readonly entityType: EntityType;
  readonly id: string;
  readonly workspaceId: string;
  readonly currency: string;
  readonly rail: string;
  readonly status: string;
  /** Still takes an open banking payment: waiting for (the rest of) its money, with no transfer in flight. */
  readonly acceptsPayment: boolean;
  /** What is left to pay, in minor units; undefined for an open-amount EUR deposit (the payer enters it). */
  readonly outstanding: bigint | undefined;
  /** The receiving account's holder, from the instructions the payer would otherwise use. */
  readonly recipient: string;
  readonly reference: string;
  readonly depositType: string;
}

// A transfer in flight (Processing) is waited for rather than paid a second time, so Processing is left out of the
// statuses that accept inbound transfers.
const depositTakesPayment = (status: DepositRow['status']) => acceptsInbound.has(status) && status !== 'Processing';
const orderTakesPayment = (status: OrderRow['status']) => orderAcceptsInbound.has(status) && status !== 'Processing';

/** What is left of `expected` after `received` (never below 0: an over-payment leaves nothing to pay). */
const left = (expected: bigint, received: bigint): bigint => (received >= expected ? 0n : expected - received);

function depositTarget(row: DepositRow): PayTarget {
  return {
    entityType: 'deposit',
    id: row.id,
    workspaceId: row.workspace_id,
    currency: row.currency,
    rail: row.rail,
    status: row.status,
    acceptsPayment: depositTakesPayment(row.status),
    outstanding: row.expected_amount === null ? undefined : left(row.expected_amount, row.amount),
    recipient: String(row.deposit_info.accountHolder ?? ''),
    reference: row.reference_code,
    depositType: String(row.deposit_info.depositType ?? ''),
  };
}

function orderTarget(row: OrderRow): PayTarget {
  return {
    entityType: 'order',
    id: row.id,
    workspaceId: row.workspace_id,
    currency: row.origin_currency,
    rail: row.origin_rail,
    status: row.status,
    acceptsPayment: orderTakesPayment(row.status),
    outstanding: left(row.origin_amount, row.received_amount),
    recipient: String(row.deposit_info.accountHolder ?? ''),
    reference: row.reference_code,
    depositType: String(row.deposit_info.depositType ?? ''),
  };
}

/**
 * The order or deposit an id names, detected: an order id first, else a deposit id. Another workspace's is 401
 * AuthorizationError and an id that exists nowhere 404 ExistenceError, as for deposits and orders themselves.
 */
export async function detectTarget(db: Queryable, workspace: WorkspaceContext, id: string): Promise<PayTarget> {
  const order = await findOrder(db, id);
  if (order) {
    if (order.workspace_id !== workspace.id) throw authorization(`Order ${id} is outside this workspace`);
    return orderTarget(order);
  }
  return depositTarget(await ownedDeposit(db, workspace, id));
}

/** The entity of a session, re-read (and locked with `forUpdate`) when the payer acts. */
export async function loadTarget(
  db: Queryable,
  entityType: EntityType,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<PayTarget | undefined> {
  if (entityType === 'order') {
    const order = await findOrder(db, id, forUpdate);
    return order && order.workspace_id === workspaceId ? orderTarget(order) : undefined;
  }
  const deposit = await findDeposit(db, workspaceId, id, forUpdate);
  return deposit && depositTarget(deposit);
}

const noun = (t: PayTarget) => (t.entityType === 'order' ? `Order ${t.id}` : `Deposit ${t.id}`);

/** Refuses what open banking cannot pay: another rail is 400, a state that takes no money 409. */
export function checkPayable(target: PayTarget): void {
  if (openBankingRails[target.currency] !== target.rail) {
    const served = Object.entries(openBankingRails)
      .map(([currency, rail]) => `${currency} over ${rail}`)
      .join(' and ');
    throw validation(
      `${noun(target)} collects ${target.currency} over ${target.rail}; open banking pays ${served} only`,
      'invalidParameters',
    );
  }
  if (target.depositType !== target.rail) {
    throw stateError(`${noun(target)} has no payable bank instructions yet (${target.depositType}); retry later`);
  }
  if (!target.acceptsPayment) {
    const why =
      target.status === 'Processing'
        ? 'a transfer is already in flight; read it again once it settles'
        : 'it accepts no further funds';
    throw stateError(`${noun(target)} is ${target.status}: ${why}`);
  }
  if (target.outstanding !== undefined && target.outstanding <= 0n) {
    throw stateError(`${noun(target)} has nothing left to pay`);
  }
}
