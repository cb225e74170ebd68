import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { aQuote, beneficiary, destinations, payer, payerFields, pixOrderBody, simulateOrder } from './orders.js';
import {
  type Body,
  checks,
  type KeyedWrite,
  keyConflict,
  quoteTtlMs,
  type Refusal,
  type WriteContext,
} from './write-contract-kit.js';

// The keyed writes (requests that take an Idempotency-Key), one row each, for the write-contract suite
// (test/contract/write-contract.test.ts). A row says how to make a valid request in a fresh workspace, another payload,
// a request that is accepted and then fails in execution, and a request that breaks each of the write's own checks.
// A new keyed write joins the suite by adding a row to `keyedWrites`; what a row is, and the suite's helpers, are in
// write-contract-kit.ts.

export * from './write-contract-kit.js';

const unapprovedEmail = () => `unverified-${randomUUID()}@example.com`;
/** More than the workspace's funded 1000 EUR, within the corridor limits (1 to 100000 EUR). */
const shortAmount = 5000;
/** Outside the EUR corridor limits (1 to 100000) for payin and payout. */
const outsideLimits = 200_000;

const insufficientEur: Refusal = { status: 402, error: 'FundsError', message: /^Insufficient EUR balance/ };

const sepaWithoutIban = () => {
  const { iban: _iban, ...rest } = destinations.SEPA;
  return rest;
};

/** How an order's request breaks its checks: the quote, the payout instrument, who pays and how much. */
type OrderFlag =
  | 'brokenInstrument'
  | 'unknownQuote'
  | 'expiredQuote'
  /** A valid payout instrument of another rail than the quote's. */
  | 'otherRail'
  | 'unapproved'
  | 'customer'
  | 'short';

/** The quote of an order spec: a fresh one, an id that exists nowhere, or one past its validity (moves the clock). */
async function quoteIdOf(
  c: WriteContext,
  broken: Readonly<Partial<Record<OrderFlag, boolean>>>,
  quoteBody: Body,
): Promise<string> {
  if (broken.unknownQuote) return randomUUID();
  const quote = await aQuote(c.t.app, c.partner, quoteBody);
  if (broken.expiredQuote) c.clock.advance(quoteTtlMs + 1_000);
  return quote.quoteId;
}

const orderRefusals = {
  instrument: {
    name: 'rail field set of the payout instrument',
    refusal: { status: 400, error: 'ValidationError', message: /destinationTransferData\.iban/ },
  },
  existence: {
    name: 'existence of the quote',
    refusal: { status: 404, error: 'ExistenceError', message: /Quote .* does not exist/ },
  },
  expiry: {
    name: 'state and expiry of the quote',
    refusal: { status: 409, error: 'StateError', message: /expired/ },
  },
  otherRail: {
    name: "payout instrument against the quote's rail",
    refusal: { status: 400, error: 'ValidationError', message: /does not match the quote's destination rail/ },
  },
} as const;

/** A rail-funded order: EUR collected by SEPA from an approved payer, BRL paid out by PIX. */
const railOrder: KeyedWrite = {
  name: 'order (SEPA to PIX)',
  endpoint: 'POST /v1/orders',
  url: '/v1/orders',
  listUrl: '/v1/orders',
  readUrl: (id) => `/v1/orders/${id}`,
  idField: 'orderId',
  idPattern: /^PRE[0-9A-Z]{12}$/,
  funded: false,
  async validBody(c) {
    const quote = await aQuote(c.t.app, c.partner, {
      originCurrency: 'EUR',
      destinationCurrency: 'BRL',
      originAmount: 100,
    });
    return pixOrderBody(quote.quoteId);
  },
  variant: (body) => ({ ...body, externalReference: `variant-${randomUUID()}` }),
  failing: {
    async body(c) {
      return { ...(await railOrder.validBody(c)), userData: { ...payer, userEmail: unapprovedEmail() } };
    },
    refusal: { status: 403, error: 'AllowanceError', message: /verification status NOT_AVAILABLE/ },
  },
  rejectedPayout: {
    async body(c) {
      // The sandbox rail rejects a payout whose amount ends in .91.
      const quote = await aQuote(c.t.app, c.partner, {
        originCurrency: 'EUR',
        destinationCurrency: 'BRL',
        destinationAmount: 500.91,
      });
      return pixOrderBody(quote.quoteId);
    },
    async reject(c, id) {
      const order = (
        await c.t.app.inject({ method: 'GET', url: `/v1/orders/${id}`, headers: c.partner.headers })
      ).json();
      const paid = await simulateOrder(c.t.app, c.partner, {
        orderId: id,
        amount: order.deposit.expectedAmount,
        ...payerFields.EUR,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      await c.t.ctx.jobs.runDue();
    },
    status: 'Refunded',
  },
  ...checks<OrderFlag>(
    [
      { ...orderRefusals.instrument, flag: 'brokenInstrument' },
      { ...orderRefusals.existence, flag: 'unknownQuote' },
      keyConflict,
      { ...orderRefusals.expiry, flag: 'expiredQuote' },
      { ...orderRefusals.otherRail, flag: 'otherRail' },
      {
        name: 'allowance: the payer is verified',
        refusal: { status: 403, error: 'AllowanceError', message: /payer .* verification status NOT_AVAILABLE/ },
        flag: 'unapproved',
      },
    ],
    async (c, s) => {
      const quoteId = await quoteIdOf(c, s, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
      const instrument: Body = s.otherRail ? { ...destinations.SEPA } : { ...destinations.PIX_BR };
      if (s.brokenInstrument) {
        if (s.otherRail) delete instrument.iban;
        else delete instrument.destinationPixCode;
      }
      return {
        quoteId,
        userData: s.unapproved ? { ...payer, userEmail: unapprovedEmail() } : payer,
        destinationUserData: beneficiary,
        destinationTransferData: instrument,
      };
    },
  ),
};

const exchangeQuote = (originAmount: number, customerEmail?: string): Body => ({
  originCurrency: 'EUR',
  originRail: 'BALANCE',
  destinationCurrency: 'USDC',
  destinationRail: 'BALANCE',
  originAmount,
  ...(customerEmail === undefined ? {} : { customerEmail }),
});

/** An exchange: an order from the EUR balance to the USDC balance, settled in the request. */
const exchange: KeyedWrite = {
  name: 'exchange (BALANCE to BALANCE order)',
  endpoint: 'POST /v1/orders',
  url: '/v1/orders',
  listUrl: '/v1/orders',
  readUrl: (id) => `/v1/orders/${id}`,
  idField: 'orderId',
  idPattern: /^PRE[0-9A-Z]{12}$/,
  funded: true,
  async validBody(c) {
    const quote = await aQuote(c.t.app, c.partner, exchangeQuote(50));
    return { quoteId: quote.quoteId, destinationTransferData: destinations.BALANCE };
  },
  variant: (body) => ({ ...body, externalReference: `variant-${randomUUID()}` }),
  failing: {
    async body(c) {
      const quote = await aQuote(c.t.app, c.partner, exchangeQuote(shortAmount));
      return { quoteId: quote.quoteId, destinationTransferData: destinations.BALANCE };
    },
    refusal: insufficientEur,
  },
  ...checks<OrderFlag>(
    [
      { ...orderRefusals.instrument, flag: 'brokenInstrument' },
      { ...orderRefusals.existence, flag: 'unknownQuote' },
      keyConflict,
      { ...orderRefusals.expiry, flag: 'expiredQuote' },
      { ...orderRefusals.otherRail, flag: 'otherRail' },
      {
        name: 'allowance: the on-behalf customer is verified',
        refusal: { status: 403, error: 'AllowanceError', message: /customer .* verification status NOT_AVAILABLE/ },
        flag: 'customer',
      },
      {
        name: 'funds',
        refusal: insufficientEur,
        flag: 'short',
      },
    ],
    async (c, s, keyInUse) => {
      // An on-behalf quote moves the key to the customer's account scope (spec: scope is workspace, account and
      // endpoint), where the key used first is not: the customer cannot be refused together with the key's conflict.
      const customer = s.customer && !keyInUse;
      const quoteBody = exchangeQuote(s.short ? shortAmount : 50, customer ? unapprovedEmail() : undefined);
      const quoteId = await quoteIdOf(c, s, quoteBody);
      let instrument: Body = s.otherRail ? { ...destinations.SEPA } : { ...destinations.BALANCE };
      if (s.brokenInstrument) {
        if (s.otherRail) instrument = sepaWithoutIban();
        else instrument.iban = destinations.SEPA.iban;
      }
      return { quoteId, destinationTransferData: instrument };
    },
  ),
};

const depositBody: Body = { userData: payer, currency: 'EUR', amount: 42 };

/** A deposit into the workspace's EUR balance by SEPA, from an approved payer. */
const deposit: KeyedWrite = {
  name: 'deposit (EUR by SEPA)',
  endpoint: 'POST /v1/deposits',
  url: '/v1/deposits',
  listUrl: '/v1/deposits',
  readUrl: (id) => `/v1/deposits/${id}`,
  idField: 'depositId',
  idPattern: /^PRE[0-9A-Z]{12}$/,
  funded: false,
  validBody: async () => depositBody,
  variant: (body) => ({ ...body, amount: 43 }),
  failing: {
    body: async () => ({ ...depositBody, amount: outsideLimits }),
    refusal: { status: 400, error: 'ValidationError', message: /outside the SEPA payin limits/ },
  },
  ...checks<'rail' | 'outsideLimits' | 'unapproved'>(
    [
      {
        name: 'stateless checks: currency, rail, amount format, identity intake',
        refusal: { status: 400, error: 'ValidationError', message: /EUR is not collected on ACH_US/ },
        flag: 'rail',
      },
      keyConflict,
      {
        name: 'allowance: corridor amount limits',
        refusal: { status: 400, error: 'ValidationError', message: /outside the SEPA payin limits/ },
        flag: 'outsideLimits',
      },
      {
        name: 'allowance: the payer is verified',
        refusal: { status: 403, error: 'AllowanceError', message: /payer .* verification status NOT_AVAILABLE/ },
        flag: 'unapproved',
      },
    ],
    async (_c, s) => ({
      userData: s.unapproved ? { ...payer, userEmail: unapprovedEmail() } : payer,
      currency: 'EUR',
      amount: s.outsideLimits ? outsideLimits : 42,
      ...(s.rail ? { rail: 'ACH_US' } : {}),
    }),
  ),
};

const withdrawalBody: Body = { currency: 'EUR', amount: 10, destinationTransferData: destinations.SEPA };

/** A withdrawal from the workspace's EUR balance by SEPA. */
const withdrawal: KeyedWrite = {
  name: 'withdrawal (EUR by SEPA)',
  endpoint: 'POST /v1/withdrawals',
  url: '/v1/withdrawals',
  listUrl: '/v1/withdrawals',
  readUrl: (id) => `/v1/withdrawals/${id}`,
  idField: 'withdrawalId',
  idPattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  funded: true,
  validBody: async () => withdrawalBody,
  variant: (body) => ({ ...body, amount: 11 }),
  failing: {
    body: async () => ({ ...withdrawalBody, amount: shortAmount }),
    refusal: insufficientEur,
  },
  rejectedPayout: {
    // The sandbox rail rejects a payout whose amount ends in .91.
    body: async () => ({ ...withdrawalBody, amount: 10.91 }),
    reject: async (c) => {
      await c.t.ctx.jobs.runDue();
    },
    status: 'Failed',
  },
  ...checks<'brokenInstrument' | 'outsideLimits' | 'short'>(
    [
      {
        name: 'stateless checks: currency, rail field set, amount format',
        refusal: { status: 400, error: 'ValidationError', message: /destinationTransferData\.iban is required/ },
        flag: 'brokenInstrument',
      },
      keyConflict,
      {
        name: 'allowance: corridor amount limits',
        refusal: { status: 400, error: 'ValidationError', message: /outside the SEPA payout limits/ },
        flag: 'outsideLimits',
      },
      {
        name: 'funds',
        refusal: insufficientEur,
        flag: 'short',
      },
    ],
    async (_c, s) => ({
      currency: 'EUR',
      amount: s.outsideLimits ? outsideLimits : s.short ? shortAmount : 10,
      destinationTransferData: s.brokenInstrument ? sepaWithoutIban() : destinations.SEPA,
    }),
  ),
};

/** Every keyed write. A keyed write added later joins the write-contract suite here. */
export const keyedWrites: readonly KeyedWrite[] = [deposit, railOrder, exchange, withdrawal];
