import type { Queryable } from '../../storage/db.js';

// The session rows of the signed-in sites: the console's operator_sessions (migrations/0033_operators.sql) and the
// dashboard's partner_user_sessions (0044_partner_users.sql), one table each, of the same columns but for the
// account's id, which each names after its accounts. A row's id is the SHA-256 of the cookie's token. The statements
// are spelled out by each table's owner in its own folder (operator/operators/sessions-repo.ts,
// partner-users/sessions-repo.ts), where the table ownership check reads them (docs/architecture.md, "Who owns which
// table"); this store runs them, with the same parameters for both.

export type SessionStage = 'second-factor' | 'signed-in';

/** A session row's columns besides its account's id (operator_id, partner_user_id). */
export type BrowserSessionRow = {
  readonly id: string;
  readonly stage: SessionStage;
  readonly csrf_token: string;
  readonly created_at_ms: bigint;
  readonly last_seen_at_ms: bigint;
  readonly expires_at_ms: bigint;
  readonly revoked_at_ms: bigint | null;
  readonly address: string;
  readonly user_agent: string | null;
};

/** An owner's statements on its sessions table, each taking the parameters its comment lists. */
export interface SessionStatements {
  /** $1 id, $2 account id, $3 stage, $4 form token, $5 now (created and last seen), $6 expiry, $7 address, $8 user agent. */
  readonly insert: string;
  /** $1 id: the row. */
  readonly find: string;
  /** $1 id, $2 now, $3 a moment: last seen set to now when it was before that moment. */
  readonly touch: string;
  /** $1 id, $2 now: revoked, unless it was already. */
  readonly revoke: string;
  /** $1 account id, $2 now, $3 the id of a session kept ('' for none): the account's live sessions revoked, an id each. */
  readonly revokeAccount: string;
  /** $1 account id, $2 now: the account's signed-in sessions not revoked nor past their expiry, newest first. */
  readonly live: string;
  /** $1 a moment: the sessions that expired before it deleted. */
  readonly prune: string;
}

export interface NewBrowserSession {
  readonly id: string;
  readonly accountId: string;
  readonly stage: SessionStage;
  readonly csrfToken: string;
  readonly nowMs: number;
  readonly expiresAtMs: number;
  readonly address: string;
  readonly userAgent: string | undefined;
}

export interface SessionStore<Row extends BrowserSessionRow> {
  insert(db: Queryable, s: NewBrowserSession): Promise<void>;
  find(db: Queryable, id: string): Promise<Row | undefined>;
  /** Marks the session seen now; skipped when it was seen less than `everyMs` ago (one write per minute, not per page). */
  touch(db: Queryable, id: string, nowMs: number, everyMs: number): Promise<void>;
  revoke(db: Queryable, id: string, nowMs: number): Promise<void>;
  /** Revokes an account's live sessions (all of them, or all but one); answers how many. */
  revokeAccount(db: Queryable, accountId: string, nowMs: number, exceptId?: string): Promise<number>;
  /** An account's sessions that are still signed in (not revoked, not past their absolute expiry), newest first. */
  live(db: Queryable, accountId: string, nowMs: number): Promise<Row[]>;
  /** Removes sessions that ended long ago (run on sign-in: the table stays small without a job of its own). */
  prune(db: Queryable, beforeMs: number): Promise<void>;
}

/** The store of one sessions table, running its owner's statements. */
export function sessionStore<Row extends BrowserSessionRow>(sql: SessionStatements): SessionStore<Row> {
  return {
    async insert(db, s) {
      await db.query(sql.insert, [
        s.id,
        s.accountId,
        s.stage,
        s.csrfToken,
        s.nowMs,
        s.expiresAtMs,
        s.address,
        s.userAgent ?? null,
      ]);
    },
    async find(db, id) {
      const [row] = await db.query<Row>(sql.find, [id]);
      return row;
    },
    async touch(db, id, nowMs, everyMs) {
      await db.query(sql.touch, [id, nowMs, nowMs - everyMs]);
    },
    async revoke(db, id, nowMs) {
      await db.query(sql.revoke, [id, nowMs]);
    },
    async revokeAccount(db, accountId, nowMs, exceptId) {
      const rows = await db.query(sql.revokeAccount, [accountId, nowMs, exceptId ?? '']);
      return rows.length;
    },
    live: (db, accountId, nowMs) => db.query<Row>(sql.live, [accountId, nowMs]),
    async prune(db, beforeMs) {
      await db.query(sql.prune, [beforeMs]);
    },
  };
}
