import type { Static } from 'typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { currencyOf } from '../../catalogue/index.js';
import { stateError, validation } from '../../domain/errors.js';
import { amountFromJson } from '../../domain/money/currency-amount.js';
import { orderAcceptsInbound } from '../../domain/states/order-status.js';
import { enqueueJob } from '../../jobs/queue.js';
import { Obj, PositiveAmount, titled } from '../../platform/schema.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { type OrderInboundPayload, orderJobs } from '../orders/legs.js';
import { ownedOrder } from '../orders/service.js';
import { checkPayer, SimulateDepositTransfer } from './deposit-transfer.js';

const { depositId: _depositId, ...transferFields } = SimulateDepositTransfer.properties;

export const SimulateOrderTransfer = Obj({
  orderId: Type.String({ minLength: 1, maxLength: 40 }),
  ...transferFields,
  amount: { ...PositiveAmount, description: "Equal to the order's originAmount for a clean success; smaller: partial" },
});

export const OrderSimulationAccepted = titled(
  'Simulated transfer, accepted',
  Type.Object({
    success: Type.Literal(true),
    message: Type.String(),
    orderId: Type.String(),
  }),
);

/** What simulating an order's inbound transfer reads of the server: a deposit's, and the keyring sealing the payer. */
export type OrderTransferSimulating = Pick<AppContext, 'db' | 'clock' | 'config' | 'secretsKeyring'>;

/** Queues the inbound transfer of an order's origin leg; it settles through a job after the sandbox delay. */
export async function simulateOrderTransfer(
  ctx: OrderTransferSimulating,
  workspace: WorkspaceContext,
  body: Static<typeof SimulateOrderTransfer>,
) {
  const order = await ownedOrder(ctx.db, workspace, body.orderId);
  if (order.origin_rail === 'BALANCE') {
    throw stateError(`Order ${order.id} is paid from a balance: there is no inbound transfer to simulate`);
  }
  checkPayer(order.origin_currency, body);
  const amount = amountFromJson(body.amount, order.origin_currency);
  if (!amount.ok) throw validation(`amount ${amount.reason} (${order.origin_currency})`);
  if (!orderAcceptsInbound.has(order.status)) {
    throw stateError(`Order ${order.id} is ${order.status} and accepts no further transfers`);
  }
  const scenario = currencyOf(order.origin_currency)?.kind === 'crypto' ? 'success' : (body.scenario ?? 'success');
  const counterparty: Record<string, string> = body.counterparty
    ? Object.fromEntries(Object.entries(body.counterparty).filter((e): e is [string, string] => e[1] !== undefined))
    : { fromAddress: body.fromAddress ?? '' };
  // The payer's account is sealed before it is queued (platform/secrets/sensitive.ts): the job and the order hold it
  // sealed; answers and webhooks open it at the edge.
  const payload: OrderInboundPayload = {
    orderId: order.id,
    amount: amount.minor.toString(),
    scenario,
    counterparty: sealSensitive(ctx.secretsKeyring, counterparty),
  };
  const nowMs = ctx.clock.nowMs();
  await enqueueJob(
    ctx.db,
    { kind: orderJobs.inbound, payload: { ...payload }, runAtMs: nowMs + ctx.config.sandboxSettleDelayMs },
    nowMs,
  );
  return { success: true as const, message: `Inbound transfer accepted; it settles as ${scenario}`, orderId: order.id };
}
