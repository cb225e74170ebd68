import type { PageLook } from '../../domain/hosted-look.js';
import type { Queryable } from '../../storage/db.js';
import { type RetentionTarget, retentionFigures } from '../../storage/retention.js';

// The verification attempts (kyc_sessions): one row per kycUrl handed out, from the link to the submission. Link and
// flow secrets arrive here hashed (sessions.ts); the document image never does, only its digest.

/** How the partner asked the hosted page to look and behave; stored with the session, never put in the link. */
export interface SessionOptions extends PageLook {
  readonly successUrl?: string;
  readonly errorUrl?: string;
  readonly sendOTPMail: boolean;
  readonly countryCode: string;
  readonly userPhone?: string;
  readonly externalUserId?: string;
  /** Whether the profile lacks a profession code, so the page asks for the sector. */
  readonly asksSector: boolean;
}

export type SessionStep = 'link' | 'consent' | 'otp' | 'document' | 'submitted' | 'cancelled' | 'failed' | 'superseded';

export interface KycSession {
  id: string;
  workspace_id: string;
  account_id: string;
  email: string;
  verification_type: 'KYC' | 'KYB';
  options: SessionOptions;
  step: SessionStep;
  otp_hash: string | null;
  otp_expires_at_ms: string | null;
  otp_attempts: number;
  otp_sent: number;
  check_ref: string | null;
  link_expires_at_ms: string;
  flow_expires_at_ms: string | null;
  [column: string]: unknown;
}

/** Ends every unfinished attempt of the account, so that only the link created next works. */
export async function supersedeOpenSessions(tx: Queryable, accountId: string): Promise<void> {
  await tx.query(
    `update kyc_sessions set step = 'superseded'
      where account_id = $1 and step in ('link', 'consent', 'otp', 'document')`,
    [accountId],
  );
}

export interface NewSession {
  readonly id: string;
  readonly workspaceId: string;
  readonly accountId: string;
  readonly email: string;
  readonly verificationType: 'KYC' | 'KYB';
  readonly linkHash: string;
  readonly options: SessionOptions;
  readonly nowMs: number;
  readonly linkExpiresAtMs: number;
}

export async function insertSession(tx: Queryable, s: NewSession): Promise<void> {
  await tx.query(
    `insert into kyc_sessions (id, workspace_id, account_id, email, verification_type, link_hash, options, step,
                               created_at_ms, link_expires_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, 'link', $8, $9)`,
    [
      s.id,
      s.workspaceId,
      s.accountId,
      s.email,
      s.verificationType,
      s.linkHash,
      JSON.stringify(s.options),
      s.nowMs,
      s.linkExpiresAtMs,
    ],
  );
}

/** The attempt behind a link, locked: opening a link spends it, and two openings must not both start a flow. */
export async function lockSessionByLink(tx: Queryable, linkHash: string): Promise<KycSession | undefined> {
  const [session] = await tx.query<KycSession>('select * from kyc_sessions where link_hash = $1 for update', [
    linkHash,
  ]);
  return session;
}

/** The link was opened: the flow starts at the consent step, under its own secret and expiry. */
export async function startFlow(
  tx: Queryable,
  id: string,
  flowHash: string,
  nowMs: number,
  flowExpiresAtMs: number,
): Promise<void> {
  await tx.query(
    `update kyc_sessions set step = 'consent', flow_hash = $2, opened_at_ms = $3, flow_expires_at_ms = $4 where id = $1`,
    [id, flowHash, nowMs, flowExpiresAtMs],
  );
}

/** The attempt behind a flow, locked when the caller is about to change it. */
export async function findSessionByFlow(
  db: Queryable,
  flowHash: string,
  forUpdate: boolean,
): Promise<KycSession | undefined> {
  const [session] = await db.query<KycSession>(
    `select * from kyc_sessions where flow_hash = $1${forUpdate ? ' for update' : ''}`,
    [flowHash],
  );
  return session;
}

/** A submitted attempt by id: what the review and decision jobs work on. */
export async function findSubmittedSession(db: Queryable, id: string): Promise<KycSession | undefined> {
  const [session] = await db.query<KycSession>(`select * from kyc_sessions where id = $1 and step = 'submitted'`, [id]);
  return session;
}

export async function setStep(tx: Queryable, sessionId: string, step: SessionStep): Promise<void> {
  await tx.query('update kyc_sessions set step = $2 where id = $1', [sessionId, step]);
}

/**
 * Whether an attempt of the account was submitted, to tell a fresh call apart from one made while the submission is
 * being checked (decided verifications are answered before this is asked). Not "the latest attempt": created_at_ms
 * is read before the account lock, so concurrent calls can leave a superseded attempt looking newest.
 */
export async function hasSubmission(tx: Queryable, accountId: string): Promise<boolean> {
  const rows = await tx.query(`select 1 from kyc_sessions where account_id = $1 and step = 'submitted' limit 1`, [
    accountId,
  ]);
  return rows.length > 0;
}

/** A one-time code was sent: its hash and expiry replace the previous code's, and the send is counted. */
export async function storeCode(tx: Queryable, id: string, codeHash: string, expiresAtMs: number): Promise<void> {
  await tx.query(
    'update kyc_sessions set otp_hash = $2, otp_expires_at_ms = $3, otp_sent = otp_sent + 1 where id = $1',
    [id, codeHash, expiresAtMs],
  );
}

/** The right code: on to the document, and the code cannot be used again. */
export async function acceptCode(tx: Queryable, id: string): Promise<void> {
  await tx.query(`update kyc_sessions set step = 'document', otp_hash = null where id = $1`, [id]);
}

/** A wrong code: the attempts so far, and the step it leaves the attempt in ('otp', or 'failed' at the limit). */
export async function recordWrongCode(tx: Queryable, id: string, attempts: number, step: SessionStep): Promise<void> {
  await tx.query('update kyc_sessions set otp_attempts = $2, step = $3 where id = $1', [id, attempts, step]);
}

export async function recordSubmission(
  tx: Queryable,
  id: string,
  submission: Readonly<Record<string, unknown>>,
  checkRef: string,
  nowMs: number,
): Promise<void> {
  await tx.query(
    `update kyc_sessions set step = 'submitted', submission = $2::text::jsonb, check_ref = $3, submitted_at_ms = $4
        where id = $1`,
    [id, JSON.stringify(submission), checkRef, nowMs],
  );
}

/** Adds fields to the recorded submission (the provider's outcome), keeping the rest. */
export async function addToSubmission(
  tx: Queryable,
  id: string,
  fields: Readonly<Record<string, unknown>>,
): Promise<void> {
  await tx.query(`update kyc_sessions set submission = submission || $2::text::jsonb where id = $1`, [
    id,
    JSON.stringify(fields),
  ]);
}

/**
 * Housekeeping's target for verification attempts (storage/retention.ts): hosted attempts that were never
 * submitted, once their link and flow have expired. A submitted one is the record of what the customer sent and the
 * provider's check: it stays.
 */
export const kycSessionRetention: RetentionTarget<{ readonly sessionsBeforeMs: number }> = {
  name: 'kycSessions',
  sql: `with doomed as (
      select id, greatest(link_expires_at_ms, coalesce(flow_expires_at_ms, 0)) as at from kyc_sessions
      where step <> 'submitted' and greatest(link_expires_at_ms, coalesce(flow_expires_at_ms, 0)) < $1
        and greatest(link_expires_at_ms, coalesce(flow_expires_at_ms, 0)) >= $3
      order by greatest(link_expires_at_ms, coalesce(flow_expires_at_ms, 0)) limit $2
      for update skip locked),
    gone as (delete from kyc_sessions s using doomed where s.id = doomed.id returning 1)
    ${retentionFigures({ kycSessions: 'gone' })}`,
  params: (h) => [h.sessionsBeforeMs],
};
