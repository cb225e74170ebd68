import type { RecentFailures } from '../../domain/operators/login-throttle.js';
import type { Queryable } from '../../storage/db.js';

// The SQL of sign-in attempts, which the throttle counts (domain/operators/login-throttle.ts).

/** The failures within the window: of the account since its last success, and of the address. */
export async function recentFailures(
  db: Queryable,
  email: string,
  address: string,
  sinceMs: number,
): Promise<RecentFailures> {
  const rows = await db.query<{ kind: string; at_ms: bigint }>(
    `select 'account' as kind, at_ms from operator_login_attempts a
      where email = $1 and not succeeded and at_ms > $3
        and at_ms > coalesce((select max(at_ms) from operator_login_attempts
                               where email = $1 and succeeded), 0)
     union all
     select 'address' as kind, at_ms from operator_login_attempts
      where address = $2 and not succeeded and at_ms > $3`,
    [email, address, sinceMs],
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => Number(r.at_ms));
  return { account: of('account'), address: of('address') };
}

export async function recordAttempt(
  db: Queryable,
  email: string,
  address: string,
  nowMs: number,
  succeeded: boolean,
): Promise<void> {
  await db.query('insert into operator_login_attempts (email, address, at_ms, succeeded) values ($1, $2, $3, $4)', [
    email,
    address,
    nowMs,
    succeeded,
  ]);
}

export async function pruneAttempts(db: Queryable, beforeMs: number): Promise<void> {
  await db.query('delete from operator_login_attempts where at_ms < $1', [beforeMs]);
}
