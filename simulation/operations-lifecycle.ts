import { label, mayHaveDeleted, nth, type Operation, ok, pendingPayments } from './actors.js';
import { customers, depositAmounts, eurCounterparty, kycStatuses, sepa, tickMs } from './fixtures.js';
import { initialWebhookSecret, type ReceiverKind, receiverKinds, receiverUrl } from './receivers.js';
import type { Step } from './steps.js';
import { runWorkers } from './workers.js';

// The operations that move what exists along: deletion and expiry, the operator's compliance decisions and refunds,
// the sandbox helpers by id, deposit methods, the clocks and workers, KYC, banking accounts and webhook endpoints.

export const lifecycleOperations = {
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
      payload: { name: `${kind} receiver`, url, secret: initialWebhookSecret, retryPolicy },
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
} satisfies Partial<Record<Step['op'], Operation>>;
