import type { OperatorRole } from '../../domain/operators/roles.js';
import { accountStore, type BrowserAccountRow } from '../../platform/browser/account-store.js';
import type { Queryable } from '../../storage/db.js';

// The SQL of operator accounts (migrations/0033_operators.sql). What signing in and enrolling do with them, the same
// as with the dashboard's partner users, runs through the signed-in sites' one account store
// (platform/browser/account-store.ts), on the statements spelled out here. Sessions: sessions-repo.ts; the sign-in
// throttles: platform/sign-in-throttle-repo.ts (the token endpoint shares them).

/** An operator: a signed-in site's account (platform/browser/account-store.ts) with a console role. */
export type OperatorRow = BrowserAccountRow & { readonly role: OperatorRole };

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

const byEnrolment = `select ${columns} from operators
  where enrolment_token_hash = $1 and enrolment_expires_at_ms > $2 and not disabled`;

/** Operators as accounts of a signed-in site: each statement's parameters are those account-store.ts lists. */
export const operatorAccounts = accountStore<OperatorRow>({
  findById: `select ${columns} from operators where id = $1`,
  findByEmail: `select ${columns} from operators where lower(email) = lower($1)`,
  findByEnrolment: byEnrolment,
  lockByEnrolment: `${byEnrolment} for update`,
  setPendingTotpSecret:
    'update operators set totp_secret_sealed = $2, totp_enrolled = false, updated_at_ms = $3 where id = $1',
  completeEnrolment: `update operators
      set password_hash = $2, enrolled = true, enrolment_token_hash = null, enrolment_expires_at_ms = null,
          totp_enrolled = $3, totp_last_step = $4,
          totp_secret_sealed = case when $3 then totp_secret_sealed else null end, updated_at_ms = $5
    where id = $1`,
  takeTotpStep: `update operators set totp_last_step = $2
    where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
  recordSignIn: 'update operators set last_sign_in_at_ms = $2 where id = $1',
  disable: `update operators set disabled = true, enrolment_token_hash = null, enrolment_expires_at_ms = null,
          updated_at_ms = $2
    where id = $1 returning ${columns}`,
  restartEnrolment: `update operators
      set enrolment_token_hash = $2, enrolment_expires_at_ms = $3, enrolled = false, password_hash = null,
          totp_secret_sealed = null, totp_enrolled = false, updated_at_ms = $4
    where id = $1 and not disabled returning ${columns}`,
});

export const findOperator = operatorAccounts.findById;
export const findOperatorByEmail = operatorAccounts.findByEmail;
export const takeTotpStep = operatorAccounts.takeTotpStep;
export const recordSignIn = operatorAccounts.recordSignIn;
export const disableOperator = operatorAccounts.disable;
export const restartEnrolment = operatorAccounts.restartEnrolment;
