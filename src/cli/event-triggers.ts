// `trigger EVENT_TYPE` (stage only): what makes an event happen, made through the partner API and its sandbox helpers
// (/v1/simulate, docs/sandbox.md), with the sandbox's test values. Each recipe answers what it made and which entity's
// event to wait for; trigger then waits for that event in the events API. event-triggers.test.ts holds the table
// to the server's event catalogue (src/events/catalogue.ts), so that a new event type is either triggerable or named
// here as not.

import { randomBytes } from 'node:crypto';
import { HttpError } from './http.js';
import type { PartnerSession } from './partner-session.js';

/** What a recipe made, and which events answer it. */
export interface Triggered {
  /** One line per thing made, for the person at the terminal. */
  readonly made: readonly string[];
  /** The envelope id of the awaited event (an entity's id); undefined: the first of its type after the start. */
  readonly entityId?: string;
  /** Whether an event of the type is this recipe's (the verification events carry no entity id in the envelope). */
  readonly matches?: (data: Record<string, unknown>) => boolean;
}

export interface TriggerContext {
  readonly session: PartnerSession;
  /** A few random characters, different on each run: e-mail addresses and Idempotency-Keys. */
  readonly unique: string;
  /** The workspace's sandbox outcomes: `manual` waits for a helper to settle payouts (docs/sandbox.md). */
  readonly outcomes: 'automatic' | 'manual';
  /** Waits until `ready` answers a value (polling), or fails after the command's --wait. */
  readonly until: <T>(what: string, ready: () => Promise<T | undefined>) => Promise<T>;
}

type Recipe = (ctx: TriggerContext) => Promise<Triggered>;

/** The payer's account of the sandbox's EUR transfers, and the SEPA and PIX instruments that pass the checks. */
const payerCounterparty = { name: 'Ana Silva', iban: 'PT50000201231234567890154' };
const sepaDestination = {
  type: 'SEPA',
  destinationName: 'Marie Dupont',
  iban: 'FR1420041010050500013M02606',
  country: 'FR',
  city: 'Paris',
  postalCode: '75001',
};
const pixDestination = {
  type: 'PIX_BR',
  destinationName: 'Bruno Costa',
  destinationPixCode: 'bruno@example.com',
  destinationTaxId: '52998224725',
};
const amount = 100;

let keys = 0;
const key = (ctx: TriggerContext) => {
  keys += 1;
  return { 'idempotency-key': `cli-trigger-${ctx.unique}-${keys}` };
};
const email = (ctx: TriggerContext) => `trigger-${ctx.unique}@example.com`;
const field = (answer: unknown, ...path: string[]): string => {
  let value: unknown = answer;
  for (const name of path) value = (value as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string') throw new Error(`the server's answer has no ${path.join('.')}`);
  return value;
};

/** A sandbox helper that may find the state already moved by the sandbox itself: 409 is as good as done. */
async function helper(ctx: TriggerContext, path: string): Promise<void> {
  try {
    await ctx.session.send('POST', `/v1/simulate/${path}`);
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 409)) throw error;
  }
}

async function approvedCustomer(ctx: TriggerContext): Promise<string> {
  const customer = email(ctx);
  await ctx.session.send('POST', '/v1/simulate/kyc', { userEmail: customer, status: 'APPROVED' });
  return customer;
}

/** A verified customer's EUR deposit and the payer's transfer of `paid` (the whole amount unless less). */
async function paidDeposit(ctx: TriggerContext, paid = amount): Promise<{ depositId: string; made: string[] }> {
  const customer = await approvedCustomer(ctx);
  const deposit = await ctx.session.send(
    'POST',
    '/v1/deposits',
    { userData: { firstName: 'Ana', lastName: 'Silva', userEmail: customer, country: 'PT' }, currency: 'EUR', amount },
    key(ctx),
  );
  const depositId = field(deposit, 'depositId');
  await ctx.session.send('POST', '/v1/simulate/incoming-transfer/deposit', {
    depositId,
    amount: paid,
    counterparty: payerCounterparty,
  });
  return {
    depositId,
    made: [
      `customer ${customer} approved (POST /v1/simulate/kyc)`,
      `deposit ${depositId} of ${amount} EUR (POST /v1/deposits)`,
      `its incoming transfer of ${paid} EUR (POST /v1/simulate/incoming-transfer/deposit)`,
    ],
  };
}

async function quote(ctx: TriggerContext): Promise<string> {
  const answer = await ctx.session.send('POST', '/v1/quotes', {
    originCurrency: 'EUR',
    destinationCurrency: 'BRL',
    destinationRail: 'PIX_BR',
    originAmount: amount,
  });
  return field(answer, 'quoteId');
}

/** A verified customer's order of 100 EUR to BRL by PIX, and the payer's transfer of its origin leg. */
async function paidOrder(ctx: TriggerContext): Promise<{ orderId: string; made: string[] }> {
  const customer = await approvedCustomer(ctx);
  const quoteId = await quote(ctx);
  const order = await ctx.session.send(
    'POST',
    '/v1/orders',
    {
      quoteId,
      externalReference: `trigger-${ctx.unique}`,
      userData: { firstName: 'Ana', lastName: 'Silva', userEmail: customer, country: 'PT' },
      destinationTransferData: pixDestination,
    },
    key(ctx),
  );
  const orderId = field(order, 'orderId');
  await ctx.session.send('POST', '/v1/simulate/incoming-transfer/order', {
    orderId,
    amount,
    counterparty: payerCounterparty,
  });
  return {
    orderId,
    made: [
      `customer ${customer} approved (POST /v1/simulate/kyc)`,
      `order ${orderId}: ${amount} EUR to BRL by PIX (POST /v1/quotes, POST /v1/orders)`,
      `its incoming transfer of ${amount} EUR (POST /v1/simulate/incoming-transfer/order)`,
    ],
  };
}

/** The order's payout delivered: by the sandbox itself, or with manual outcomes by the helper once it has left. */
async function completedOrder(ctx: TriggerContext): Promise<Triggered> {
  const { orderId, made } = await paidOrder(ctx);
  if (ctx.outcomes === 'manual') {
    await ctx.until(`order ${orderId} to reach Withdrawn`, async () => {
      const order = await ctx.session.get(`/v1/orders/${encodeURIComponent(orderId)}`);
      return field(order, 'status') === 'Withdrawn' ? true : undefined;
    });
    await helper(ctx, `orders/${encodeURIComponent(orderId)}/payout/complete`);
    made.push('its payout delivered (POST /v1/simulate/orders/{orderId}/payout/complete: manual outcomes)');
  }
  return { made, entityId: orderId };
}

/** A withdrawal of 10.50 EUR from a balance funded by a deposit first, paid out by the sandbox's rail. */
async function paidWithdrawal(ctx: TriggerContext): Promise<Triggered> {
  const funded = await paidDeposit(ctx);
  await ctx.until('the deposit to reach the EUR balance', async () => {
    const answer = (await ctx.session.get('/v1/balances?currency=EUR')) as { balances?: { available?: number }[] };
    return (answer.balances?.[0]?.available ?? 0) >= 10.5 ? true : undefined;
  });
  const withdrawal = await ctx.session.send(
    'POST',
    '/v1/withdrawals',
    { currency: 'EUR', amount: 10.5, destinationTransferData: sepaDestination },
    key(ctx),
  );
  const withdrawalId = field(withdrawal, 'withdrawalId');
  const made = [...funded.made, `withdrawal ${withdrawalId} of 10.50 EUR by SEPA (POST /v1/withdrawals)`];
  if (ctx.outcomes === 'manual') {
    await helper(ctx, `withdrawals/${encodeURIComponent(withdrawalId)}/complete`);
    made.push('its payout completed (POST /v1/simulate/withdrawals/{withdrawalId}/complete: manual outcomes)');
  }
  return { made, entityId: withdrawalId };
}

/** A receiving method of the workspace's own, made ACTIVE at once by the helper. */
async function activeMethod(ctx: TriggerContext): Promise<{ methodId: string; made: string[] }> {
  const method = await ctx.session.send('POST', '/v1/deposits/methods', { methodType: 'fiat', currency: 'EUR' });
  const methodId = field(method, 'methodId');
  await helper(ctx, `deposit-methods/${encodeURIComponent(methodId)}/activate`);
  return {
    methodId,
    made: [
      `deposit method ${methodId} for EUR (POST /v1/deposits/methods)`,
      'made ACTIVE (POST /v1/simulate/deposit-methods/{methodId}/activate)',
    ],
  };
}

/** A transfer to that method that matches no deposit or order: a pending payment. */
async function pendingPayment(ctx: TriggerContext): Promise<{ transferId: string; made: string[] }> {
  const { methodId, made } = await activeMethod(ctx);
  const payment = await ctx.session.send('POST', '/v1/simulate/incoming-transfer/method', {
    methodId,
    amount,
    counterparty: payerCounterparty,
  });
  const transferId = field(payment, 'transferId');
  made.push(`pending payment ${transferId}: ${amount} EUR to it (POST /v1/simulate/incoming-transfer/method)`);
  return { transferId, made };
}

async function supportTicket(ctx: TriggerContext): Promise<{ ticketId: string; made: string[] }> {
  const ticket = await ctx.session.send(
    'POST',
    '/v1/support-tickets',
    { subject: 'Triggered from the CLI', description: 'A sandbox ticket made by trigger.', category: 'TECHNICAL' },
    key(ctx),
  );
  const ticketId = field(ticket, 'value', 'ticketId');
  return { ticketId, made: [`support ticket ${ticketId} (POST /v1/support-tickets)`] };
}

async function supportReply(ctx: TriggerContext, status?: string): Promise<Triggered> {
  const { ticketId, made } = await supportTicket(ctx);
  await ctx.session.send('POST', `/v1/simulate/support-tickets/${encodeURIComponent(ticketId)}/reply`, {
    message: 'An answer from the sandbox.',
    ...(status === undefined ? {} : { status }),
  });
  made.push(
    `support's reply${status === undefined ? '' : `, status ${status}`} (POST /v1/simulate/support-tickets/{ticketId}/reply)`,
  );
  return { made, entityId: ticketId };
}

/** The verification events of the customer approved by the recipe (their envelope id is a delivery UUID). */
async function verification(ctx: TriggerContext): Promise<Triggered> {
  const customer = await approvedCustomer(ctx);
  return {
    made: [`customer ${customer} moved to APPROVED (POST /v1/simulate/kyc)`],
    matches: (data) => data.customerEmail === customer,
  };
}

/** Every event type trigger can make happen, with what it does in one line. */
export const triggerable: Readonly<Record<string, { readonly does: string; readonly run: Recipe }>> = {
  verification_status_updated: { does: 'a customer approved along the sandbox KYC path', run: verification },
  kyc_completed: { does: 'a customer approved along the sandbox KYC path', run: verification },
  deposit_completed: {
    does: 'a deposit and its whole incoming transfer',
    run: async (ctx) => {
      const { depositId, made } = await paidDeposit(ctx);
      return { made, entityId: depositId };
    },
  },
  deposit_partially_completed: {
    does: 'a deposit of 100 EUR and a transfer of 40',
    run: async (ctx) => {
      const { depositId, made } = await paidDeposit(ctx, 40);
      return { made, entityId: depositId };
    },
  },
  balance_updated: {
    does: 'a deposit credited to the EUR balance',
    run: async (ctx) => ({ made: (await paidDeposit(ctx)).made }),
  },
  deposit_method_created: {
    does: 'a receiving method',
    run: async (ctx) => {
      const method = await ctx.session.send('POST', '/v1/deposits/methods', { methodType: 'fiat', currency: 'EUR' });
      const methodId = field(method, 'methodId');
      return { made: [`deposit method ${methodId} for EUR (POST /v1/deposits/methods)`], entityId: methodId };
    },
  },
  deposit_method_activated: {
    does: 'a receiving method, activated',
    run: async (ctx) => {
      const { methodId, made } = await activeMethod(ctx);
      return { made, entityId: methodId };
    },
  },
  pending_payment_created_or_detected: {
    does: 'a transfer to a receiving method that matches nothing',
    run: async (ctx) => {
      const { transferId, made } = await pendingPayment(ctx);
      return { made, entityId: transferId };
    },
  },
  pending_payment_updated: {
    does: 'a pending payment linked to a new order',
    run: async (ctx) => {
      const { transferId, made } = await pendingPayment(ctx);
      const quoteId = await quote(ctx);
      const order = await ctx.session.send(
        'POST',
        `/v1/pending-payments/${encodeURIComponent(transferId)}/create-order`,
        { quoteId, destinationTransferData: pixDestination },
      );
      made.push(`order ${field(order, 'orderId')} made from it (POST /v1/pending-payments/{transferId}/create-order)`);
      return { made, entityId: transferId };
    },
  },
  order_status_updated: {
    does: 'an order and its incoming transfer',
    run: async (ctx) => {
      const { orderId, made } = await paidOrder(ctx);
      return { made, entityId: orderId };
    },
  },
  trade_completed: {
    does: 'an order paid in, converted',
    run: async (ctx) => {
      const { orderId, made } = await paidOrder(ctx);
      return { made, entityId: orderId };
    },
  },
  order_completed: { does: 'an order paid in, converted and paid out', run: completedOrder },
  withdrawal_status_updated: { does: 'a funded balance and a withdrawal from it', run: paidWithdrawal },
  withdrawal_completed: { does: 'a funded balance and a withdrawal from it', run: paidWithdrawal },
  openbanking_status_updated: {
    does: 'a deposit and two pay-by-bank forms, the first superseded',
    run: async (ctx) => {
      const customer = await approvedCustomer(ctx);
      const deposit = await ctx.session.send(
        'POST',
        '/v1/deposits',
        {
          userData: { firstName: 'Ana', lastName: 'Silva', userEmail: customer, country: 'PT' },
          currency: 'EUR',
          amount,
        },
        key(ctx),
      );
      const depositId = field(deposit, 'depositId');
      const form = `/v1/openbanking/${encodeURIComponent(depositId)}/web-form`;
      await ctx.session.send('POST', form, { language: 'en' });
      await ctx.session.send('POST', form, { language: 'en' });
      return {
        made: [
          `customer ${customer} approved (POST /v1/simulate/kyc)`,
          `deposit ${depositId} of ${amount} EUR (POST /v1/deposits)`,
          'two pay-by-bank forms for it: the second cancels the first (POST /v1/openbanking/{id}/web-form)',
        ],
        entityId: depositId,
      };
    },
  },
  support_ticket_created: {
    does: 'a support ticket',
    run: async (ctx) => {
      const { ticketId, made } = await supportTicket(ctx);
      return { made, entityId: ticketId };
    },
  },
  support_ticket_updated: {
    does: "a support ticket and support's reply that changes its status",
    run: (ctx) => supportReply(ctx, 'WAITING_ON_PARTNER'),
  },
  support_ticket_message_added: { does: "a support ticket and support's reply", run: (ctx) => supportReply(ctx) },
  conversation_message_added: {
    does: 'a conversation about a customer',
    run: async (ctx) => {
      const conversation = await ctx.session.send(
        'POST',
        '/v1/conversations',
        { endUserEmail: email(ctx), subject: 'Triggered from the CLI', message: 'A sandbox conversation.' },
        key(ctx),
      );
      const conversationId = field(conversation, 'value', 'conversationId');
      return { made: [`conversation ${conversationId} (POST /v1/conversations)`], entityId: conversationId };
    },
  },
};

/** The event types of the server that no partner request makes happen, and why. */
export const notTriggerable: Readonly<Record<string, string>> = {
  webhook_endpoint_disabled: 'an endpoint is disabled only after its deliveries have failed for hours',
  webhook_test: 'it is sent to one endpoint by POST /v1/webhooks/{webhookId}/test and is never listed as an event',
};

export const newRunId = (): string => randomBytes(4).toString('hex');
