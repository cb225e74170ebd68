import { type Actors, aQuote, json, label, nth, type Operation, ok, pendingPayments } from './actors.js';
import {
  beneficiary,
  cryptoSender,
  depositAmounts,
  eurCounterparty,
  exchangeAmounts,
  magicPayouts,
  orderAmounts,
  payer,
  pix,
  scenarios,
  sepa,
  withdrawalAmounts,
} from './fixtures.js';
import type { Step } from './steps.js';

// The operations that move money in and out: quotes, orders of each flow, deposits and the inbound transfers of
// deposits and orders, withdrawals, and orders made from a pending payment. The keyed writes among them go through
// Client.keyed (retries with the key, duplicates).

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

export const paymentOperations = {
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
} satisfies Partial<Record<Step['op'], Operation>>;
