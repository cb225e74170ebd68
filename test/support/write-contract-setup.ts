// What the write-contract suites share (test/contract/write-contract-keys and -limits): their two server processes on one
// database over a clock the tests move, the generic checks every keyed write runs before its own, and the helpers
// each row's tests use. The rows themselves are in keyed-writes.ts.
import type { TestApp } from './harness.js';
import { buildTestApp } from './harness.js';
import {
  aWriteWorkspace,
  type CheckStep,
  type KeyedWrite,
  RewindableClock,
  resourceIds,
  sendWrite,
  signedInAgain,
  type WriteContext,
} from './keyed-writes.js';

export const clock = new RewindableClock();
export const dayMs = 24 * 3600_000;
const env = { SANDBOX_SETTLE_DELAY_MS: '0' };

/** The server under test and a second process on the same database (for the concurrency rule). */
export async function openContractApps(): Promise<{ t: TestApp; second: TestApp }> {
  return { t: await buildTestApp({ clock, env }), second: await buildTestApp({ clock, env }) };
}

/** What a row's tests call: a fresh workspace, a send, the resources created, the same workspace signed in again. */
export function rowTools(app: () => TestApp, row: KeyedWrite) {
  /** A fresh workspace ready for this row, with what the row's builders need. */
  const ready = async (funded = row.funded): Promise<WriteContext> => ({
    t: app(),
    partner: await aWriteWorkspace(app(), funded),
    clock,
  });
  const send = (c: WriteContext, body: unknown, key?: string | string[], via = app().app) =>
    sendWrite(via, row, c.partner.headers, body, key);
  const ids = (c: WriteContext) => resourceIds(app().app, row, c.partner);
  /** The same workspace, signed in again after the clock moved past its token's lifetime. */
  const later = async (c: WriteContext): Promise<WriteContext> => ({
    ...c,
    partner: await signedInAgain(app().app, c.partner),
  });
  return { ready, send, ids, later };
}

/** Moves the clock to just after the start of a write-limit window (one minute), so that a test's writes share it. */
export function startOfWindow(): void {
  clock.advance(60_000 - (clock.nowMs() % 60_000) + 10);
}

export const writeLimited = {
  status: 503,
  error: 'OperationError',
  message: /^Write rate limit of \d+ requests per minute exceeded/,
};

/** The body schema refusing the field `colour` (unknown body fields are refused: docs/decisions/). */
export const unknownField = { status: 400, error: 'ValidationError', message: /colour is not a recognised field/ };

/** The generic checks every keyed write runs before its own, in the server's order. */
export const genericSteps: readonly CheckStep[] = [
  {
    name: 'authentication',
    refusal: { status: 401, error: 'AuthorizationError', message: /access token/ },
  },
  { name: 'write limit', refusal: writeLimited },
  {
    name: 'Idempotency-Key format',
    refusal: { status: 400, error: 'ValidationError', message: /^Idempotency-Key must be 1 to 128/ },
  },
  { name: 'body schema', refusal: unknownField },
];

export const malformedKeys: readonly [string, string | string[]][] = [
  ['empty', ''],
  ['129 characters', 'k'.repeat(129)],
  ['starting with a dash', '-starts-with-dash'],
  ['starting with an underscore', '_starts-with-underscore'],
  ['with a space', 'has space'],
  ['with a dot', 'has.dot'],
  ['with a non-ASCII letter', 'ünïcode'],
];

/** The same JSON with the keys of every object in reverse order. */
export function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .reverse()
        .map(([k, v]) => [k, reordered(v)]),
    );
  }
  return value;
}
