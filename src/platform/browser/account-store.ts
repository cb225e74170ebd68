import type { Queryable } from '../../storage/db.js';

// The accounts of the signed-in sites: the console's operators (migrations/0033_operators.sql) and the dashboard's
// partner users (0044_partner_users.sql), one table each, of the same columns for signing in: a password, a sealed
// TOTP secret with the step of its last accepted code, an enrolment link (its secret's hash and expiry). The
// statements are spelled out by each table's owner in its own folder (operator/operators/repo.ts,
// partner-users/repo.ts), where the table ownership check reads them (docs/architecture.md, "Who owns which table");
// this store runs them, with the same parameters for both. What only one site has (an operator's list, a partner
// user's workspace and role changes) stays its owner's own statement.

/** An account row's columns for signing in, which both tables hold. */
export type BrowserAccountRow = {
  readonly id: string;
  readonly email: string;
  readonly password_hash: string | null;
  readonly totp_secret_sealed: string | null;
  readonly totp_enrolled: boolean;
  readonly totp_last_step: bigint | null;
  readonly enrolment_expires_at_ms: bigint | null;
  readonly enrolled: boolean;
  readonly disabled: boolean;
  readonly created_at_ms: bigint;
  readonly updated_at_ms: bigint;
  readonly last_sign_in_at_ms: bigint | null;
};

/** An owner's statements on its accounts table, each taking the parameters its comment lists; `row` means all columns. */
export interface AccountStatements {
  /** $1 id: the row. */
  readonly findById: string;
  /** $1 e-mail: the row of that address in any case. */
  readonly findByEmail: string;
  /** $1 the link secret's hash, $2 now: the row of an enabled account whose unexpired link it is. */
  readonly findByEnrolment: string;
  /** The same, the row locked (for update). */
  readonly lockByEnrolment: string;
  /** $1 id, $2 sealed TOTP secret, $3 now: the secret kept, not yet confirmed. */
  readonly setPendingTotpSecret: string;
  /**
   * $1 id, $2 password hash, $3 whether a code confirmed the second factor, $4 that code's step (or null), $5 now:
   * enrolled, the link spent, the pending secret kept only when confirmed.
   */
  readonly completeEnrolment: string;
  /** $1 id, $2 step: taken only when later than the last one, an id when it was. */
  readonly takeTotpStep: string;
  /** $1 id, $2 now. */
  readonly recordSignIn: string;
  /** $1 id, $2 now: disabled, its link spent; the row. */
  readonly disable: string;
  /** $1 id, $2 the new link secret's hash, $3 its expiry, $4 now: password and second factor cleared; the row unless disabled. */
  readonly restartEnrolment: string;
}

export interface Enrolment {
  readonly passwordHash: string;
  /** The step of the confirming code, when a second factor was set up. */
  readonly totpStep: number | undefined;
  readonly nowMs: number;
}

export interface AccountStore<Account extends BrowserAccountRow> {
  findById(db: Queryable, id: string): Promise<Account | undefined>;
  findByEmail(db: Queryable, email: string): Promise<Account | undefined>;
  /** The account an unexpired enrolment link names (its secret's hash), locked when `forUpdate`. */
  findByEnrolment(db: Queryable, tokenHash: string, nowMs: number, forUpdate?: boolean): Promise<Account | undefined>;
  /** Keeps the TOTP secret the enrolment page shows, so a reload shows the same QR code. */
  setPendingTotpSecret(db: Queryable, id: string, sealed: string, nowMs: number): Promise<void>;
  /** Completes enrolment: the password, the second factor when confirmed, the link spent. */
  completeEnrolment(db: Queryable, id: string, e: Enrolment): Promise<void>;
  /** Takes a code's step, only when it is later than the last one taken (a code is used once). */
  takeTotpStep(db: Queryable, id: string, step: number): Promise<boolean>;
  recordSignIn(db: Queryable, id: string, nowMs: number): Promise<void>;
  /** Disables the account and spends its link; undefined when there is none of that id. */
  disable(db: Queryable, id: string, nowMs: number): Promise<Account | undefined>;
  /**
   * Starts enrolment over (a forgotten password, a lost phone): a new link, and the password and second factor
   * cleared, so that the old ones no longer sign in. Undefined when the account is disabled or there is none.
   */
  restartEnrolment(
    db: Queryable,
    id: string,
    tokenHash: string,
    expiresAtMs: number,
    nowMs: number,
  ): Promise<Account | undefined>;
}

/** The store of one accounts table, running its owner's statements. */
export function accountStore<Account extends BrowserAccountRow>(sql: AccountStatements): AccountStore<Account> {
  const one = async (db: Queryable, statement: string, params: readonly unknown[]) => {
    const [row] = await db.query<Account>(statement, params);
    return row;
  };
  return {
    findById: (db, id) => one(db, sql.findById, [id]),
    findByEmail: (db, email) => one(db, sql.findByEmail, [email]),
    findByEnrolment: (db, tokenHash, nowMs, forUpdate = false) =>
      one(db, forUpdate ? sql.lockByEnrolment : sql.findByEnrolment, [tokenHash, nowMs]),
    async setPendingTotpSecret(db, id, sealed, nowMs) {
      await db.query(sql.setPendingTotpSecret, [id, sealed, nowMs]);
    },
    async completeEnrolment(db, id, e) {
      await db.query(sql.completeEnrolment, [
        id,
        e.passwordHash,
        e.totpStep !== undefined,
        e.totpStep ?? null,
        e.nowMs,
      ]);
    },
    async takeTotpStep(db, id, step) {
      return (await db.query(sql.takeTotpStep, [id, step])).length === 1;
    },
    async recordSignIn(db, id, nowMs) {
      await db.query(sql.recordSignIn, [id, nowMs]);
    },
    disable: (db, id, nowMs) => one(db, sql.disable, [id, nowMs]),
    restartEnrolment: (db, id, tokenHash, expiresAtMs, nowMs) =>
      one(db, sql.restartEnrolment, [id, tokenHash, expiresAtMs, nowMs]),
  };
}
