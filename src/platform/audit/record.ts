import type { BeforeCommit, Queryable } from '../../storage/db.js';
import type { Actor } from '../actor.js';
import type { Clock } from '../clock.js';
import { redact } from './redaction.js';
import { type AuditVia, insertAuditEntry, type NewAuditEntry } from './repo.js';
import { type AuditChange, type AuditScope, currentAuditScope, takeAuditChange } from './scope.js';

/** Whether the transaction has written anything yet: PostgreSQL assigns it a transaction id at its first write. */
async function wroteAnything(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ wrote: boolean }>('select pg_current_xact_id_if_assigned() is not null as wrote');
  return row?.wrote === true;
}

export const viaOf = (actor: Actor): AuditVia =>
  actor.kind === 'operator' ? 'console' : actor.kind === 'partner-user' ? 'dashboard' : actor.via;

/** The columns naming the person of an entry: an operator, a partner user, or none (the ADMIN_TOKEN). */
export function personOf(actor: Actor): Pick<NewAuditEntry, 'operatorId' | 'operatorEmail' | 'partnerUserId'> {
  if (actor.kind === 'operator')
    return { operatorId: actor.operatorId, operatorEmail: actor.email, partnerUserId: null };
  if (actor.kind === 'partner-user') {
    return { operatorId: null, operatorEmail: actor.email, partnerUserId: actor.partnerUserId };
  }
  return { operatorId: null, operatorEmail: null, partnerUserId: null };
}

function entryOf(scope: AuditScope, change: AuditChange, nowMs: number): NewAuditEntry {
  const { actor } = scope;
  return {
    occurredAtMs: nowMs,
    actorKind: actor.kind,
    via: viaOf(actor),
    ...personOf(actor),
    address: actor.address,
    userAgent: actor.userAgent ?? null,
    action: scope.action,
    // A partner user acts in their own workspace only: the entry names it even when the change did not.
    workspaceId: change.workspaceId ?? (actor.kind === 'partner-user' ? actor.workspaceId : null),
    targetType: change.target.type,
    targetId: change.target.id,
    before: redact(change.before),
    after: redact(change.after),
    requestId: scope.requestId,
  };
}

/**
 * The database's before-commit hook (storage/db.ts withBeforeCommit; wired once, in context.ts). Inside an audited
 * request, a transaction that described its change writes the audit row now, in itself; one that wrote without
 * describing its change fails, and with it the change: no change of an operator commits unrecorded. Outside an
 * audited request (partner requests, jobs) it does nothing.
 */
export function auditBeforeCommit(clock: Clock): BeforeCommit {
  return async (tx) => {
    const change = takeAuditChange(tx);
    const scope = currentAuditScope();
    if (scope === undefined) return;
    if (change !== undefined) {
      await insertAuditEntry(tx, entryOf(scope, change, clock.nowMs()));
      return;
    }
    if (await wroteAnything(tx)) {
      throw new Error(
        `${scope.action} wrote without describing its change for the audit log: call auditChange(tx, ...) in its transaction`,
      );
    }
  };
}
