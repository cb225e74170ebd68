import type { Queryable } from '../../storage/db.js';
import type { Actor } from '../actor.js';
import type { ShownValues } from '../secrets/disclosure.js';
import { viaOf } from './record.js';
import { redact } from './redaction.js';
import { insertAuditEntry } from './repo.js';

// Entries that record no change made in an operator's audit scope (record.ts), but what happened at the console's
// door: sign-ins, refused sign-ins, lockouts, sign-outs and one's own sessions ended (docs/decisions/operators-console-and-audit.md, "Sign-ins
// in the audit log"). The caller writes the row itself, with the same columns and redaction as a change's row: in
// the transaction of what it records when there is one (a session started and its sign-in commit together), else as
// one statement of its own, which PostgreSQL commits by itself.

/** Someone at the console who has not signed in: a sign-in attempt. `email` is what they typed, when it may be kept. */
export interface ConsoleVisitor {
  readonly kind: 'visitor';
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
  /** The X-Request-Id of the request it happened in. */
  readonly requestId: string;
}

/**
 * Writes the event's row on `db`: a transaction's handle (the row commits with it) or the database (a statement of
 * its own). Never inside an operator's audit scope: there the before-commit hook writes the change's own row.
 */
export async function recordAuditEvent(db: Queryable, event: AuditEvent, nowMs: number): Promise<void> {
  const { actor } = event;
  // A visitor is recorded as a console actor with no operator id: the database allows an operator id only on an
  // operator row (migration 0040), and the API's actor is "operator" with operatorId null (no kind of its own).
  const operator = actor.kind === 'operator' ? actor : undefined;
  await insertAuditEntry(db, {
    occurredAtMs: nowMs,
    actorKind: actor.kind === 'visitor' ? 'operator' : actor.kind,
    via: actor.kind === 'visitor' ? 'console' : viaOf(actor),
    operatorId: operator?.operatorId ?? null,
    operatorEmail: operator?.email ?? (actor.kind === 'visitor' ? actor.email : null),
    address: actor.address,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
    action: event.action,
    workspaceId: null,
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
