import type { Queryable } from '../../storage/db.js';

// The SQL of console sessions (migrations/0033_operators.sql). A row's id is the SHA-256 of the cookie's token.

export type SessionStage = 'second-factor' | 'signed-in';

export type SessionRow = {
  readonly id: string;
  readonly operator_id: string;
  readonly stage: SessionStage;
  readonly csrf_token: string;
  readonly created_at_ms: bigint;
  readonly last_seen_at_ms: bigint;
  readonly expires_at_ms: bigint;
  readonly revoked_at_ms: bigint | null;
  readonly address: string;
  readonly user_agent: string | null;
};

const columns = `id, operator_id, stage, csrf_token, created_at_ms, last_seen_at_ms, expires_at_ms, revoked_at_ms,
  address, user_agent`;

export interface NewSession {
  readonly id: string;
  readonly operatorId: string;
  readonly stage: SessionStage;
  readonly csrfToken: string;
  readonly nowMs: number;
  readonly expiresAtMs: number;
  readonly address: string;
  readonly userAgent: string | undefined;
}

export async function insertSession(db: Queryable, s: NewSession): Promise<void> {
  await db.query(
    `insert into operator_sessions
       (id, operator_id, stage, csrf_token, created_at_ms, last_seen_at_ms, expires_at_ms, address, user_agent)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
    [s.id, s.operatorId, s.stage, s.csrfToken, s.nowMs, s.expiresAtMs, s.address, s.userAgent ?? null],
  );
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.query<SessionRow>(`select ${columns} from operator_sessions where id = $1`, [id]);
  return row;
}

/** Marks the session seen now; skipped when it was seen less than `everyMs` ago (one write per minute, not per page). */
export async function touchSession(db: Queryable, id: string, nowMs: number, everyMs: number): Promise<void> {
  await db.query('update operator_sessions set last_seen_at_ms = $2 where id = $1 and last_seen_at_ms < $3', [
    id,
    nowMs,
    nowMs - everyMs,
  ]);
}

export async function revokeSession(db: Queryable, id: string, nowMs: number): Promise<void> {
  await db.query('update operator_sessions set revoked_at_ms = $2 where id = $1 and revoked_at_ms is null', [
    id,
    nowMs,
  ]);
}

/** Revokes an operator's live sessions (all of them, or all but one); answers how many. */
export async function revokeOperatorSessions(
  db: Queryable,
  operatorId: string,
  nowMs: number,
  exceptId?: string,
): Promise<number> {
  const rows = await db.query(
    `update operator_sessions set revoked_at_ms = $2
      where operator_id = $1 and revoked_at_ms is null and expires_at_ms > $2 and id <> $3 returning id`,
    [operatorId, nowMs, exceptId ?? ''],
  );
  return rows.length;
}

/** An operator's sessions that are still signed in (not revoked, not past their absolute expiry), newest first. */
export async function liveSessions(db: Queryable, operatorId: string, nowMs: number): Promise<SessionRow[]> {
  return db.query<SessionRow>(
    `select ${columns} from operator_sessions
      where operator_id = $1 and stage = 'signed-in' and revoked_at_ms is null and expires_at_ms > $2
      order by created_at_ms desc`,
    [operatorId, nowMs],
  );
}

/** Removes sessions that ended long ago (run on sign-in: the table stays small without a job of its own). */
export async function pruneSessions(db: Queryable, beforeMs: number): Promise<void> {
  await db.query('delete from operator_sessions where expires_at_ms < $1', [beforeMs]);
}
