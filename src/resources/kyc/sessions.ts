import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { PageLook } from '../../hosted/page.js';
import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';

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

/** A URL-safe secret for a link; only its hash is stored, so a database read does not reveal working links. */
export const newSecret = (): string => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/**
 * Starts an attempt: a fresh single-use link. Every unfinished attempt of the account is superseded, so only the
 * newest link works (the spec: generate a fresh one per attempt).
 */
export async function createSession(
  tx: Queryable,
  input: {
    workspaceId: string;
    accountId: string;
    email: string;
    verificationType: 'KYC' | 'KYB';
    options: SessionOptions;
  },
  nowMs: number,
): Promise<{ id: string; linkSecret: string }> {
  await tx.query(
    `update kyc_sessions set step = 'superseded'
      where account_id = $1 and step in ('link', 'consent', 'otp', 'document')`,
    [input.accountId],
  );
  const id = randomUUID();
  const linkSecret = newSecret();
  await tx.query(
    `insert into kyc_sessions (id, workspace_id, account_id, email, verification_type, link_hash, options, step,
                               created_at_ms, link_expires_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, 'link', $8, $9)`,
    [
      id,
      input.workspaceId,
      input.accountId,
      input.email,
      input.verificationType,
      hashSecret(linkSecret),
      JSON.stringify(input.options),
      nowMs,
      nowMs + limits.kycLinkTtlMs,
    ],
  );
  return { id, linkSecret };
}

export type LinkOpening =
  | { readonly ok: true; readonly flowSecret: string; readonly session: KycSession }
  | { readonly ok: false; readonly reason: 'unknown' | 'expired' | 'used'; readonly session?: KycSession };

/** Spends a kycUrl: the first opening starts the flow under a new secret; any later opening is refused. */
export async function openLink(tx: Queryable, linkSecret: string, nowMs: number): Promise<LinkOpening> {
  const [session] = await tx.query<KycSession>('select * from kyc_sessions where link_hash = $1 for update', [
    hashSecret(linkSecret),
  ]);
  if (!session) return { ok: false, reason: 'unknown' };
  if (session.step !== 'link') return { ok: false, reason: 'used', session };
  if (Number(session.link_expires_at_ms) <= nowMs) return { ok: false, reason: 'expired', session };
  const flowSecret = newSecret();
  await tx.query(
    `update kyc_sessions set step = 'consent', flow_hash = $2, opened_at_ms = $3, flow_expires_at_ms = $4 where id = $1`,
    [session.id, hashSecret(flowSecret), nowMs, nowMs + limits.kycFlowTtlMs],
  );
  return { ok: true, flowSecret, session: { ...session, step: 'consent' } };
}

/** The attempt behind a flow secret, locked when the caller is about to change it; undefined when unknown. */
export async function findFlow(tx: Queryable, flowSecret: string, forUpdate: boolean): Promise<KycSession | undefined> {
  const [session] = await tx.query<KycSession>(
    `select * from kyc_sessions where flow_hash = $1${forUpdate ? ' for update' : ''}`,
    [hashSecret(flowSecret)],
  );
  return session;
}

export const flowExpired = (session: KycSession, nowMs: number): boolean =>
  session.flow_expires_at_ms !== null && Number(session.flow_expires_at_ms) <= nowMs;

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
