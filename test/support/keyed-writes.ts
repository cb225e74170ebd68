import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { adminHeaders, aToken, type Partner } from './builders.js';
import { type TestApp, TestClock } from './harness.js';
import {
  approvedPartner,
  aQuote,
  beneficiary,
  destinations,
  fundedPartner,
  payer,
  payerFields,
  pixOrderBody,
  simulateOrder,
} from './orders.js';

// The keyed writes (requests that take an Idempotency-Key), one row each, for the write-contract suite
// (test/contract/write-contract.test.ts). A row says how to make a valid request in a fresh workspace, another payload,
// a request that is accepted and then fails in execution, and a request that breaks each of the write's own checks.
// A new keyed write joins the suite by adding a row to `keyedWrites`.

export type Body = Record<string, unknown>;

/** What a refused request answers: status, error type and a message that tells refusals of one type apart. */
export interface Refusal {
  readonly status: number;
  readonly error: string;
  readonly message: RegExp;
}

/** One check of a write's documented order, and how it refuses. */
export interface CheckStep {
  readonly name: string;
  readonly refusal: Refusal;
}

/** A TestClock that remembers how far it was moved, so that each test can put it back. */
export class RewindableClock extends TestClock {
  private movedMs = 0;
  override advance(ms: number): void {
    super.advance(ms);
    this.movedMs += ms;
  }
  rewind(): void {
    super.advance(-this.movedMs);
    this.movedMs = 0;
  }
}

/** The quote validity the suite's app runs with (QUOTE_TTL_SECONDS is left at its default). */
export const quoteTtlMs = 30_000;

/** What a row's builders get: the app, the partner (its token may be replaced after the clock moved) and the clock. */
export interface WriteContext {
  readonly t: TestApp;
  readonly partner: Partner;
  readonly clock: RewindableClock;
}

/** The key's replay or conflict, a step every row has: where it sits depends on the write. */
export const keyConflict: CheckStep = {
  name: 'key replay or conflict',
  refusal: { status: 409, error: 'DuplicityError', message: /used with a different payload/ },
};

export interface KeyedWrite {
  readonly name: string;
  /** As the server stores it with a key. */
  readonly endpoint: string;
  readonly url: string;
  readonly listUrl: string;
  readonly readUrl: (id: string) => string;
  readonly idField: string;
  /** The shape of a server-generated id. */
  readonly idPattern: RegExp;
  /** Whether valid requests need the workspace's EUR balance funded (1000 EUR). */
  readonly funded: boolean;
  /** A valid request; a new one per call where a request spends something (a quote binds one order). */
  validBody(c: WriteContext): Promise<Body>;
  /** The same request with one value changed. */
  variant(body: Body): Body;
  /** A request that passes every check before execution, then fails in it: its key stays consumed. */
  readonly failing: { body(c: WriteContext): Promise<Body>; refusal: Refusal };
  /**
   * For a write that pays out through a rail: a request that is answered 201 and whose payout the rail then
   * rejects (`reject` runs it to that end, which reads as `status`). Undefined for a write with no payout to a rail.
   */
  readonly rejectedPayout?: {
    body(c: WriteContext): Promise<Body>;
    reject(c: WriteContext, id: string): Promise<void>;
    status: string;
  };
  /**
   * The write's own checks after the body schema, in the order the server runs them, keyConflict among them (the
   * suite violates that one itself, by using the key first with another request).
   */
  readonly steps: readonly CheckStep[];
  /**
   * A request that violates `steps[from]` and every later step of this row that can hold at the same time;
   * `keyInUse` says that the suite used the request's key first (keyConflict is among the steps violated).
   */
  violating(c: WriteContext, from: number, keyInUse: boolean): Promise<Body>;
}

interface RowStep<F extends string> extends CheckStep {
  /** The flag that makes a request violate this step; keyConflict has none (the suite uses the key first). */
  readonly flag?: F;
}

/**
 * A row's steps and `violating`: a request violating steps[from] and every later step is built by `build` with the
 * flags of those steps raised. Flags that cannot hold together are resolved by `build` (an unknown quote cannot
 * also be expired).
 */
function checks<F extends string>(
  steps: readonly RowStep<F>[],
  build: (c: WriteContext, broken: Readonly<Record<F, boolean>>, keyInUse: boolean) => Promise<Body>,
): Pick<KeyedWrite, 'steps' | 'violating'> {
  return {
    steps: steps.map(({ name, refusal }) => ({ name, refusal })),
    violating: (c, from, keyInUse) => {
      const broken = Object.fromEntries(steps.flatMap((s) => (s.flag ? [[s.flag, false]] : []))) as Record<F, boolean>;
      for (const step of steps.slice(from)) if (step.flag) broken[step.flag] = true;
      return build(c, broken, keyInUse);
    },
  };
}

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

/** A fresh workspace ready for any row: its payer APPROVED and, when `funded`, 1000 EUR in its balance. */
export const aWriteWorkspace = (t: TestApp, funded: boolean): Promise<Partner> =>
  funded ? fundedPartner(t, 1000) : approvedPartner(t);

/** The same partner with a new token: tokens live 300 s, so a test that moved the clock further signs in again. */
export async function signedInAgain(app: FastifyInstance, partner: Partner): Promise<Partner> {
  const token = await aToken(app, partner.credentials);
  return { ...partner, token, headers: { authorization: `Bearer ${token}` } };
}

/** Sends a keyed write; `key` undefined sends no Idempotency-Key, an array sends the header more than once. */
export const sendWrite = (
  app: FastifyInstance,
  row: KeyedWrite,
  headers: Record<string, string>,
  body: unknown,
  key?: string | string[],
) =>
  app.inject({
    method: 'POST',
    url: row.url,
    headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body as Body,
  });

/** The ids of the row's resources in the workspace (a short list: the first page is enough). */
export async function resourceIds(app: FastifyInstance, row: KeyedWrite, partner: Partner): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: row.listUrl, headers: partner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Record<string, string>[]).map((item) => String(item[row.idField]));
}

/** An operator releases a consumed key of the workspace's own account. */
export const releaseKey = (app: FastifyInstance, workspaceId: string, key: string) =>
  app.inject({
    method: 'POST',
    url: '/admin/v1/idempotency-keys/release',
    headers: adminHeaders,
    payload: { workspaceId, key },
  });

/** A create route's refusal: its body shape, status, error type and message. */
export function expectRefusal(
  response: { statusCode: number; body: string; json: () => unknown },
  refusal: Refusal,
): void {
  expect(response.statusCode, response.body).toBe(refusal.status);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'errorId', 'errorName', 'message', 'success']);
  expect(body).toMatchObject({ success: false, error: refusal.error });
  expect(String(body.message)).toMatch(refusal.message);
}

/** A well-formed key nobody has used. */
export const aKey = () => `k-${randomUUID()}`;
