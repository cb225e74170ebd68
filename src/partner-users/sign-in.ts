import type { AppContext } from '../app-context.js';
import {
  accountBucketOf,
  consoleSecondFactorGate,
  freshBucket,
  sourceOf,
} from '../domain/operators/sign-in-throttle.js';
import { limits } from '../limits.js';
import type { Actor } from '../platform/actor.js';
import { type ConsoleVisitor, recordAuditEvent } from '../platform/audit/events.js';
import { decoyHash, verifyPassword } from '../platform/browser/password.js';
import { tokenHash, tokenPattern } from '../platform/browser/tokens.js';
import { acceptedStep } from '../platform/browser/totp.js';
import type { Who } from '../platform/browser/who.js';
import { open } from '../platform/sealing.js';
import { consoleKeys, readBuckets, recordFailure } from '../platform/sign-in-throttle-repo.js';
import * as repo from './repo.js';
import { type NewSessionCookie, startDashboardSession } from './sessions.js';
import { pruneSessions, revokeSession } from './sessions-repo.js';

// Signing in to the partner dashboard (issue 30, item 1): the e-mail, the password and the TOTP code in one form,
// the console's owner's path (operator/operators/sign-in.ts, signInWithBoth) as the only path, since every partner
// user has a second factor. The code is checked first (an HMAC) and its step taken, and only then the password
// hashed: a flood of guesses costs no hashing. The attempt is held only by its address's second-factor hold (the
// throttle's buckets of the console, under keys of the dashboard's own), so someone guessing a person's password
// cannot lock the person out. A failure says nothing of which part was wrong or whether the account exists; the
// audit log says why, for the brokerage's operators and the workspace's admins.

export type DashboardSignInOutcome =
  | { readonly kind: 'locked'; readonly retryAtMs: number }
  | { readonly kind: 'refused' }
  | { readonly kind: 'signed-in'; readonly cookie: NewSessionCookie };

/** What signing a partner user in reads of the server. */
export type DashboardSigningIn = Pick<AppContext, 'db' | 'clock' | 'config' | 'secretsKeyring'>;

export const dashboardSignInActions = {
  signedIn: 'dashboard.signIn',
  refused: 'dashboard.signInRefused',
  locked: 'dashboard.signInLocked',
  signedOut: 'dashboard.signOut',
} as const;

/** Why an attempt was refused: for the log's reader, never for the one trying. */
type RefusalReason = 'unknown-account' | 'not-enrolled' | 'disabled' | 'wrong-password' | 'wrong-code';

const emailKept = (typed: string): string | null => (/^[^\s@]{1,64}@[^\s@]{1,190}$/.test(typed) ? typed : null);

const visitor = (email: string | null, who: Who): ConsoleVisitor => ({
  kind: 'visitor',
  site: 'dashboard',
  email,
  address: who.address,
  userAgent: who.userAgent,
});

/** The actor of a signed-in partner user (also `request.actor` in the dashboard: dashboard/auth.ts). */
export function partnerUserActor(user: repo.PartnerUserRow, who: Pick<Who, 'address' | 'userAgent'>): Actor {
  return {
    kind: 'partner-user',
    partnerUserId: user.id,
    workspaceId: user.workspace_id,
    email: user.email,
    role: user.role,
    address: who.address,
    ...(who.userAgent === undefined ? {} : { userAgent: who.userAgent }),
  };
}

function refusalOf(user: repo.PartnerUserRow | undefined, codeTaken: boolean): RefusalReason {
  if (!user) return 'unknown-account';
  if (user.disabled) return 'disabled';
  if (!user.enrolled || user.password_hash === null) return 'not-enrolled';
  return codeTaken ? 'wrong-password' : 'wrong-code';
}

export async function signInPartnerUser(
  ctx: DashboardSigningIn,
  input: {
    readonly email: string;
    readonly password: string;
    readonly code: string;
    /** The session the browser still carried: ended, a new sign-in never reuses one. */
    readonly previousToken: string | undefined;
  },
  who: Who,
): Promise<DashboardSignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const nowMs = ctx.clock.nowMs();
  if (input.previousToken !== undefined && tokenPattern.test(input.previousToken)) {
    await revokeSession(ctx.db, tokenHash(input.previousToken), nowMs);
  }
  await pruneSessions(ctx.db, nowMs - limits.operatorSessionsRetentionMs);
  const keys = consoleKeys(`dashboard:${accountBucketOf(email)}`, `dashboard:${sourceOf(who.address)}`);
  const [secondFactor = freshBucket] = await readBuckets(ctx.db, [keys.secondFactor], nowMs);
  const gate = consoleSecondFactorGate({ secondFactor }, nowMs);
  if (gate.locked) return { kind: 'locked', retryAtMs: gate.retryAtMs };

  const user = email === '' ? undefined : await repo.findPartnerUserByEmail(ctx.db, email);
  const usable = user?.enrolled && !user.disabled && user.password_hash !== null && user.totp_enrolled;
  const sealedSecret = usable ? user.totp_secret_sealed : null;
  const lastStep = user?.totp_last_step == null ? undefined : Number(user.totp_last_step);
  const step = sealedSecret
    ? acceptedStep(open(ctx.secretsKeyring, sealedSecret), input.code.replace(/\s+/g, ''), nowMs, lastStep)
    : undefined;
  const taken = user !== undefined && step !== undefined && (await repo.takeTotpStep(ctx.db, user.id, step));
  // Without a taken code a decoy is hashed, so that the answer takes as long whatever was wrong.
  const matches = await verifyPassword(input.password, taken ? (user.password_hash as string) : await decoyHash());
  if (!user || !taken || !matches) {
    await recordFailure(ctx.db, [keys.secondFactor, keys.account], nowMs);
    const kept = emailKept(email);
    await recordAuditEvent(
      ctx.db,
      {
        actor: visitor(kept, who),
        action: dashboardSignInActions.refused,
        target: user ? { type: 'partner_user', id: user.id } : { type: 'partner-user-email', id: kept ?? '' },
        after: { reason: refusalOf(user, taken) },
        workspaceId: user?.workspace_id ?? null,
        requestId: who.requestId,
      },
      nowMs,
    );
    const after = consoleSecondFactorGate(
      { secondFactor: (await readBuckets(ctx.db, [keys.secondFactor], nowMs))[0] ?? freshBucket },
      nowMs,
    );
    if (after.locked) {
      await recordAuditEvent(
        ctx.db,
        {
          actor: visitor(kept, who),
          action: dashboardSignInActions.locked,
          target: { type: 'partner-user-email', id: kept ?? '' },
          after: { retryAt: Math.ceil(after.retryAtMs / 1000) },
          requestId: who.requestId,
        },
        nowMs,
      );
    }
    return { kind: 'refused' };
  }
  const cookie = await ctx.db.transaction(async (tx) => {
    await repo.recordSignIn(tx, user.id, nowMs);
    await recordAuditEvent(
      tx,
      {
        actor: partnerUserActor(user, who),
        action: dashboardSignInActions.signedIn,
        target: { type: 'partner_user', id: user.id },
        after: { role: user.role },
        requestId: who.requestId,
      },
      nowMs,
    );
    return startDashboardSession(ctx, tx, user.id, who);
  });
  return { kind: 'signed-in', cookie };
}

/** Signs out: the session is revoked, with its audit entry, so its cookie no longer works. */
export async function signOutPartnerUser(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  token: string | undefined,
  by: { readonly actor: Actor; readonly partnerUserId: string; readonly requestId: string },
): Promise<void> {
  const nowMs = ctx.clock.nowMs();
  await ctx.db.transaction(async (tx) => {
    const live = token !== undefined && tokenPattern.test(token);
    if (live) await revokeSession(tx, tokenHash(token), nowMs);
    await recordAuditEvent(
      tx,
      {
        actor: by.actor,
        action: dashboardSignInActions.signedOut,
        target: { type: 'partner_user', id: by.partnerUserId },
        after: { signInsEnded: live ? 1 : 0 },
        requestId: by.requestId,
      },
      nowMs,
    );
  });
}
