import type { Answer, Client } from './client.js';
import {
  beneficiary,
  cryptoSender,
  customers,
  depositAmounts,
  eurCounterparty,
  exchangeAmounts,
  kycStatuses,
  magicPayouts,
  orderAmounts,
  payer,
  pix,
  scenarios,
  sepa,
  tickMs,
  withdrawalAmounts,
} from './fixtures.js';
import type { Model } from './model.js';
import { type ReceiverKind, receiverKinds, receiverUrl } from './receivers.js';
import type { Step } from './steps.js';
import type { World } from './world.js';

// What each operation does: the requests of one step, its targets chosen by `pick` among what the partner knows,
// its amounts and outcomes by `variant`. Each answers a short label of what happened, for the run's figures.

export interface Actors {
  readonly world: World;
  readonly client: Client;
  readonly model: Model;
}

/** Leases of the job runner and the dispatcher (30 s, jobs/runner.ts and limits.webhookLeaseMs), and a moment. */
const leasePastMs = 30_001;

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
const label = (answer: Answer) => (answer.lost ? 'lost' : String(answer.status));
/** A delete whose answer was lost or failed may have happened: the partner no longer counts on the resource. */
const mayHaveDeleted = (answer: Answer) => ok(answer) || answer.lost || answer.status >= 500;
const nth = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;
const json = (value: unknown) => (typeof value === 'number' ? value : Number(value));

async function aQuote(a: Actors, body: Record<string, unknown>): Promise<Answer> {
  return a.client.plain({ method: 'POST', url: '/v1/quotes', payload: body });
}

/** A keyed order from a fresh quote; the order is known with its origin amount and whether it is paid by transfer. */
async function placeOrder(
  a: Actors,
  step: Step,
  index: number,
  quoteBody: Record<string, unknown>,
  orderBody: (quoteId: string) => Record<string, unknown>,
  byTransfer: boolean,
  crypto = false,
): Promise<string> {
  const quote = await aQuote(a, quoteBody);
  if (!ok(quote)) return `quote ${label(quote)}`;
  const answer = await a.client.keyed(step, index, 'order', 'POST /v1/orders', {
    method: 'POST',
    url: '/v1/orders',
    payload: orderBody(String(quote.body.quoteId)),
  });
  if (ok(answer)) {
    a.model.acknowledge('order', String(answer.body.orderId), {
      originAmount: json(quote.body.originAmount),
      byTransfer,
      crypto,
    });
  }
  return label(answer);
}

interface PendingPayment {
  readonly transferId: string;
  readonly currency: string;
  readonly amount: number;
  readonly status: string;
}

/** The workspace's pending payments, newest first (the server makes them: the partner learns of them by listing). */
async function pendingPayments(a: Actors): Promise<PendingPayment[]> {
  const listed = await a.client.plain({ method: 'GET', url: '/v1/pending-payments' });
  return Array.isArray(listed.body.value) ? (listed.body.value as PendingPayment[]) : [];
}

export async function runWorkers(a: Actors, step: Step | undefined): Promise<string> {
  const { store, rails, ctx } = a.world.instance;
  const fault = step?.fault;
  const point = step?.point ?? 1;
  if (fault === 'crash-after-job-claim') store.armClaimCrash('job');
  else if (fault === 'crash-after-delivery-claim') store.armClaimCrash('delivery');
  else if (fault === 'db-down' || fault === 'db-lost-before' || fault === 'db-lost-after' || fault === 'db-error') {
    store.arm({ kind: fault, point });
  } else if (fault === 'crash-after') store.arm({ kind: 'crash-after', point });
  else if (fault === 'rail-fails' || fault === 'rail-times-out') rails.arm(fault, point);
  let outcome = 'ran';
  try {
    await ctx.jobs.runDue();
    await ctx.webhooks.runDue();
  } catch {
    // A round that failed is run again by the loop after its pause; here, by a later tick.
    outcome = 'round failed';
  } finally {
    store.disarm();
    rails.disarm();
  }
  if (store.dead) {
    // The process died holding claims: its successor finds them once their leases have run out.
    await a.world.crash();
    a.world.clock.advance(leasePastMs);
    await a.world.instance.ctx.jobs.runDue().catch(() => {});
    await a.world.instance.ctx.webhooks.runDue().catch(() => {});
    outcome = 'crashed, recovered';
  }
  return outcome;
}

type Operation = (a: Actors, step: Step, index: number) => Promise<string>;

const operations: Record<Step['op'], Operation> = {
  async quote(a, step) {
    const answer = await a.client.once(step, 'POST /v1/quotes', {
      method: 'POST',
      url: '/v1/quotes',
      payload: { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: nth(orderAmounts, step.variant) },
    });
    return label(answer);
  },

  railOrder(a, step, index) {
    // One in four asks the sandbox rail for a rejected or returned payout by its destination amount's cents.
    const magic = step.variant % 4 === 0;
    const amount = magic
      ? { destinationAmount: nth(magicPayouts, step.variant >>> 2) }
      : { originAmount: nth(orderAmounts, step.variant >>> 2) };
    return placeOrder(
      a,
      step,
      index,
      { originCurrency: 'EUR', destinationCurrency: 'BRL', ...amount },
      (quoteId) => ({ quoteId, userData: payer, destinationUserData: beneficiary, destinationTransferData: pix }),
      true,
    );
  },

  cryptoOrder(a, step, index) {
    // USDC collected on ETH, paid out in EUR by SEPA: the inbound transfer names a sending address, not an account.
    return placeOrder(
      a,
      step,
      index,
      { originCurrency: 'USDC', destinationCurrency: 'EUR', originAmount: nth(orderAmounts, step.variant) },
      (quoteId) => ({
        quoteId,
        userData: payer,
        destinationUserData: beneficiary,
        destinationTransferData: sepa(step.variant),
      }),
      true,
      true,
    );
  },

  balanceOrder(a, step, index) {
    return placeOrder(
      a,
      step,
      index,
      {
        originCurrency: 'EUR',
        originRail: 'BALANCE',
        destinationCurrency: 'BRL',
        originAmount: nth(orderAmounts, step.variant),
      },
      (quoteId) => ({ quoteId, destinationUserData: beneficiary, destinationTransferData: pix }),
      false,
    );
  },

  exchange(a, step, index) {
    return placeOrder(
      a,
      step,
      index,
      {
        originCurrency: 'EUR',
        originRail: 'BALANCE',
        destinationCurrency: 'USDC',
        destinationRail: 'BALANCE',
        originAmount: nth(exchangeAmounts, step.variant),
      },
      (quoteId) => ({ quoteId, destinationTransferData: { type: 'BALANCE' } }),
      false,
    );
  },

  async deposit(a, step, index) {
    const amount = nth(depositAmounts, step.variant);
    const answer = await a.client.keyed(step, index, 'deposit', 'POST /v1/deposits', {
      method: 'POST',
      url: '/v1/deposits',
      payload: { userData: payer, currency: 'EUR', ...(amount === undefined ? {} : { amount }) },
    });
    if (ok(answer)) a.model.acknowledge('deposit', String(answer.body.depositId), { amount: amount ?? 75 });
    return label(answer);
  },

  async depositTransfer(a, step) {
    const deposit = a.model.pick('deposit', step.pick);
    if (deposit === undefined) return 'no deposit';
    const expected = json(deposit.detail.amount);
    const amount = [expected, Math.round(expected * 50) / 100, expected + 5][step.variant % 3];
    const scenario = nth(scenarios, step.variant >>> 2);
    const answer = await a.client.once(step, 'simulate deposit transfer', {
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/deposit',
      payload: { depositId: deposit.id, amount, scenario, ...eurCounterparty },
    });
    return label(answer);
  },

  async orderTransfer(a, step) {
    const order = a.model.pick('order', step.pick, (k) => k.detail.byTransfer === true);
    if (order === undefined) return 'no order';
    const expected = json(order.detail.originAmount);
    const amount = [expected, expected, Math.round(expected * 50) / 100, expected + 5][step.variant % 4];
    const scenario = nth(scenarios, step.variant >>> 2);
    const answer = await a.client.once(step, 'simulate order transfer', {
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/order',
      payload: { orderId: order.id, amount, scenario, ...(order.detail.crypto ? cryptoSender : eurCounterparty) },
    });
    return label(answer);
  },

  async cancelDeposit(a, step) {
    const deposit = a.model.pick('deposit', step.pick);
    if (deposit === undefined) return 'no deposit';
    return label(await a.client.once(step, 'DELETE deposit', { method: 'DELETE', url: `/v1/deposits/${deposit.id}` }));
  },

  async expireDeposit(a, step) {
    const deposit = a.model.pick('deposit', step.pick);
    if (deposit === undefined) return 'no deposit';
    const url = `/v1/simulate/deposits/${deposit.id}/expire`;
    return label(await a.client.once(step, 'expire deposit', { method: 'POST', url }));
  },

  async compliance(a, step) {
    const decision = step.variant % 3 === 0 ? 'reject' : 'clear';
    const onOrder = (step.variant >>> 2) % 2 === 0;
    const target = onOrder ? a.model.pick('order', step.pick) : a.model.pick('deposit', step.pick);
    if (target === undefined) return 'no target';
    const url = `/admin/v1/${onOrder ? 'orders' : 'deposits'}/${target.id}/compliance/${decision}`;
    return label(await a.client.once(step, `compliance ${decision}`, { method: 'POST', url }, true));
  },

  async withdrawal(a, step, index) {
    const amount = nth(withdrawalAmounts, step.variant);
    const answer = await a.client.keyed(step, index, 'withdrawal', 'POST /v1/withdrawals', {
      method: 'POST',
      url: '/v1/withdrawals',
      payload: { currency: 'EUR', amount, destinationTransferData: sepa(step.variant >>> 3) },
    });
    if (ok(answer)) a.model.acknowledge('withdrawal', String(answer.body.withdrawalId), { amount });
    return label(answer);
  },

  async linkedWithdrawal(a, step, index) {
    const account = a.model.pick('bankingAccount', step.pick);
    if (account === undefined) return 'no banking account';
    const amount = nth(withdrawalAmounts, step.variant);
    const answer = await a.client.keyed(step, index, 'withdrawal', 'POST /v1/withdrawals (linked)', {
      method: 'POST',
      url: '/v1/withdrawals',
      payload: {
        currency: 'EUR',
        amount,
        destinationTransferData: { type: 'LINKED_BANK_ACCOUNT', bankingAccountId: account.id },
      },
    });
    if (ok(answer)) a.model.acknowledge('withdrawal', String(answer.body.withdrawalId), { amount });
    return label(answer);
  },

  async withdrawalMove(a, step) {
    const withdrawal = a.model.pick('withdrawal', step.pick);
    if (withdrawal === undefined) return 'no withdrawal';
    const move = nth(['complete', 'fail', 'return'], step.variant);
    const url = `/v1/simulate/withdrawals/${withdrawal.id}/${move}`;
    return label(await a.client.once(step, `withdrawal ${move}`, { method: 'POST', url }));
  },

  async orderPayoutMove(a, step) {
    const order = a.model.pick('order', step.pick);
    if (order === undefined) return 'no order';
    const move = nth(['complete', 'fail', 'return'], step.variant);
    const url = `/v1/simulate/orders/${order.id}/payout/${move}`;
    return label(await a.client.once(step, `order payout ${move}`, { method: 'POST', url }));
  },

  async expireOrder(a, step) {
    const order = a.model.pick('order', step.pick);
    if (order === undefined) return 'no order';
    const url = `/v1/simulate/orders/${order.id}/expire`;
    return label(await a.client.once(step, 'expire order', { method: 'POST', url }));
  },

  async cancelOrder(a, step) {
    const order = a.model.pick('order', step.pick);
    if (order === undefined) return 'no order';
    return label(await a.client.once(step, 'DELETE order', { method: 'DELETE', url: `/v1/orders/${order.id}` }));
  },

  async refund(a, step) {
    // Pending payments come from transfers to a method (methodTransfer) and beyond an order's amount (its excess).
    const payments = await pendingPayments(a);
    if (payments.length === 0) return 'no pending payment';
    const payment = nth(payments, step.pick);
    const action = step.variant % 2 === 0 ? 'start' : 'approve';
    const url = `/admin/v1/pending-payments/${payment.transferId}/refund/${action}`;
    return label(await a.client.once(step, `refund ${action}`, { method: 'POST', url }, true));
  },

  async orderFromPayment(a, step) {
    const payments = (await pendingPayments(a)).filter((p) => p.status === 'UNMATCHED');
    if (payments.length === 0) return 'no pending payment';
    const payment = nth(payments, step.pick);
    const quote = await aQuote(a, {
      originCurrency: payment.currency,
      destinationCurrency: 'BRL',
      originAmount: payment.amount,
    });
    if (!ok(quote)) return `quote ${label(quote)}`;
    const answer = await a.client.once(step, 'POST create-order from payment', {
      method: 'POST',
      url: `/v1/pending-payments/${payment.transferId}/create-order`,
      payload: {
        quoteId: quote.body.quoteId,
        userData: payer,
        destinationUserData: beneficiary,
        destinationTransferData: pix,
      },
    });
    if (ok(answer)) a.model.acknowledge('order', String(answer.body.orderId), { originAmount: payment.amount });
    // Not keyed: a lost answer may hide an order the partner was never told of.
    else if (answer.lost || answer.status >= 500) a.model.uncertain.order += 1;
    return label(answer);
  },

  async depositMethod(a, step) {
    const answer = await a.client.once(step, 'POST /v1/deposits/methods', {
      method: 'POST',
      url: '/v1/deposits/methods',
      payload: { methodType: 'fiat', currency: 'EUR' },
    });
    if (ok(answer)) a.model.acknowledge('method', String(answer.body.methodId), {});
    return label(answer);
  },

  async activateMethod(a, step) {
    const method = a.model.pick('method', step.pick);
    if (method === undefined) return 'no method';
    const url = `/v1/simulate/deposit-methods/${method.id}/activate`;
    return label(await a.client.once(step, 'activate method', { method: 'POST', url }));
  },

  async methodTransfer(a, step) {
    // A transfer no deposit or order expects: a pending payment, which a refund may send back.
    const method = a.model.pick('method', step.pick);
    if (method === undefined) return 'no method';
    const amount = nth(depositAmounts, step.variant) ?? 33.3;
    const answer = await a.client.once(step, 'simulate method transfer', {
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/method',
      payload: { methodId: method.id, amount, ...eurCounterparty },
    });
    return label(answer);
  },

  async tick(a, step) {
    a.world.clock.advance(nth(tickMs, step.variant));
    return runWorkers(a, step);
  },

  runWorkers: (a, step) => runWorkers(a, step),

  async workspaceClock(a, step) {
    const seconds = nth([60, 3_600, 86_400], step.variant);
    const url = '/v1/simulate/clock/advance';
    return label(await a.client.once(step, 'advance workspace clock', { method: 'POST', url, payload: { seconds } }));
  },

  async outcomesMode(a, step) {
    const outcomes = step.variant % 2 === 0 ? 'manual' : 'automatic';
    const request = { method: 'PUT' as const, url: '/v1/simulate/settings', payload: { outcomes } };
    return label(await a.client.once(step, `outcomes ${outcomes}`, request));
  },

  async kyc(a, step) {
    const userEmail = nth(customers, step.pick);
    const status = nth(kycStatuses, step.variant);
    const request = { method: 'POST' as const, url: '/v1/simulate/kyc', payload: { userEmail, status } };
    return label(await a.client.once(step, `kyc ${status}`, request));
  },

  async bankingAccount(a, step) {
    const answer = await a.client.once(step, 'POST /v1/banking-accounts', {
      method: 'POST',
      url: '/v1/banking-accounts',
      payload: { currency: 'EUR', destinationTransferData: sepa(step.variant), label: `sim ${step.variant % 97}` },
    });
    // Answered in the { ok, value } envelope of the banking-account routes.
    const stored = answer.body.value as { bankingAccountId?: string } | undefined;
    if (ok(answer)) a.model.acknowledge('bankingAccount', String(stored?.bankingAccountId), {});
    return label(answer);
  },

  async deleteBankingAccount(a, step) {
    const account = a.model.pick('bankingAccount', step.pick);
    if (account === undefined) return 'no banking account';
    const url = `/v1/banking-accounts/${account.id}`;
    const answer = await a.client.once(step, 'DELETE banking account', { method: 'DELETE', url });
    if (mayHaveDeleted(answer)) account.deleted = true;
    return label(answer);
  },

  async webhook(a, step) {
    const kind: ReceiverKind = nth(receiverKinds, step.variant);
    const retryPolicy = (step.variant >>> 2) % 2 === 0 ? 'none' : 'exponential';
    const url = receiverUrl(kind, step.pick % 1000);
    const answer = await a.client.once(step, 'POST /v1/webhooks', {
      method: 'POST',
      url: '/v1/webhooks',
      payload: { name: `${kind} receiver`, url, secret: 'sim-webhook-secret-0123456789', retryPolicy },
    });
    if (ok(answer)) a.model.acknowledge('webhook', String(answer.body.id), { kind, url });
    return label(answer);
  },

  async deleteWebhook(a, step) {
    const endpoint = a.model.pick('webhook', step.pick);
    if (endpoint === undefined) return 'no webhook';
    const answer = await a.client.once(step, 'DELETE webhook', {
      method: 'DELETE',
      url: `/v1/webhooks/${endpoint.id}`,
    });
    if (mayHaveDeleted(answer)) endpoint.deleted = true;
    return label(answer);
  },
};

export function execute(a: Actors, step: Step, index: number): Promise<string> {
  return operations[step.op](a, step, index);
}
