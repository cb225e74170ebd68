import { type Bucket, freshBucket, type ThrottleScope, throttleScopes } from '../domain/operators/sign-in-throttle.js';
import { limits } from '../limits.js';
import type { Queryable } from '../storage/db.js';

// The SQL of the sign-in throttles (domain/operators/sign-in-throttle.ts), for the console's sign-in and the token
// endpoint: a row per bucket, shared by every server process through the database.

export interface BucketKey {
  readonly of: ThrottleScope;
  readonly key: string;
}

/** The buckets' rows as they stand at `nowMs`, in the order asked; a missing or forgotten one is fresh. */
export async function readBuckets(db: Queryable, keys: readonly BucketKey[], nowMs: number): Promise<Bucket[]> {
  if (keys.length === 0) return [];
  const pairs = keys.map((_, i) => `(scope = $${2 * i + 2} and key = $${2 * i + 3})`).join(' or ');
  const rows = await db.query<{ scope: string; key: string; failures: number; held_until_ms: bigint }>(
    `select scope, key, failures, held_until_ms from sign_in_throttles where forget_at_ms > $1 and (${pairs})`,
    [nowMs, ...keys.flatMap((k) => [k.of.scope, k.key])],
  );
  return keys.map((k) => {
    const row = rows.find((r) => r.scope === k.of.scope && r.key === k.key);
    return row ? { failures: row.failures, heldUntilMs: Number(row.held_until_ms) } : freshBucket;
  });
}

// n: the failures after this one ($3 is now); the hold is holdMs(n) of the domain, in SQL so that concurrent failures
// in several processes each count (an increment in the row, not a value read before).
const failuresAfter = '(case when t.forget_at_ms > $3 then t.failures + 1 else 1 end)';
const holdOf = (n: string) =>
  `(case when ${n} <= $4 then 0 else least($6::bigint, $5::bigint * (2::bigint ^ least(${n} - $4 - 1, 40))::bigint) end)`;

const recordSql = `insert into sign_in_throttles as t (scope, key, failures, held_until_ms, forget_at_ms)
  values ($1, $2, 1, $3::bigint + ${holdOf('1')}, $3::bigint + $7::bigint)
  on conflict (scope, key) do update set
    failures = ${failuresAfter},
    held_until_ms = greatest(t.held_until_ms, $3::bigint + ${holdOf(failuresAfter)}),
    forget_at_ms = $3::bigint + $7::bigint`;

/** One checked failure in each bucket; then a few forgotten rows are deleted, so the table stays small. */
export async function recordFailure(db: Queryable, keys: readonly BucketKey[], nowMs: number): Promise<void> {
  for (const { of, key } of keys) {
    const { freeFailures, baseMs, capMs } = of.policy;
    await db.query(recordSql, [of.scope, key, nowMs, freeFailures, baseMs, capMs, limits.signInFailuresForgetMs]);
  }
  await db.query(
    `delete from sign_in_throttles where (scope, key) in
       (select scope, key from sign_in_throttles where forget_at_ms <= $1 order by forget_at_ms limit $2)`,
    [nowMs, limits.signInPruneBatchSize],
  );
}

/** A source's failures for one client are forgiven by its success there (nothing else is: see the domain). */
export async function forgetBucket(db: Queryable, key: BucketKey): Promise<void> {
  await db.query('delete from sign_in_throttles where scope = $1 and key = $2', [key.of.scope, key.key]);
}

export const consoleKeys = (accountBucket: string, source: string) => ({
  account: { of: throttleScopes.consoleAccount, key: accountBucket },
  address: { of: throttleScopes.consoleAddress, key: source },
  secondFactor: { of: throttleScopes.consoleSecondFactor, key: source },
});

export const tokenKeys = (workspaceId: string, source: string) => ({
  address: { of: throttleScopes.tokenAddress, key: source },
  client: { of: throttleScopes.tokenClient, key: workspaceId },
  source: { of: throttleScopes.tokenSource, key: `${workspaceId} ${source}` },
});
