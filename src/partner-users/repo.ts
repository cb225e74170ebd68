import type { PartnerUserRole } from '../domain/partner-users/permissions.js';
import { accountStore, type BrowserAccountRow } from '../platform/browser/account-store.js';
import type { Queryable } from '../storage/db.js';

// The SQL of partner users (migrations/0044_partner_users.sql): the people of a workspace who sign in to the partner
// dashboard. What signing in and enrolling do with them, the same as with the console's operators, runs through the
// signed-in sites' one account store (platform/browser/account-store.ts), on the statements spelled out here.

/** A partner user: a signed-in site's account (platform/browser/account-store.ts) of a workspace, with a dashboard role. */
export type PartnerUserRow = BrowserAccountRow & {
  readonly workspace_id: string;
  readonly role: PartnerUserRole;
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

const byEnrolment = `select ${columns} from partner_users
  where enrolment_token_hash = $1 and enrolment_expires_at_ms > $2 and not disabled`;

/** Partner users as accounts of a signed-in site: each statement's parameters are those account-store.ts lists. */
export const partnerUserAccounts = accountStore<PartnerUserRow>({
  findById: `select ${columns} from partner_users where id = $1`,
  findByEmail: `select ${columns} from partner_users where lower(email) = lower($1)`,
  findByEnrolment: byEnrolment,
  lockByEnrolment: `${byEnrolment} for update`,
  setPendingTotpSecret:
    'update partner_users set totp_secret_sealed = $2, totp_enrolled = false, updated_at_ms = $3 where id = $1',
  // The dashboard asks every person for the second factor (enrolment.ts): $3 is always true here.
  completeEnrolment: `update partner_users
      set password_hash = $2, enrolled = true, enrolment_token_hash = null, enrolment_expires_at_ms = null,
          totp_enrolled = $3, totp_last_step = $4,
          totp_secret_sealed = case when $3 then totp_secret_sealed else null end, updated_at_ms = $5
    where id = $1`,
  takeTotpStep: `update partner_users set totp_last_step = $2
    where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
  recordSignIn: 'update partner_users set last_sign_in_at_ms = $2 where id = $1',
  disable: `update partner_users set disabled = true, enrolment_token_hash = null, enrolment_expires_at_ms = null,
          updated_at_ms = $2
    where id = $1 returning ${columns}`,
  restartEnrolment: `update partner_users
      set enrolment_token_hash = $2, enrolment_expires_at_ms = $3, enrolled = false, password_hash = null,
          totp_secret_sealed = null, totp_enrolled = false, updated_at_ms = $4
    where id = $1 and not disabled returning ${columns}`,
});

/** The account a signed-in session names (sessions.ts), whichever its workspace. */
export const findPartnerUserById = partnerUserAccounts.findById;
export const findPartnerUserByEmail = partnerUserAccounts.findByEmail;
export const takeTotpStep = partnerUserAccounts.takeTotpStep;
export const recordSignIn = partnerUserAccounts.recordSignIn;
export const disablePartnerUser = partnerUserAccounts.disable;
export const restartEnrolment = partnerUserAccounts.restartEnrolment;

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
