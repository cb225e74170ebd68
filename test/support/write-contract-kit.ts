import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { adminHeaders, aToken, type Partner } from './builders.js';
import { type TestApp, TestClock } from './harness.js';
import { approvedPartner, fundedPartner } from './orders.js';

// What the write-contract suite (test/contract/write-contract.test.ts) knows of a keyed write, and the helpers it
// drives every row with; the rows themselves are in keyed-writes.ts.

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
export function checks<F extends string>(
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
