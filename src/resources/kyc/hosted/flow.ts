import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../app-context.js';
import { limits } from '../../../limits.js';
import type { DocumentCapture } from '../../../providers/verification/verification-provider.js';
import type { Queryable } from '../../../storage/db.js';
import { moveAccountVerification } from '../../../verification/verification.js';
import { scheduleReview } from '../checks.js';
import { findFlow, flowExpired, type KycSession, setStep } from '../sessions.js';
import { fill, type KycMessages } from './messages.js';

const otpHash = (sessionId: string, code: string) => createHash('sha256').update(`${sessionId}:${code}`).digest('hex');

/** Runs a change on an attempt still in `step`, under its row lock; answers undefined when it is not (any more). */
export async function inStep<T>(
  ctx: AppContext,
  flowSecret: string,
  step: KycSession['step'],
  change: (tx: Queryable, session: KycSession, nowMs: number) => Promise<T>,
): Promise<T | undefined> {
  return ctx.db.transaction(async (tx) => {
    const session = await findFlow(tx, flowSecret, true);
    const nowMs = ctx.clock.nowMs();
    if (!session || session.step !== step || flowExpired(session, nowMs)) return undefined;
    return change(tx, session, nowMs);
  });
}

/** Issues a one-time code (stored hashed) and mails it after the commit; false once the sends are used up. */
export async function sendCode(ctx: AppContext, flowSecret: string, t: KycMessages): Promise<boolean> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const session = await inStep(ctx, flowSecret, 'otp', async (tx, s, nowMs) => {
    if (s.otp_sent >= limits.kycOtpSendsMax) return undefined;
    await tx.query(
      'update kyc_sessions set otp_hash = $2, otp_expires_at_ms = $3, otp_sent = otp_sent + 1 where id = $1',
      [s.id, otpHash(s.id, code), nowMs + limits.kycOtpTtlMs],
    );
    return s;
  });
  if (!session) return false;
  await ctx.mail.send(
    { workspaceId: session.workspace_id, to: session.email, subject: t.mailSubject, text: fill(t.mailText, { code }) },
    ctx.clock.nowMs(),
  );
  return true;
}

/** The customer agreed: the verification is under way (IN_PROGRESS) and the next step is the code or the document. */
export async function giveConsent(ctx: AppContext, flowSecret: string, t: KycMessages): Promise<void> {
  const next = await inStep(ctx, flowSecret, 'consent', async (tx, session, nowMs) => {
    const [account] = await tx.query<{ verification_status: string }>(
      'select verification_status from accounts where id = $1',
      [session.account_id],
    );
    if (account?.verification_status === 'PENDING') {
      await moveAccountVerification(tx, session.account_id, 'IN_PROGRESS', nowMs);
    }
    const step = session.options.sendOTPMail ? 'otp' : 'document';
    await setStep(tx, session.id, step);
    return step;
  });
  if (next === 'otp') await sendCode(ctx, flowSecret, t);
}

export type CodeCheck = 'accepted' | { wrong: number } | 'failed';

/** Checks a one-time code; too many wrong ones end the attempt. Codes compare in constant time. */
export async function checkCode(ctx: AppContext, flowSecret: string, code: string): Promise<CodeCheck | undefined> {
  return inStep(ctx, flowSecret, 'otp', async (tx, session, nowMs) => {
    const given = Buffer.from(otpHash(session.id, code.trim()), 'hex');
    const stored = session.otp_hash ? Buffer.from(session.otp_hash, 'hex') : undefined;
    const fresh = session.otp_expires_at_ms !== null && Number(session.otp_expires_at_ms) > nowMs;
    if (stored && fresh && /^[0-9]{6}$/.test(code.trim()) && timingSafeEqual(given, stored)) {
      await tx.query(`update kyc_sessions set step = 'document', otp_hash = null where id = $1`, [session.id]);
      return 'accepted';
    }
    const attempts = session.otp_attempts + 1;
    const failed = attempts >= limits.kycOtpAttemptsMax;
    await tx.query('update kyc_sessions set otp_attempts = $2, step = $3 where id = $1', [
      session.id,
      attempts,
      failed ? 'failed' : 'otp',
    ]);
    return failed ? 'failed' : { wrong: limits.kycOtpAttemptsMax - attempts };
  });
}

export interface DocumentStep {
  readonly capture: DocumentCapture;
  readonly sector?: string;
}

/**
 * Hands the capture to the verification provider (outside any transaction, keyed by the attempt), then records the
 * submission and schedules the review. The image itself is not stored: only its size, type and digest.
 */
export async function submitDocument(ctx: AppContext, flowSecret: string, step: DocumentStep): Promise<boolean> {
  const session = await ctx.db.transaction(async (tx) => findFlow(tx, flowSecret, false));
  const nowMs = ctx.clock.nowMs();
  if (session?.step !== 'document' || flowExpired(session, nowMs)) return false;
  const todayIso = new Date(nowMs).toISOString().slice(0, 10);
  const { checkRef } = await ctx.verification.submit({
    sessionId: session.id,
    verificationType: session.verification_type,
    capture: step.capture,
    todayIso,
  });
  const { image, ...details } = step.capture;
  const submission = {
    ...details,
    image: {
      bytes: image.bytes.length,
      mimeType: image.mimeType,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
    },
    ...(step.sector ? { sector: step.sector } : {}),
  };
  const done = await inStep(ctx, flowSecret, 'document', async (tx, s, now) => {
    await tx.query(
      `update kyc_sessions set step = 'submitted', submission = $2::text::jsonb, check_ref = $3, submitted_at_ms = $4
        where id = $1`,
      [s.id, JSON.stringify(submission), checkRef, now],
    );
    if (step.sector) await recordSector(tx, s, step.sector, now);
    const [account] = await tx.query<{ verification_status: string }>(
      'select verification_status from accounts where id = $1',
      [s.account_id],
    );
    if (account?.verification_status === 'PENDING') await moveAccountVerification(tx, s.account_id, 'IN_PROGRESS', now);
    await scheduleReview(tx, s.id, now + ctx.config.sandboxSettleDelayMs, now);
    return true;
  });
  return done === true;
}

/** The sector picked on the page becomes the person's profession code, as if the partner had sent it. */
async function recordSector(tx: Queryable, session: KycSession, code: string, nowMs: number): Promise<void> {
  await tx.query(
    `insert into kyc_profiles (account_id, workspace_id, profile, updated_at_ms)
     select a.id, a.workspace_id, jsonb_build_object('profession', $3::text), $4
       from accounts a where a.workspace_id = $1 and a.kind = 'customer' and a.email = $2
     on conflict (account_id) do update
       set profile = kyc_profiles.profile || jsonb_build_object('profession', $3::text), updated_at_ms = $4`,
    [session.workspace_id, session.email, code, nowMs],
  );
}

/** The customer gave up: the attempt ends; the verification stays where it was, ready for a new link. */
export async function cancelFlow(ctx: AppContext, flowSecret: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const session = await findFlow(tx, flowSecret, true);
    if (!session || !['consent', 'otp', 'document'].includes(session.step)) return false;
    await setStep(tx, session.id, 'cancelled');
    return true;
  });
}
