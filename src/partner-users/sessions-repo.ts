import type { Queryable } from '../storage/db.js';

// The SQL of dashboard sessions (migrations/0044_partner_users.sql), as the console's (operator/operators/sessions-repo.ts):
// a row's id is the SHA-256 of the cookie's token.

export type SessionStage = 'second-factor' | 'signed-in';

export type SessionRow = {
  readonly id: string;
  readonly partner_user_id: string;
  readonly stage: SessionStage;
  readonly csrf_token: string;
  readonly created_at_ms: bigint;
  readonly last_seen_at_ms: bigint;
  readonly expires_at_ms: bigint;
  readonly revoked_at_ms: bigint | null;
  readonly address: string;
  readonly user_agent: string | null;
};

const columns = `id, partner_user_id, stage, csrf_token, created_at_ms, last_seen_at_ms, expires_at_ms, revoked_at_ms,
  address, user_agent`;

export interface NewSession {
  readonly id: string;
  readonly partnerUserId: string;
  readonly stage: SessionStage;
  readonly csrfToken: string;
  readonly nowMs: number;
  readonly expiresAtMs: number;
  readonly address: string;
  readonly userAgent: string | undefined;
}

export async function insertSession(db: Queryable, s: NewSession): Promise<void> {
  await db.query(
    `insert into partner_user_sessions
       (id, partner_user_id, stage, csrf_token, created_at_ms, last_seen_at_ms, expires_at_ms, address, user_agent)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
    [s.id, s.partnerUserId, s.stage, s.csrfToken, s.nowMs, s.expiresAtMs, s.address, s.userAgent ?? null],
  );
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.query<SessionRow>(`select ${columns} from partner_user_sessions where id = $1`, [id]);
  return row;
}

/** Marks the session seen now; skipped when it was seen less than `everyMs` ago (one write per minute, not per page). */
export async function touchSession(db: Queryable, id: string, nowMs: number, everyMs: number): Promise<void> {
  await db.query('update partner_user_sessions set last_seen_at_ms = $2 where id = $1 and last_seen_at_ms < $3', [
    id,
    nowMs,
    nowMs - everyMs,
  ]);
}

export async function revokeSession(db: Queryable, id: string, nowMs: number): Promise<void> {
  await db.query('update partner_user_sessions set revoked_at_ms = $2 where id = $1 and revoked_at_ms is null', [
    id,
    nowMs,
  ]);
}

/** Revokes a partner user's live sessions (all of them, or all but one); answers how many. */
export async function revokePartnerUserSessions(
  db: Queryable,
  partnerUserId: string,
  nowMs: number,
  exceptId?: string,
): Promise<number> {
  const rows = await db.query(
    `update partner_user_sessions set revoked_at_ms = $2
      where partner_user_id = $1 and revoked_at_ms is null and expires_at_ms > $2 and id <> $3 returning id`,
    [partnerUserId, nowMs, exceptId ?? ''],
  );
  return rows.length;
}

/** A partner user's sessions that are still signed in (not revoked, not past their absolute expiry), newest first. */
export async function liveSessions(db: Queryable, partnerUserId: string, nowMs: number): Promise<SessionRow[]> {
  return db.query<SessionRow>(
    `select ${columns} from partner_user_sessions
      where partner_user_id = $1 and stage = 'signed-in' and revoked_at_ms is null and expires_at_ms > $2
      order by created_at_ms desc`,
    [partnerUserId, nowMs],
  );
}

/** Removes sessions that ended long ago (run on sign-in: the table stays small without a job of its own). */
export async function pruneSessions(db: Queryable, beforeMs: number): Promise<void> {
  await db.query('delete from partner_user_sessions where expires_at_ms < $1', [beforeMs]);
}
