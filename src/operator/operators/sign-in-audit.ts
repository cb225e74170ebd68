import type { Actor } from '../../platform/actor.js';
import { type ConsoleVisitor, recordAuditEvent } from '../../platform/audit/events.js';
import type { Queryable } from '../../storage/db.js';
import type { OperatorRow } from './repo.js';
import type { Who } from './sessions.js';

// The console's sign-in in the audit log (issue #28, item 3; docs/decisions/operators-console-and-audit.md, "Sign-ins in the audit log"): every
// sign-in, refused sign-in and lockout, with who tried, from where, and why it was refused. The answer to the browser
// stays the same whatever the reason (sign-in.ts); only an operator reading the log learns it. A password or a code
// is never passed here, so it cannot be recorded.

/** Why a sign-in step was refused: for the operator reading the log, never for the one trying. */
export type RefusalReason =
  | 'unknown-account'
  | 'not-enrolled'
  | 'disabled'
  | 'wrong-password'
  | 'no-second-factor'
  | 'wrong-code';

export const signInActions = {
  signedIn: 'console.signIn',
  refused: 'console.signInRefused',
  locked: 'console.signInLocked',
  signedOut: 'console.signOut',
  sessionEnded: 'console.sessions.revoke',
  otherSessionsEnded: 'console.sessions.revokeOthers',
} as const;

/**
 * The e-mail tried, as the log keeps it: only text with the shape of an address. Whatever else was typed in the
 * e-mail field (a password typed one field too early is the classic) is not kept, only that it was not an address.
 */
export function emailKept(typed: string): string | null {
  return /^[^\s@]{1,64}@[^\s@]{1,190}$/.test(typed) ? typed : null;
}

/** The target of an attempt: the account it named, or, naming none, the e-mail alone. */
function targetOf(operator: OperatorRow | undefined, email: string | null) {
  return operator ? { type: 'operator', id: operator.id } : { type: 'operator-email', id: email ?? '' };
}

const visitor = (email: string | null, who: Who): ConsoleVisitor => ({
  kind: 'visitor',
  email,
  address: who.address,
  userAgent: who.userAgent,
});

/** The password step's reason, from what the handler found: the account (if any) and what it checked. */
export function passwordRefusal(operator: OperatorRow | undefined, passwordMatched: boolean): RefusalReason {
  if (!operator) return 'unknown-account';
  if (operator.disabled) return 'disabled';
  if (!operator.enrolled || operator.password_hash === null) return 'not-enrolled';
  if (!passwordMatched) return 'wrong-password';
  // The only refusal left: a role that needs a second factor and has none (sign-in.ts).
  return 'no-second-factor';
}

/** A signed-in session started: written in its transaction, so the session and its entry commit together. */
export async function auditSignedIn(tx: Queryable, operator: OperatorRow, who: Who, nowMs: number): Promise<void> {
  await recordAuditEvent(
    tx,
    {
      actor: {
        kind: 'operator',
        operatorId: operator.id,
        email: operator.email,
        role: operator.role,
        address: who.address,
        ...(who.userAgent === undefined ? {} : { userAgent: who.userAgent }),
      },
      action: signInActions.signedIn,
      target: { type: 'operator', id: operator.id },
      after: { role: operator.role, secondFactorUsed: operator.totp_enrolled },
      requestId: who.requestId,
    },
    nowMs,
  );
}

/** A refused step, with its reason. `email`: the normalised e-mail typed (the password step) or the account's. */
export async function auditRefused(
  db: Queryable,
  attempt: { readonly email: string; readonly operator: OperatorRow | undefined; readonly reason: RefusalReason },
  who: Who,
  nowMs: number,
): Promise<void> {
  const email = emailKept(attempt.email);
  await recordAuditEvent(
    db,
    {
      actor: visitor(email, who),
      action: signInActions.refused,
      target: targetOf(attempt.operator, email),
      after: { reason: attempt.reason, step: attempt.reason === 'wrong-code' ? 'code' : 'password' },
      requestId: who.requestId,
    },
    nowMs,
  );
}

/** An attempt the throttle refused before anything was checked: the account is not looked up, so none is named. */
export async function auditLocked(
  db: Queryable,
  attempt: { readonly email: string; readonly step: 'password' | 'code'; readonly retryAtMs: number },
  who: Who,
  nowMs: number,
): Promise<void> {
  const email = emailKept(attempt.email);
  await recordAuditEvent(
    db,
    {
      actor: visitor(email, who),
      action: signInActions.locked,
      target: { type: 'operator-email', id: email ?? '' },
      after: { step: attempt.step, retryAt: Math.ceil(attempt.retryAtMs / 1000) },
      requestId: who.requestId,
    },
    nowMs,
  );
}

/** The signed-in person ending their own sessions: the request's actor, their operator id, the request's id. */
export interface OwnSessionsBy {
  readonly actor: Actor;
  readonly operatorId: string;
  readonly requestId: string;
}

/**
 * A person's own sessions ended from the console (sign-out, "Sign out this session", "every other session"), written
 * in the transaction that revokes them. An admin's revocation of someone else's is an operator change of its own
 * (`admin.operators.revokeSessions`), recorded by the audit scope.
 */
export async function auditOwnSessionsEnded(
  tx: Queryable,
  by: OwnSessionsBy,
  action: (typeof signInActions)['signedOut' | 'sessionEnded' | 'otherSessionsEnded'],
  signInsEnded: number,
  nowMs: number,
): Promise<void> {
  await recordAuditEvent(
    tx,
    {
      actor: by.actor,
      action,
      target: { type: 'operator', id: by.operatorId },
      after: { signInsEnded },
      requestId: by.requestId,
    },
    nowMs,
  );
}
