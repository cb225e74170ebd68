import type { OperatorRole } from '../../domain/operators/roles.js';
import type { Queryable } from '../../storage/db.js';

// The SQL of operator accounts (migrations/0033_operators.sql). Sessions: sessions-repo.ts; the sign-in throttles:
// platform/sign-in-throttle-repo.ts (the token endpoint shares them).

export type OperatorRow = {
  readonly id: string;
  readonly email: string;
  readonly role: OperatorRole;
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

const columns = `id, email, role, password_hash, totp_secret_sealed, totp_enrolled, totp_last_step,
  enrolment_expires_at_ms, enrolled, disabled, created_at_ms, updated_at_ms, last_sign_in_at_ms`;

export interface NewOperator {
  readonly id: string;
  readonly email: string;
  readonly role: OperatorRole;
  readonly enrolmentTokenHash: string;
  readonly enrolmentExpiresAtMs: number;
  readonly nowMs: number;
}

/** Inserts an operator waiting for enrolment; undefined when the email (in any case) already has an account. */
export async function insertOperator(db: Queryable, o: NewOperator): Promise<OperatorRow | undefined> {
  const [row] = await db.query<OperatorRow>(
    `insert into operators (id, email, role, enrolment_token_hash, enrolment_expires_at_ms, created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, $6, $6)
     on conflict ((lower(email))) do nothing
     returning ${columns}`,
    [o.id, o.email, o.role, o.enrolmentTokenHash, o.enrolmentExpiresAtMs, o.nowMs],
  );
  return row;
}

export async function listOperators(db: Queryable): Promise<OperatorRow[]> {
  return db.query<OperatorRow>(`select ${columns} from operators order by created_at_ms, id`);
}

export async function findOperator(db: Queryable, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.query<OperatorRow>(`select ${columns} from operators where id = $1`, [id]);
  return row;
}

export async function findOperatorByEmail(db: Queryable, email: string): Promise<OperatorRow | undefined> {
  const [row] = await db.query<OperatorRow>(`select ${columns} from operators where lower(email) = lower($1)`, [email]);
  return row;
}

/** The operator an unexpired enrolment link names (its secret's hash), locked when `forUpdate`. */
export async function findByEnrolment(
  db: Queryable,
  tokenHash: string,
  nowMs: number,
  forUpdate = false,
): Promise<OperatorRow | undefined> {
  const [row] = await db.query<OperatorRow>(
    `select ${columns} from operators
      where enrolment_token_hash = $1 and enrolment_expires_at_ms > $2 and not disabled
      ${forUpdate ? 'for update' : ''}`,
    [tokenHash, nowMs],
  );
  return row;
}

/** Keeps the TOTP secret the enrolment page shows, so a reload shows the same QR code. */
export async function setPendingTotpSecret(db: Queryable, id: string, sealed: string, nowMs: number): Promise<void> {
  await db.query(
    'update operators set totp_secret_sealed = $2, totp_enrolled = false, updated_at_ms = $3 where id = $1',
    [id, sealed, nowMs],
  );
}

export interface Enrolment {
  readonly passwordHash: string;
  /** The step of the confirming code, when a second factor was set up. */
  readonly totpStep: number | undefined;
  readonly nowMs: number;
}

/** Completes enrolment: the password, the second factor when confirmed, the link spent. */
export async function completeEnrolment(db: Queryable, id: string, e: Enrolment): Promise<void> {
  await db.query(
    `update operators
        set password_hash = $2, enrolled = true, enrolment_token_hash = null, enrolment_expires_at_ms = null,
            totp_enrolled = $3, totp_last_step = $4,
            totp_secret_sealed = case when $3 then totp_secret_sealed else null end, updated_at_ms = $5
      where id = $1`,
    [id, e.passwordHash, e.totpStep !== undefined, e.totpStep ?? null, e.nowMs],
  );
}

/** Takes a code's step, only when it is later than the last one taken (a code is used once). */
export async function takeTotpStep(db: Queryable, id: string, step: number): Promise<boolean> {
  const rows = await db.query(
    `update operators set totp_last_step = $2
      where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
    [id, step],
  );
  return rows.length === 1;
}

export async function recordSignIn(db: Queryable, id: string, nowMs: number): Promise<void> {
  await db.query('update operators set last_sign_in_at_ms = $2 where id = $1', [id, nowMs]);
}

export async function disableOperator(db: Queryable, id: string, nowMs: number): Promise<OperatorRow | undefined> {
  const [row] = await db.query<OperatorRow>(
    `update operators set disabled = true, enrolment_token_hash = null, enrolment_expires_at_ms = null,
            updated_at_ms = $2
      where id = $1 returning ${columns}`,
    [id, nowMs],
  );
  return row;
}

/**
 * Starts enrolment over (a forgotten password, a lost phone): a new link, and the password and second factor
 * cleared, so that the old ones no longer sign in.
 */
export async function restartEnrolment(
  db: Queryable,
  id: string,
  tokenHash: string,
  expiresAtMs: number,
  nowMs: number,
): Promise<OperatorRow | undefined> {
  const [row] = await db.query<OperatorRow>(
    `update operators
        set enrolment_token_hash = $2, enrolment_expires_at_ms = $3, enrolled = false, password_hash = null,
            totp_secret_sealed = null, totp_enrolled = false, updated_at_ms = $4
      where id = $1 and not disabled returning ${columns}`,
    [id, tokenHash, expiresAtMs, nowMs],
  );
  return row;
}
