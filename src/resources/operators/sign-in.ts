import type { AppContext } from '../../app-context.js';
import { loginThrottle, throttleDecision } from '../../domain/operators/login-throttle.js';
import { secondFactorRequired } from '../../domain/operators/permissions.js';
import { open } from '../../platform/sealing.js';
import { pruneAttempts, recentFailures, recordAttempt } from './attempts-repo.js';
import { decoyHash, verifyPassword } from './password.js';
import * as repo from './repo.js';
import { liveSession, type NewSessionCookie, startSession, type Who } from './sessions.js';
import { pruneSessions, revokeSession } from './sessions-repo.js';
import { tokenHash, tokenPattern } from './tokens.js';
import { acceptedStep } from './totp.js';

// Signing in to the console (operator console issue, item 1): the password, then the TOTP code when the operator
// has one; each step refused while the account or the address is throttled (domain/operators/login-throttle.ts).
// A failure says nothing of which part was wrong or whether the account exists.

export type SignInOutcome =
  | { readonly kind: 'locked'; readonly retryAtMs: number }
  | { readonly kind: 'refused' }
  /** The password was right; the session waits for the code. */
  | { readonly kind: 'second-factor'; readonly cookie: NewSessionCookie }
  | { readonly kind: 'signed-in'; readonly cookie: NewSessionCookie };

const normalised = (email: string) => email.trim().toLowerCase();

async function throttled(ctx: AppContext, email: string, who: Who, nowMs: number) {
  return throttleDecision(await recentFailures(ctx.db, email, who.address, nowMs - loginThrottle.windowMs));
}

/** Ends the session a browser still carried when it signs in again (a new sign-in never reuses a session). */
async function endPrevious(ctx: AppContext, previousToken: string | undefined, nowMs: number): Promise<void> {
  if (previousToken !== undefined && tokenPattern.test(previousToken)) {
    await revokeSession(ctx.db, tokenHash(previousToken), nowMs);
  }
}

async function signedIn(ctx: AppContext, operator: repo.OperatorRow, email: string, who: Who): Promise<SignInOutcome> {
  const nowMs = ctx.clock.nowMs();
  const cookie = await ctx.db.transaction(async (tx) => {
    await recordAttempt(tx, email, who.address, nowMs, true);
    await repo.recordSignIn(tx, operator.id, nowMs);
    return startSession(ctx, tx, operator.id, 'signed-in', who);
  });
  return { kind: 'signed-in', cookie };
}

export async function signInWithPassword(
  ctx: AppContext,
  input: { readonly email: string; readonly password: string; readonly previousToken: string | undefined },
  who: Who,
): Promise<SignInOutcome> {
  const email = normalised(input.email);
  const nowMs = ctx.clock.nowMs();
  await endPrevious(ctx, input.previousToken, nowMs);
  await pruneAttempts(ctx.db, nowMs - loginThrottle.retentionMs);
  await pruneSessions(ctx.db, nowMs - loginThrottle.retentionMs);
  const decision = await throttled(ctx, email, who, nowMs);
  if (decision.locked) return { kind: 'locked', retryAtMs: decision.retryAtMs };

  const operator = email === '' ? undefined : await repo.findOperatorByEmail(ctx.db, email);
  const usable = operator?.enrolled && !operator.disabled && operator.password_hash !== null;
  // Without a usable account a decoy hash is checked, so that the answer takes as long either way.
  const matches = await verifyPassword(input.password, usable ? (operator.password_hash as string) : await decoyHash());
  // A role that needs the second factor and has none (cannot happen through enrolment) is refused, not let in.
  const secondFactorMissing = usable && !operator.totp_enrolled && secondFactorRequired(operator.role);
  if (!usable || !matches || secondFactorMissing) {
    await recordAttempt(ctx.db, email, who.address, nowMs, false);
    return { kind: 'refused' };
  }
  if (!operator.totp_enrolled) return signedIn(ctx, operator, email, who);
  // The success is recorded only after the code: a right password alone must not clear the account's failures.
  return { kind: 'second-factor', cookie: await startSession(ctx, ctx.db, operator.id, 'second-factor', who) };
}

export type SecondFactorOutcome = SignInOutcome | { readonly kind: 'expired' };

/** The code of the password step's session; a code is accepted once (its time step is stored). */
export async function confirmSecondFactor(
  ctx: AppContext,
  pendingToken: string | undefined,
  code: string,
  who: Who,
): Promise<SecondFactorOutcome> {
  const pending = await liveSession(ctx, pendingToken, 'second-factor');
  const sealedSecret = pending?.operator.totp_secret_sealed;
  if (!pending?.operator.totp_enrolled || !sealedSecret) return { kind: 'expired' };
  const { operator, session } = pending;
  const email = normalised(operator.email);
  const nowMs = ctx.clock.nowMs();
  const decision = await throttled(ctx, email, who, nowMs);
  if (decision.locked) {
    await revokeSession(ctx.db, session.id, nowMs);
    return { kind: 'locked', retryAtMs: decision.retryAtMs };
  }
  const lastStep = operator.totp_last_step === null ? undefined : Number(operator.totp_last_step);
  const step = acceptedStep(open(ctx.secretsKeyring, sealedSecret), code.replace(/\s+/g, ''), nowMs, lastStep);
  if (step === undefined || !(await repo.takeTotpStep(ctx.db, operator.id, step))) {
    await recordAttempt(ctx.db, email, who.address, nowMs, false);
    return { kind: 'refused' };
  }
  await revokeSession(ctx.db, session.id, nowMs);
  return signedIn(ctx, operator, email, who);
}

/** Signs out: the session is revoked, so its cookie (copied, or replayed from history) no longer works. */
export async function signOut(ctx: AppContext, token: string | undefined): Promise<void> {
  await endPrevious(ctx, token, ctx.clock.nowMs());
}
