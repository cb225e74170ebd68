import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { canonicalJson } from '../domain/canonical-json.js';
import { validation } from '../domain/errors.js';
import { limits } from '../limits.js';
import type { Db, Queryable } from '../storage/db.js';
import type { SqlParams } from '../storage/sql-params.js';
import { clockOffsetMs } from '../workspaces/clock.js';
import type { Clock } from './clock.js';
import {
  claimKey,
  claimSql,
  earlierAnswer,
  type KeyRef,
  type KeyScope,
  KeyTaken,
  type Outcome,
} from './idempotency-claim.js';
import { accountScopeOf, failureAction, failureOf, type KeyPolicy, moneyWriteKeys } from './idempotency-policy.js';
import './fastify-types.js';

export { claimIdentity, consumeKeyOf, type KeyRef, KeyTaken } from './idempotency-claim.js';
export { type KeyPolicy, moneyWriteKeys } from './idempotency-policy.js';

// The one Idempotency-Key engine: every keyed write runs through answerWrite, with its policy (idempotency-policy.ts:
// whether a failure consumes the key, and whether the account parts the key space). A keyed write claims its key
// with its answer in the same commit as the resource (idempotency-claim.ts), so a key and its outcome are written
// together or not at all: a concurrent duplicate waits for that commit and replays it, and a process that dies before
// the commit leaves nothing behind, so the retry executes once. Under the money writes' policy a request that fails
// during execution still consumes the key: its failure is claimed on its own after the write rolled back, and later
// requests with the key are 409 until an operator releases it. A completed key replays its answer byte for byte for
// 24 hours.

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

/**
 * sha256 of the body with keys sorted at every level, so that field order does not make two payloads differ. A
 * bodyless write (a ticket's close) hashes as `null`.
 */
export function requestHash(endpoint: string, body: unknown): string {
  return createHash('sha256')
    .update(endpoint)
    .update('\n')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}

/** Stores a write's answer with its key: the last statement of the write's transaction. */
export type Commit = (tx: Queryable, body: unknown) => Promise<void>;

/** How a write that is a single statement (one round trip, atomic without a transaction) takes its key. */
export interface StatementClaim {
  /**
   * The body of a CTE that claims the key with `body` as the answer, only where `when` (SQL) holds, and yields a
   * row when it took the key (without a key: whenever `when` holds). The write's other parts run only where it
   * yields a row. When it yields none although `when` held, the write throws KeyTaken.
   */
  cte(p: SqlParams, body: unknown, when?: string): string;
  /**
   * The key the write is claiming, undefined without one. A resource whose execution can still fail after the
   * answer (a payout) stores it, so that the failure can consume the key (consumeKeyOf).
   */
  readonly key: KeyRef | undefined;
}

/**
 * What a write does under its key: it calls `commit` in its transaction, or puts `statement.cte` into its one
 * statement. Either way the answer is fixed before it is stored, so a replay is the original response unchanged.
 */
export type Execution = (commit: Commit, statement: StatementClaim) => Promise<unknown>;

/** The answer of one write, and the claim of its key (none for a write sent without one). */
class WriteAnswer implements StatementClaim {
  text: string | undefined;
  readonly key: KeyRef | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly scope: KeyScope | undefined,
    private readonly status: number,
  ) {
    this.key = scope && { accountScope: scope.accountScope, key: scope.key };
  }

  private completed(body: unknown): Outcome {
    this.text = JSON.stringify(body);
    return { state: 'completed', status: this.status, body: this.text };
  }

  readonly commit: Commit = async (tx, body) => {
    const outcome = this.completed(body);
    if (this.scope && !(await claimKey(tx, this.scope, outcome, this.clock.nowMs()))) throw new KeyTaken();
  };

  cte(p: SqlParams, body: unknown, when?: string): string {
    const outcome = this.completed(body);
    if (this.scope) return claimSql(p, this.scope, outcome, this.clock.nowMs(), when);
    return when === undefined ? 'select 1' : `select 1 where ${when}`;
  }
}

/**
 * A request that failed after its stateless checks consumes its key. True when this request took the key (it
 * answers its own error), false when another request holds it (it answers as that key says: a write whose outcome
 * was unknown finds its own committed answer here). When the store cannot record it, that error is thrown: the
 * request is answered 503, never with a refusal its key does not remember.
 */
function claimFailure(db: Db, clock: Clock, scope: KeyScope, error: unknown): Promise<boolean> {
  return claimKey(db, scope, { state: 'failed', failure: failureOf(error) }, clock.nowMs());
}

/**
 * A keyed write whose statement reached the database and whose answer did not come back may have committed. Its
 * key is consumed (spec, Idempotent writes 5) as soon as the database takes the record: until then this retries in
 * the background, with backoff, for a bounded time. If the write did commit, the record finds the key completed
 * and leaves it so: the retry replays the write's answer.
 */
function consumeWhenBack(db: Db, clock: Clock, log: FastifyBaseLogger, scope: KeyScope, error: unknown): void {
  const startedMs = Date.now();
  const attempt = (delayMs: number) => {
    setTimeout(() => {
      claimFailure(db, clock, scope, error).then(
        (took) => log.info({ key: scope.key, took }, 'write of unknown outcome: its Idempotency-Key is now consumed'),
        () => {
          if (Date.now() - startedMs > limits.unknownOutcomeRecordWindowMs) {
            log.error({ key: scope.key }, 'write of unknown outcome: could not consume its Idempotency-Key in time');
          } else attempt(Math.min(delayMs * 2, limits.unknownOutcomeRetryMaxMs));
        },
      );
    }, delayMs).unref();
  };
  attempt(limits.unknownOutcomeRetryFirstMs);
}

/**
 * Runs a write under its Idempotency-Key (or plainly without one) and answers it. `clock` dates the key and reads
 * its replay window: the workspace's clock (answerWrite), so that a stage test clock's advance ages the keys too.
 * `policy.onFailure` says what a failed write leaves with the key (the scope is in `scope` already).
 */
async function answerIdempotently(
  db: Db,
  reply: FastifyReply,
  scope: Omit<KeyScope, 'key'> & { key: string | undefined },
  status: number,
  execute: Execution,
  clock: Clock,
  policy: KeyPolicy,
): Promise<FastifyReply> {
  const send = (code: number, body: string) =>
    reply
      .code(code)
      .type('application/json; charset=utf-8')
      .serializer((payload) => payload as string)
      .send(body);
  const keyed = scope.key === undefined ? undefined : { ...scope, key: scope.key };
  const answer = new WriteAnswer(clock, keyed, status);
  try {
    await execute(answer.commit, answer);
  } catch (error) {
    if (keyed === undefined) throw error;
    const action = failureAction(policy, error);
    if (action === 'leave-key-unused') throw error;
    if (action === 'consume-key-outcome-unknown') {
      reply.log.warn(
        { key: keyed.key, endpoint: keyed.endpoint },
        'keyed write of unknown outcome: its key is consumed',
      );
      const took = await claimFailure(db, clock, keyed, error).catch(() => {
        consumeWhenBack(db, clock, reply.log, keyed, error);
        throw error;
      });
      if (took) throw error;
    } else if (action === 'consume-key' && (await claimFailure(db, clock, keyed, error))) throw error;
    // 'answer-as-key-says', or a failure whose key another request took first.
    const earlier = await earlierAnswer(db, keyed);
    void reply.header('idempotent-replayed', 'true');
    return send(earlier.status, earlier.body);
  }
  if (answer.text === undefined) throw new Error('a write finished without committing its answer');
  return send(status, answer.text);
}

/** What a keyed write reads of the server: the store, the clock, and whether a workspace's test clock applies. */
export type KeyedWriteContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/**
 * Every keyed write: the key from the request, in the workspace's key space (parted by `accountScope`, a customer's
 * account for on-behalf writes, where the policy's scope is `account`), bound to the endpoint, the payload hashed with
 * the endpoint. The key is dated on the workspace's clock (spec rule 6's 24 hours follow a stage test clock;
 * production's offset is 0, unread). `policy` is what differs between writes; without one, the money writes' rules.
 */
export async function answerWrite(
  ctx: KeyedWriteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  write: { endpoint: string; status: number; accountScope?: string },
  execute: Execution,
  policy: KeyPolicy = moneyWriteKeys,
): Promise<FastifyReply> {
  const scope = {
    workspaceId: request.workspace.id,
    accountScope: accountScopeOf(policy, write.accountScope),
    key: idempotencyKeyOf(request),
    endpoint: write.endpoint,
    hash: requestHash(write.endpoint, request.body),
  };
  // Without a key nothing is dated: the offset is read only for a keyed write.
  const offsetMs = scope.key === undefined ? 0 : await clockOffsetMs(ctx, request.workspace.id);
  const clock: Clock = offsetMs === 0 ? ctx.clock : { nowMs: () => ctx.clock.nowMs() + offsetMs };
  return answerIdempotently(ctx.db, reply, scope, write.status, execute, clock, policy);
}

/** Operators release a consumed key (failed, or in progress from an earlier server version); a completed key is not. */
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

/**
 * Whether the workspace holds the key, under any account scope. The release route asks it after releaseKey refused,
 * to tell a completed key from an unknown one.
 */
export async function keyExists(db: Queryable, workspaceId: string, key: string): Promise<boolean> {
  const rows = await db.query('select 1 from idempotency_keys where workspace_id = $1 and key = $2', [
    workspaceId,
    key,
  ]);
  return rows.length > 0;
}
