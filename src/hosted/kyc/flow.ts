import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { verificationStatusOf } from '../../accounts/accounts.js';
import type { AppContext } from '../../app-context.js';
import { limits } from '../../limits.js';
import type { Clock } from '../../platform/clock.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import type { DocumentCapture } from '../../providers/verification/verification-provider.js';
import { scheduleReview } from '../../resources/kyc/checks.js';
import {
  acceptCode,
  type KycSession,
  recordSubmission,
  recordWrongCode,
  setStep,
  storeCode,
} from '../../resources/kyc/repo.js';
import { storeKycDocument } from '../../resources/kyc/repo-documents.js';
import { recordProfession } from '../../resources/kyc/repo-profiles.js';
import { findFlow, flowExpired, type LinkOpening, openLink } from '../../resources/kyc/sessions.js';
import type { Db, Queryable } from '../../storage/db.js';
import { moveAccountVerification } from '../../verification/verification.js';
import { clockOffsetMs } from '../../workspaces/clock.js';
import { fill, type KycMessages } from './messages.js';

const otpHash = (sessionId: string, code: string) => createHash('sha256').update(`${sessionId}:${code}`).digest('hex');

/** Runs a change on an attempt still in `step`, under its row lock; answers undefined when it is not (any more). */
export async function inStep<T>(
  db: Db,
  clock: Clock,
  flowSecret: string,
  step: KycSession['step'],
  change: (tx: Queryable, session: KycSession, nowMs: number) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const session = await findFlow(tx, flowSecret, true);
    const nowMs = clock.nowMs();
    if (!session || session.step !== step || flowExpired(session, nowMs)) return undefined;
    return change(tx, session, nowMs);
  });
}

/** What spending a kycUrl reads of the server: the workspace's clock offset needs the config. */
export type KycLinkOpening = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** Spends a kycUrl (see openLink) in its own transaction. */
export async function openKycLink(ctx: KycLinkOpening, linkSecret: string): Promise<LinkOpening> {
  return ctx.db.transaction((tx) =>
    openLink(tx, linkSecret, ctx.clock.nowMs(), (workspaceId) => clockOffsetMs(ctx, workspaceId, tx)),
  );
}

/** What issuing a one-time code reads of the server (giving consent issues the first). */
export type CodeSending = Pick<AppContext, 'db' | 'clock' | 'mail'>;

/**
 * Issues a one-time code (stored hashed) and hands its mail to the provider in the same transaction: the code and its
 * message commit together or not at all, and the provider only records the message (a slow mail server is the
 * delivery job's business, not this request's). False once the sends are used up.
 */
export async function sendCode(ctx: CodeSending, flowSecret: string, t: KycMessages): Promise<boolean> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sent = await inStep(ctx.db, ctx.clock, flowSecret, 'otp', async (tx, s, nowMs) => {
    if (s.otp_sent >= limits.kycOtpSendsMax) return false;
    await storeCode(tx, s.id, otpHash(s.id, code), nowMs + limits.kycOtpTtlMs);
    const text = fill(t.mailText, { code });
    await ctx.mail.send(tx, { workspaceId: s.workspace_id, to: s.email, subject: t.mailSubject, text }, nowMs);
    return true;
  });
  return sent === true;
}

/** The customer agreed: the verification is under way (IN_PROGRESS) and the next step is the code or the document. */
export async function giveConsent(ctx: CodeSending, flowSecret: string, t: KycMessages): Promise<void> {
  const next = await inStep(ctx.db, ctx.clock, flowSecret, 'consent', async (tx, session, nowMs) => {
    if ((await verificationStatusOf(tx, session.account_id)) === 'PENDING') {
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
export async function checkCode(
  db: Db,
  clock: Clock,
  flowSecret: string,
  code: string,
): Promise<CodeCheck | undefined> {
  return inStep(db, clock, flowSecret, 'otp', async (tx, session, nowMs) => {
    const given = Buffer.from(otpHash(session.id, code.trim()), 'hex');
    const stored = session.otp_hash ? Buffer.from(session.otp_hash, 'hex') : undefined;
    const fresh = session.otp_expires_at_ms !== null && Number(session.otp_expires_at_ms) > nowMs;
    if (stored && fresh && /^[0-9]{6}$/.test(code.trim()) && timingSafeEqual(given, stored)) {
      await acceptCode(tx, session.id);
      return 'accepted';
    }
    const attempts = session.otp_attempts + 1;
    const failed = attempts >= limits.kycOtpAttemptsMax;
    await recordWrongCode(tx, session.id, attempts, failed ? 'failed' : 'otp');
    return failed ? 'failed' : { wrong: limits.kycOtpAttemptsMax - attempts };
  });
}

export interface DocumentStep {
  readonly capture: DocumentCapture;
  readonly sector?: string;
}

/** What submitting the document reads of the server. */
export type DocumentSubmitting = Pick<AppContext, 'db' | 'clock' | 'config' | 'secretsKeyring' | 'verification'>;

/**
 * Hands the capture to the verification provider (outside any transaction, keyed by the attempt), then records the
 * submission and schedules the review. The submission records the image's size, type and digest; the file itself is
 * kept beside it (kyc_documents), for the person who reviews it in the console's manual review.
 */
export async function submitDocument(
  ctx: DocumentSubmitting,
  flowSecret: string,
  step: DocumentStep,
): Promise<boolean> {
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
  // The typed document (type, number, expiry, issuing country) is sealed field by field (platform/secrets/
  // sensitive.ts); its review opens it (kyc/review.ts). The image's size, type and digest stay readable.
  const submission = {
    ...sealSensitive(ctx.secretsKeyring, details),
    image: {
      bytes: image.bytes.length,
      mimeType: image.mimeType,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
    },
    ...(step.sector ? { sector: step.sector } : {}),
  };
  const done = await inStep(ctx.db, ctx.clock, flowSecret, 'document', async (tx, s, now) => {
    await recordSubmission(tx, s.id, submission, checkRef, now);
    await storeKycDocument(tx, ctx.secretsKeyring, s.id, image.mimeType, image.bytes, now);
    // The sector picked on the page becomes the person's profession code, as if the partner had sent it.
    if (step.sector) await recordProfession(tx, s.workspace_id, s.email, step.sector, now);
    if ((await verificationStatusOf(tx, s.account_id)) === 'PENDING')
      await moveAccountVerification(tx, s.account_id, 'IN_PROGRESS', now);
    await scheduleReview(tx, s.id, now + ctx.config.sandboxSettleDelayMs, now);
    return true;
  });
  return done === true;
}

/** The customer gave up: the attempt ends; the verification stays where it was, ready for a new link. */
export async function cancelFlow(db: Db, flowSecret: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const session = await findFlow(tx, flowSecret, true);
    if (!session || !['consent', 'otp', 'document'].includes(session.step)) return false;
    await setStep(tx, session.id, 'cancelled');
    return true;
  });
}
