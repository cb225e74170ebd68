import type { AppContext } from '../../app-context.js';
import { secondFactorRequired } from '../../domain/operators/permissions.js';
import {
  accountBucketOf,
  consolePasswordGate,
  consoleSecondFactorGate,
  freshBucket,
  sourceOf,
} from '../../domain/operators/sign-in-throttle.js';
import { limits } from '../../limits.js';
import { decoyHash, verifyPassword } from '../../platform/browser/password.js';
import { tokenHash, tokenPattern } from '../../platform/browser/tokens.js';
import { acceptedStep } from '../../platform/browser/totp.js';
import type { Clock } from '../../platform/clock.js';
import { open } from '../../platform/sealing.js';
import { consoleKeys, readBuckets, recordFailure } from '../../platform/sign-in-throttle-repo.js';
import type { Db, Queryable } from '../../storage/db.js';
import * as repo from './repo.js';
import { liveSession, type NewSessionCookie, type SessionKeeping, startSession, type Who } from './sessions.js';
import { pruneSessions, revokeSession } from './sessions-repo.js';
import {
  auditLocked,
  auditOwnSessionsEnded,
  auditRefused,
  auditSignedIn,
  type OwnSessionsBy,
  passwordRefusal,
  signInActions,
} from './sign-in-audit.js';

// Signing in to the console (operator console issue, item 1): the password, then the TOTP code when the operator
// has one. The password step is refused while the account or the address is held (domain/operators/sign-in-throttle.ts);
// the owner's path, the password and the code sent together, is held only by its address's second-factor hold,
// a few seconds at most. A failure says nothing of which part was wrong or whether the account exists.

export type SignInOutcome =
  | { readonly kind: 'locked'; readonly retryAtMs: number }
  | { readonly kind: 'refused' }
  /** The password was right; the session waits for the code. */
  | { readonly kind: 'second-factor'; readonly cookie: NewSessionCookie }
  | { readonly kind: 'signed-in'; readonly cookie: NewSessionCookie };

/** What signing an operator in reads of the server. */
export type SigningIn = Pick<AppContext, 'db' | 'clock' | 'config' | 'secretsKeyring'>;

const normalised = (email: string) => email.trim().toLowerCase();

/** The console's throttle buckets of this email and address, as they stand now. */
async function throttleOf(db: Queryable, email: string, who: Who, nowMs: number) {
  const keys = consoleKeys(accountBucketOf(email), sourceOf(who.address));
  const [account = freshBucket, address = freshBucket, secondFactor = freshBucket] = await readBuckets(
    db,
    [keys.account, keys.address, keys.secondFactor],
    nowMs,
  );
  return { keys, account, address, secondFactor };
}

type Throttle = Awaited<ReturnType<typeof throttleOf>>;

/**
 * The audit log's lockout entry: written when a recorded failure makes the throttle hold the next attempt, never for
 * the attempts refused while it holds. Those write nothing at all, so a flood of them cannot grow the log (which is
 * never pruned); the entries grow only with recorded failures, which the throttle's waits slow exponentially.
 */
async function auditHoldBegun(
  db: Queryable,
  hold: {
    email: string;
    step: 'password' | 'code';
    gate: (t: Throttle, nowMs: number) => { locked: boolean; retryAtMs?: number };
  },
  who: Who,
  nowMs: number,
): Promise<void> {
  const decision = hold.gate(await throttleOf(db, hold.email, who, nowMs), nowMs);
  if (!decision.locked || decision.retryAtMs === undefined) return;
  await auditLocked(db, { email: hold.email, step: hold.step, retryAtMs: decision.retryAtMs }, who, nowMs);
}

/** Ends the session a browser still carried when it signs in again (a new sign-in never reuses a session). */
async function endPrevious(db: Queryable, previousToken: string | undefined, nowMs: number): Promise<void> {
  if (previousToken !== undefined && tokenPattern.test(previousToken)) {
    await revokeSession(db, tokenHash(previousToken), nowMs);
  }
}

async function signedIn(
  ctx: SessionKeeping,
  operator: repo.OperatorRow,
  _email: string,
  who: Who,
): Promise<SignInOutcome> {
  const nowMs = ctx.clock.nowMs();
  const cookie = await ctx.db.transaction(async (tx) => {
    await repo.recordSignIn(tx, operator.id, nowMs);
    await auditSignedIn(tx, operator, who, nowMs);
    return startSession(ctx.clock, ctx.config, tx, operator.id, 'signed-in', who);
  });
  return { kind: 'signed-in', cookie };
}

export async function signInWithPassword(
  ctx: SigningIn,
  input: {
    readonly email: string;
    readonly password: string;
    readonly previousToken: string | undefined;
    /** Sent with the password: the owner's path (signInWithBoth). */
    readonly code?: string;
  },
  who: Who,
): Promise<SignInOutcome> {
  const email = normalised(input.email);
  const nowMs = ctx.clock.nowMs();
  await endPrevious(ctx.db, input.previousToken, nowMs);
  await pruneSessions(ctx.db, nowMs - limits.operatorSessionsRetentionMs);
  const throttle = await throttleOf(ctx.db, email, who, nowMs);
  const code = (input.code ?? '').replace(/\s+/g, '');
  if (code !== '') return signInWithBoth(ctx, { email, password: input.password, code }, throttle, who, nowMs);
  const decision = consolePasswordGate(throttle, nowMs);
  if (decision.locked) return { kind: 'locked', retryAtMs: decision.retryAtMs };

  const operator = email === '' ? undefined : await repo.findOperatorByEmail(ctx.db, email);
  const usable = operator?.enrolled && !operator.disabled && operator.password_hash !== null;
  // Without a usable account a decoy hash is checked, so that the answer takes as long either way.
  const matches = await verifyPassword(input.password, usable ? (operator.password_hash as string) : await decoyHash());
  // A role that needs the second factor and has none (cannot happen through enrolment) is refused, not let in.
  const secondFactorMissing = usable && !operator.totp_enrolled && secondFactorRequired(operator.role);
  if (!usable || !matches || secondFactorMissing) {
    await recordFailure(ctx.db, [throttle.keys.account, throttle.keys.address], nowMs);
    await auditRefused(ctx.db, { email, operator, reason: passwordRefusal(operator, matches) }, who, nowMs);
    await auditHoldBegun(ctx.db, { email, step: 'password', gate: consolePasswordGate }, who, nowMs);
    return { kind: 'refused' };
  }
  if (!operator.totp_enrolled) return signedIn(ctx, operator, email, who);
  // The success is recorded only after the code: a right password alone must not clear the account's failures.
  return {
    kind: 'second-factor',
    cookie: await startSession(ctx.clock, ctx.config, ctx.db, operator.id, 'second-factor', who),
  };
}

/**
 * The owner's path (issue #28): the password and the code in one attempt, which neither the account's nor the
 * address's hold refuses; only the address's second-factor hold does, for signInOwnerWaitMaxMs at most. The code is
 * checked first (an HMAC) and its step taken, and only then the password hashed: a flood of guesses costs no
 * hashing, and a valid code buys a single password check.
 */
async function signInWithBoth(
  ctx: SigningIn,
  input: { readonly email: string; readonly password: string; readonly code: string },
  throttle: Throttle,
  who: Who,
  nowMs: number,
): Promise<SignInOutcome> {
  const decision = consoleSecondFactorGate(throttle, nowMs);
  if (decision.locked) return { kind: 'locked', retryAtMs: decision.retryAtMs };
  const operator = input.email === '' ? undefined : await repo.findOperatorByEmail(ctx.db, input.email);
  const usable = operator?.enrolled && !operator.disabled && operator.password_hash !== null;
  const sealedSecret = usable && operator.totp_enrolled ? operator.totp_secret_sealed : null;
  const lastStep = operator?.totp_last_step == null ? undefined : Number(operator.totp_last_step);
  const step = sealedSecret
    ? acceptedStep(open(ctx.secretsKeyring, sealedSecret), input.code, nowMs, lastStep)
    : undefined;
  const taken = operator !== undefined && step !== undefined && (await repo.takeTotpStep(ctx.db, operator.id, step));
  const matches = taken && (await verifyPassword(input.password, operator.password_hash as string));
  if (!operator || !matches) {
    await recordFailure(ctx.db, [throttle.keys.secondFactor, throttle.keys.account], nowMs);
    const reason = !usable || !taken ? (usable ? 'wrong-code' : passwordRefusal(operator, false)) : 'wrong-password';
    await auditRefused(ctx.db, { email: input.email, operator, reason }, who, nowMs);
    await auditHoldBegun(ctx.db, { email: input.email, step: 'code', gate: consoleSecondFactorGate }, who, nowMs);
    return { kind: 'refused' };
  }
  return signedIn(ctx, operator, input.email, who);
}

export type SecondFactorOutcome = SignInOutcome | { readonly kind: 'expired' };

/** The code of the password step's session; a code is accepted once (its time step is stored). */
export async function confirmSecondFactor(
  ctx: SigningIn,
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
  const throttle = await throttleOf(ctx.db, email, who, nowMs);
  const decision = consoleSecondFactorGate(throttle, nowMs);
  if (decision.locked) {
    await revokeSession(ctx.db, session.id, nowMs);
    return { kind: 'locked', retryAtMs: decision.retryAtMs };
  }
  const lastStep = operator.totp_last_step === null ? undefined : Number(operator.totp_last_step);
  const step = acceptedStep(open(ctx.secretsKeyring, sealedSecret), code.replace(/\s+/g, ''), nowMs, lastStep);
  if (step === undefined || !(await repo.takeTotpStep(ctx.db, operator.id, step))) {
    await recordFailure(ctx.db, [throttle.keys.secondFactor, throttle.keys.account], nowMs);
    await auditRefused(ctx.db, { email, operator, reason: 'wrong-code' }, who, nowMs);
    await auditHoldBegun(ctx.db, { email, step: 'code', gate: consoleSecondFactorGate }, who, nowMs);
    return { kind: 'refused' };
  }
  await revokeSession(ctx.db, session.id, nowMs);
  return signedIn(ctx, operator, email, who);
}

/**
 * Signs out: the session is revoked, so its cookie (copied, or replayed from history) no longer works; the audit
 * log's entry commits with the revocation.
 */
export async function signOut(db: Db, clock: Clock, token: string | undefined, by: OwnSessionsBy): Promise<void> {
  const nowMs = clock.nowMs();
  await db.transaction(async (tx) => {
    const live = token !== undefined && tokenPattern.test(token);
    if (live) await revokeSession(tx, tokenHash(token), nowMs);
    await auditOwnSessionsEnded(tx, by, signInActions.signedOut, live ? 1 : 0, nowMs);
  });
}
