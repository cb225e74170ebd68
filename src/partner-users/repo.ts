import type { PartnerUserRole } from '../domain/partner-users/permissions.js';
import type { Queryable } from '../storage/db.js';

// The SQL of partner users (migrations/0044_partner_users.sql): the people of a workspace who sign in to the partner
// dashboard. The same shape and statements as the operators' accounts, on a table of their own.

export type PartnerUserRow = {
  readonly id: string;
  readonly workspace_id: string;
  readonly email: string;
  readonly role: PartnerUserRole;
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

const columns = `id, workspace_id, email, role, password_hash, totp_secret_sealed, totp_enrolled, totp_last_step,
  enrolment_expires_at_ms, enrolled, disabled, created_at_ms, updated_at_ms, last_sign_in_at_ms`;

export interface NewPartnerUser {
  readonly id: string;
  readonly workspaceId: string;
  readonly email: string;
  readonly role: PartnerUserRole;
  readonly enrolmentTokenHash: string;
  readonly enrolmentExpiresAtMs: number;
  readonly nowMs: number;
}

/** Inserts a person waiting for enrolment; undefined when the address (in any case) already has an account. */
export async function insertPartnerUser(db: Queryable, u: NewPartnerUser): Promise<PartnerUserRow | undefined> {
  const [row] = await db.query<PartnerUserRow>(
    `insert into partner_users
       (id, workspace_id, email, role, enrolment_token_hash, enrolment_expires_at_ms, created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $7)
     on conflict ((lower(email))) do nothing
     returning ${columns}`,
    [u.id, u.workspaceId, u.email, u.role, u.enrolmentTokenHash, u.enrolmentExpiresAtMs, u.nowMs],
  );
  return row;
}

export async function listPartnerUsers(db: Queryable, workspaceId: string): Promise<PartnerUserRow[]> {
  return db.query<PartnerUserRow>(
    `select ${columns} from partner_users where workspace_id = $1 order by created_at_ms, id`,
    [workspaceId],
  );
}

/** A person of the workspace (never of another: every lookup by id names the workspace), locked when `forUpdate`. */
export async function findPartnerUser(
  db: Queryable,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<PartnerUserRow | undefined> {
  const [row] = await db.query<PartnerUserRow>(
    `select ${columns} from partner_users where workspace_id = $1 and id = $2 ${forUpdate ? 'for update' : ''}`,
    [workspaceId, id],
  );
  return row;
}

/** The account a signed-in session names (sessions.ts), whichever its workspace. */
export async function findPartnerUserById(db: Queryable, id: string): Promise<PartnerUserRow | undefined> {
  const [row] = await db.query<PartnerUserRow>(`select ${columns} from partner_users where id = $1`, [id]);
  return row;
}

export async function findPartnerUserByEmail(db: Queryable, email: string): Promise<PartnerUserRow | undefined> {
  const [row] = await db.query<PartnerUserRow>(`select ${columns} from partner_users where lower(email) = lower($1)`, [
    email,
  ]);
  return row;
}

/** The person an unexpired enrolment link names (its secret's hash), locked when `forUpdate`. */
export async function findByEnrolment(
  db: Queryable,
  tokenHash: string,
  nowMs: number,
  forUpdate = false,
): Promise<PartnerUserRow | undefined> {
  const [row] = await db.query<PartnerUserRow>(
    `select ${columns} from partner_users
      where enrolment_token_hash = $1 and enrolment_expires_at_ms > $2 and not disabled
      ${forUpdate ? 'for update' : ''}`,
    [tokenHash, nowMs],
  );
  return row;
}

/** Keeps the TOTP secret the enrolment page shows, so a reload shows the same QR code. */
export async function setPendingTotpSecret(db: Queryable, id: string, sealed: string, nowMs: number): Promise<void> {
  await db.query(
    'update partner_users set totp_secret_sealed = $2, totp_enrolled = false, updated_at_ms = $3 where id = $1',
    [id, sealed, nowMs],
  );
}

/** Completes enrolment: the password and the confirmed second factor, the link spent. */
export async function completeEnrolment(
  db: Queryable,
  id: string,
  e: { readonly passwordHash: string; readonly totpStep: number; readonly nowMs: number },
): Promise<void> {
  await db.query(
    `update partner_users
        set password_hash = $2, enrolled = true, enrolment_token_hash = null, enrolment_expires_at_ms = null,
            totp_enrolled = true, totp_last_step = $3, updated_at_ms = $4
      where id = $1`,
    [id, e.passwordHash, e.totpStep, e.nowMs],
  );
}

/** Takes a code's step, only when it is later than the last one taken (a code is used once). */
export async function takeTotpStep(db: Queryable, id: string, step: number): Promise<boolean> {
  const rows = await db.query(
    `update partner_users set totp_last_step = $2
      where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
    [id, step],
  );
  return rows.length === 1;
}

export async function recordSignIn(db: Queryable, id: string, nowMs: number): Promise<void> {
  await db.query('update partner_users set last_sign_in_at_ms = $2 where id = $1', [id, nowMs]);
}

export async function setRole(
  db: Queryable,
  id: string,
  role: PartnerUserRole,
  nowMs: number,
): Promise<PartnerUserRow | undefined> {
  const [row] = await db.query<PartnerUserRow>(
    `update partner_users set role = $2, updated_at_ms = $3 where id = $1 returning ${columns}`,
    [id, role, nowMs],
  );
  return row;
}

export async function disablePartnerUser(
  db: Queryable,
  id: string,
  nowMs: number,
): Promise<PartnerUserRow | undefined> {
  const [row] = await db.query<PartnerUserRow>(
    `update partner_users set disabled = true, enrolment_token_hash = null, enrolment_expires_at_ms = null,
            updated_at_ms = $2
      where id = $1 returning ${columns}`,
    [id, nowMs],
  );
  return row;
}

/**
 * How many enabled admins the workspace has, their rows locked: the last one may not be demoted or disabled
 * (service.ts), and two admins demoting each other at once are served one after the other.
 */
export async function lockedEnabledAdminCount(db: Queryable, workspaceId: string): Promise<number> {
  const rows = await db.query(
    "select id from partner_users where workspace_id = $1 and role = 'admin' and not disabled for update",
    [workspaceId],
  );
  return rows.length;
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
): Promise<PartnerUserRow | undefined> {
  const [row] = await db.query<PartnerUserRow>(
    `update partner_users
        set enrolment_token_hash = $2, enrolment_expires_at_ms = $3, enrolled = false, password_hash = null,
            totp_secret_sealed = null, totp_enrolled = false, updated_at_ms = $4
      where id = $1 and not disabled returning ${columns}`,
    [id, tokenHash, expiresAtMs, nowMs],
  );
  return row;
}
