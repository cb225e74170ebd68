import { duplicity } from '../domain/errors.js';
import { limits } from '../limits.js';
import type { Queryable } from '../storage/db.js';
import { SqlParams } from '../storage/sql-params.js';

// How a request takes an Idempotency-Key: one INSERT that stores the key together with the request's outcome, run
// in the same commit as the write it answers (or, for a failure, on its own after the write rolled back). There is
// no separate reservation: a key exists exactly when an outcome was committed with it.

export interface KeyScope {
  readonly workspaceId: string;
  readonly accountScope: string;
  readonly key: string;
  readonly endpoint: string;
  readonly hash: string;
}

/** A key as a resource remembers the one that created it: its primary key, less the workspace the resource has. */
export interface KeyRef {
  readonly accountScope: string;
  readonly key: string;
}

/**
 * A key as one text, the same for every request that claims it (its primary key: workspace, account scope, key):
 * a group commit keeps two parts with one key out of one statement (storage/group-commit.ts).
 */
export const claimIdentity = (workspaceId: string, ref: KeyRef): string =>
  `${workspaceId}\n${ref.accountScope}\n${ref.key}`;

/** What is stored with a key: the answer of a write that committed, or why the write failed. */
export type Outcome = { state: 'completed'; status: number; body: string } | { state: 'failed'; failure: string };

/** Thrown where a write finds its key already claimed: it rolls the write back and answers as the key says. */
export class KeyTaken extends Error {
  constructor() {
    super('the Idempotency-Key was claimed by an earlier or concurrent request');
  }
}

/**
 * The claim, for use as a CTE (or alone): returns a row when it took the key, none when another request holds it.
 * It takes a key nobody holds, or a completed one past its replay window (a fresh request). A concurrent request
 * that inserted the key and has not committed yet makes this statement wait on the primary key until it commits
 * or rolls back, so the claim is decided by committed outcomes only: two simultaneous identical requests never
 * both write. `when` (SQL) restricts the claim to a condition, such as the write's preconditions.
 */
export function claimSql(p: SqlParams, scope: KeyScope, outcome: Outcome, nowMs: number, when?: string): string {
  const completed = outcome.state === 'completed';
  const now = p.add(nowMs, 'bigint');
  return `insert into idempotency_keys (workspace_id, account_scope, key, endpoint, request_hash, state,
      response_status, response_body, failure, created_at_ms, completed_at_ms)
    select ${p.add(scope.workspaceId)}, ${p.add(scope.accountScope)}, ${p.add(scope.key)}, ${p.add(scope.endpoint)},
      ${p.add(scope.hash)}, ${p.add(outcome.state)}, ${p.add(completed ? outcome.status : null, 'integer')},
      ${p.add(completed ? outcome.body : null)}, ${p.add(completed ? null : outcome.failure)}, ${now},
      ${completed ? now : 'null::bigint'}${when === undefined ? '' : ` where ${when}`}
    on conflict (workspace_id, account_scope, key) do update set endpoint = excluded.endpoint,
      request_hash = excluded.request_hash, state = excluded.state, response_status = excluded.response_status,
      response_body = excluded.response_body, failure = excluded.failure, created_at_ms = excluded.created_at_ms,
      completed_at_ms = excluded.completed_at_ms
    where idempotency_keys.state = 'completed'
      and idempotency_keys.completed_at_ms <= ${p.add(nowMs - limits.idempotencyReplayWindowMs, 'bigint')}
    returning 1`;
}

/** The claim as a statement of its own; true when it took the key. */
export async function claimKey(db: Queryable, scope: KeyScope, outcome: Outcome, nowMs: number): Promise<boolean> {
  const p = new SqlParams();
  const rows = await db.query(claimSql(p, scope, outcome, nowMs), p.values);
  return rows.length > 0;
}

interface KeyRow {
  endpoint: string;
  request_hash: string;
  state: 'in_progress' | 'completed' | 'failed';
  response_status: number | null;
  response_body: string | null;
  [column: string]: unknown;
}

/**
 * The answer a claimed key gives a later request: the stored response when it is the same request, else 409.
 * Read in a statement of its own, after the claim that found the key taken: that statement's snapshot could not see
 * a key committed while it waited.
 */
export async function earlierAnswer(db: Queryable, scope: KeyScope): Promise<{ status: number; body: string }> {
  const [row] = await db.query<KeyRow>(
    `select endpoint, request_hash, state, response_status, response_body from idempotency_keys
     where workspace_id = $1 and account_scope = $2 and key = $3`,
    [scope.workspaceId, scope.accountScope, scope.key],
  );
  // Released by an operator between the claim and this read.
  if (!row) throw duplicity('Idempotency-Key is being reserved by a concurrent request; retry');
  if (row.endpoint !== scope.endpoint) throw duplicity(`Idempotency-Key was used on ${row.endpoint}; use a new key`);
  if (row.request_hash !== scope.hash) {
    throw duplicity('Idempotency-Key was used with a different payload; use a new key');
  }
  // No longer written: a key reserved by an earlier version of the server that died before its write committed.
  if (row.state === 'in_progress') {
    throw duplicity(
      'A request with this Idempotency-Key is in progress or its outcome is unknown; verify, then use a new key',
    );
  }
  if (row.state === 'failed') {
    throw duplicity('A request with this Idempotency-Key failed during execution; verify state, then use a new key');
  }
  return { status: row.response_status ?? 200, body: row.response_body ?? '' };
}

/**
 * Spec, Idempotent writes rule 5: a keyed request that was accepted and then failed in execution (a rejected
 * payout among the spec's examples) keeps its key consumed: later requests with it are 409 and no expiry frees it.
 * The write's 201 was committed with the key before its payout ran, so the payout's failure turns the key `failed`,
 * in the transaction that records the failure. Only while the key's stored answer is still the one that created
 * `resource` (the `idField` of its body names `id`): a key taken afresh after its replay window names another
 * resource and is left alone. True when the key was marked.
 */
export async function consumeKeyOf(
  db: Queryable,
  workspaceId: string,
  ref: KeyRef,
  resource: { readonly idField: string; readonly id: string },
  failure: string,
): Promise<boolean> {
  const rows = await db.query(
    `update idempotency_keys set state = 'failed', failure = $6
     where workspace_id = $1 and account_scope = $2 and key = $3 and state = 'completed'
       and response_body::jsonb ->> $4::text = $5::text
     returning 1`,
    [workspaceId, ref.accountScope, ref.key, resource.idField, resource.id, failure],
  );
  return rows.length > 0;
}
