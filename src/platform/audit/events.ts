import type { Queryable } from '../../storage/db.js';
import type { Actor } from '../actor.js';
import type { ShownValues } from '../secrets/disclosure.js';
import { personOf, viaOf } from './record.js';
import { redact } from './redaction.js';
import { insertAuditEntry } from './repo.js';

// Entries that record no change made in an operator's audit scope (record.ts), but what happened at the console's
// door: sign-ins, refused sign-ins, lockouts, sign-outs and one's own sessions ended (docs/decisions/operators-console-and-audit.md, "Sign-ins
// in the audit log"). The caller writes the row itself, with the same columns and redaction as a change's row: in
// the transaction of what it records when there is one (a session started and its sign-in commit together), else as
// one statement of its own, which PostgreSQL commits by itself.

/**
 * Someone at the console's or the dashboard's door who has not signed in: a sign-in attempt. `email` is what they
 * typed, when it may be kept.
 */
export interface ConsoleVisitor {
  readonly kind: 'visitor';
  /** Which door; the console's when absent. */
  readonly site?: 'console' | 'dashboard';
  readonly email: string | null;
  readonly address: string;
  readonly userAgent?: string | undefined;
}

export interface AuditEvent {
  readonly actor: Actor | ConsoleVisitor;
  /** The console's name for what happened (`console.signIn`, ...). */
  readonly action: string;
  readonly target: { readonly type: string; readonly id: string };
  readonly after?: unknown;
  /** The workspace it concerns: a partner user's own when absent. */
  readonly workspaceId?: string | null;
  /** The X-Request-Id of the request it happened in. */
  readonly requestId: string;
}

/**
 * Writes the event's row on `db`: a transaction's handle (the row commits with it) or the database (a statement of
 * its own). Never inside an operator's audit scope: there the before-commit hook writes the change's own row.
 */
export async function recordAuditEvent(db: Queryable, event: AuditEvent, nowMs: number): Promise<void> {
  const { actor } = event;
  // A visitor is recorded as the actor of its door with no person's id: the database allows an operator id only on an
  // operator row (migration 0040), a partner user's only on a partner user's (0044); the API's actor is "operator"
  // (or "partner-user") with its id null (no kind of its own).
  const visitorAtDashboard = actor.kind === 'visitor' && actor.site === 'dashboard';
  await insertAuditEntry(db, {
    occurredAtMs: nowMs,
    actorKind: actor.kind === 'visitor' ? (visitorAtDashboard ? 'partner-user' : 'operator') : actor.kind,
    via: actor.kind === 'visitor' ? (visitorAtDashboard ? 'dashboard' : 'console') : viaOf(actor),
    ...(actor.kind === 'visitor'
      ? { operatorId: null, operatorEmail: actor.email, partnerUserId: null }
      : personOf(actor)),
    address: actor.address,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
    action: event.action,
    workspaceId: event.workspaceId ?? (actor.kind === 'partner-user' ? actor.workspaceId : null),
    targetType: event.target.type,
    targetId: event.target.id,
    before: null,
    after: redact(event.after),
    requestId: event.requestId,
  });
}

/** The action of the row below. */
export const shownAction = 'sensitive.shown';

/** The audit row of sealed values shown to an operator (platform/secrets/disclosure.ts): who, where, which fields. */
export async function recordShownValues(db: Queryable, shown: ShownValues, nowMs: number): Promise<void> {
  await recordAuditEvent(
    db,
    {
      actor: shown.actor,
      action: shownAction,
      target: { type: 'route', id: shown.route },
      after: { path: shown.path, fields: shown.fields, count: shown.count },
      requestId: shown.requestId,
    },
    nowMs,
  );
}
