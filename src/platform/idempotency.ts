import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { ApiError, duplicity, validation } from '../domain/errors.js';
import { limits } from '../limits.js';
import type { Queryable } from '../storage/db.js';
import './fastify-types.js';

// The spec's Idempotency-Key rules for the three writes. The key is reserved in its own short transaction; the
// business transaction creates the resource and stores the answer with the key in the same commit. A request that
// fails during execution, or whose outcome is unknown (the process died), leaves the key consumed: later requests
// with it are 409 until an operator releases it. A completed key replays its answer byte for byte for 24 hours.

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** The request's key, checked before anything is reserved; undefined when none was sent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !keyPattern.test(raw)) {
    throw validation(
      'Idempotency-Key must be 1 to 128 letters, digits, dashes or underscores, starting with a letter or digit, sent once',
    );
  }
  return raw;
}

/** sha256 of the body with keys sorted at every level, so that field order does not make two payloads differ. */
export function requestHash(endpoint: string, body: unknown): string {
  return createHash('sha256').update(endpoint).update('\n').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface KeyScope {
  readonly workspaceId: string;
  readonly accountScope: string;
  readonly key: string;
  readonly endpoint: string;
  readonly hash: string;
}

interface KeyRow {
  endpoint: string;
  request_hash: string;
  state: 'in_progress' | 'completed' | 'failed';
  response_status: number | null;
  response_body: string | null;
  completed_at_ms: bigint | null;
  [column: string]: unknown;
}

type Reservation = { kind: 'reserved' } | { kind: 'replay'; status: number; body: string };

async function reserve(ctx: AppContext, scope: KeyScope): Promise<Reservation> {
  const nowMs = ctx.clock.nowMs();
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx.query(
      `insert into idempotency_keys (workspace_id, account_scope, key, endpoint, request_hash, state, created_at_ms)
       values ($1, $2, $3, $4, $5, 'in_progress', $6) on conflict do nothing returning key`,
      [scope.workspaceId, scope.accountScope, scope.key, scope.endpoint, scope.hash, nowMs],
    );
    if (inserted.length > 0) return { kind: 'reserved' };
    const [row] = await tx.query<KeyRow>(
      'select * from idempotency_keys where workspace_id = $1 and account_scope = $2 and key = $3 for update',
      [scope.workspaceId, scope.accountScope, scope.key],
    );
    if (!row) throw duplicity('Idempotency-Key is being reserved by a concurrent request; retry');
    const expired =
      row.state === 'completed' && Number(row.completed_at_ms) + limits.idempotencyReplayWindowMs <= nowMs;
    if (expired) {
      await tx.query(
        `update idempotency_keys set endpoint = $4, request_hash = $5, state = 'in_progress', response_status = null,
           response_body = null, failure = null, created_at_ms = $6, completed_at_ms = null
         where workspace_id = $1 and account_scope = $2 and key = $3`,
        [scope.workspaceId, scope.accountScope, scope.key, scope.endpoint, scope.hash, nowMs],
      );
      return { kind: 'reserved' };
    }
    if (row.endpoint !== scope.endpoint) throw duplicity(`Idempotency-Key was used on ${row.endpoint}; use a new key`);
    if (row.request_hash !== scope.hash) {
      throw duplicity('Idempotency-Key was used with a different payload; use a new key');
    }
    if (row.state === 'in_progress') {
      throw duplicity(
        'A request with this Idempotency-Key is in progress or its outcome is unknown; verify, then use a new key',
      );
    }
    if (row.state === 'failed') {
      throw duplicity('A request with this Idempotency-Key failed during execution; verify state, then use a new key');
    }
    return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body ?? '' };
  });
}

/** Stores the answer with the key, inside the business transaction. */
async function complete(tx: Queryable, scope: KeyScope, status: number, body: string, nowMs: number): Promise<void> {
  await tx.query(
    `update idempotency_keys set state = 'completed', response_status = $4, response_body = $5, completed_at_ms = $6
     where workspace_id = $1 and account_scope = $2 and key = $3`,
    [scope.workspaceId, scope.accountScope, scope.key, status, body, nowMs],
  );
}

async function fail(ctx: AppContext, scope: KeyScope, error: unknown): Promise<void> {
  const failure = error instanceof ApiError ? `${error.type}: ${error.message}` : 'unexpected failure';
  await ctx.db.query(
    `update idempotency_keys set state = 'failed', failure = $4
     where workspace_id = $1 and account_scope = $2 and key = $3 and state = 'in_progress'`,
    [scope.workspaceId, scope.accountScope, scope.key, failure],
  );
}

/** What a write does once its key is reserved: `commit` must be called inside its business transaction. */
export type Execution = (commit: (tx: Queryable, body: unknown) => Promise<void>) => Promise<unknown>;

/**
 * Runs a write under its Idempotency-Key (or plainly without one) and answers it. The answer's bytes are fixed
 * once, so a replay is the original response unchanged.
 */
export async function answerIdempotently(
  ctx: AppContext,
  reply: FastifyReply,
  scope: Omit<KeyScope, 'key'> & { key: string | undefined },
  status: number,
  execute: Execution,
): Promise<FastifyReply> {
  const send = (code: number, body: string) =>
    reply
      .code(code)
      .type('application/json; charset=utf-8')
      .serializer((payload) => payload as string)
      .send(body);
  if (scope.key === undefined) {
    const body = await execute(async () => {});
    return send(status, JSON.stringify(body));
  }
  const keyed = { ...scope, key: scope.key };
  const reservation = await reserve(ctx, keyed);
  if (reservation.kind === 'replay') {
    void reply.header('idempotent-replayed', 'true');
    return send(reservation.status, reservation.body);
  }
  let text: string | undefined;
  try {
    await execute(async (tx, body) => {
      text = JSON.stringify(body);
      await complete(tx, keyed, status, text, ctx.clock.nowMs());
    });
  } catch (error) {
    await fail(ctx, keyed, error).catch(() => {});
    throw error;
  }
  if (text === undefined) throw new Error('an idempotent write finished without committing its answer');
  return send(status, text);
}

/**
 * A keyed write as the three write routes run it: the key from the request, scoped to the workspace (and to
 * `accountScope`, a customer's account for on-behalf writes), the payload hashed with the endpoint.
 */
export function answerWrite(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  write: { endpoint: string; status: number; accountScope?: string },
  execute: Execution,
): Promise<FastifyReply> {
  const scope = {
    workspaceId: request.workspace.id,
    accountScope: write.accountScope ?? '',
    key: idempotencyKeyOf(request),
    endpoint: write.endpoint,
    hash: requestHash(write.endpoint, request.body),
  };
  return answerIdempotently(ctx, reply, scope, write.status, execute);
}

/** Operators release a consumed key (failed, or in progress after a crash); a completed key is not released. */
export async function releaseKey(
  db: Queryable,
  workspaceId: string,
  key: string,
  accountScope = '',
): Promise<string | undefined> {
  const rows = await db.query<{ state: string }>(
    `delete from idempotency_keys where workspace_id = $1 and account_scope = $2 and key = $3 and state <> 'completed'
     returning state`,
    [workspaceId, accountScope, key],
  );
  return rows[0]?.state;
}
