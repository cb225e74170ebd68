import type { BeforeCommit, Queryable } from '../../storage/db.js';
import type { Actor } from '../actor.js';
import type { Clock } from '../clock.js';
import { redact } from './redaction.js';
import { insertAuditEntry, type NewAuditEntry } from './repo.js';
import { type AuditChange, type AuditScope, currentAuditScope, takeAuditChange } from './scope.js';

/** Whether the transaction has written anything yet: PostgreSQL assigns it a transaction id at its first write. */
async function wroteAnything(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ wrote: boolean }>('select pg_current_xact_id_if_assigned() is not null as wrote');
  return row?.wrote === true;
}

export const viaOf = (actor: Actor): 'console' | 'api' | 'cli' => (actor.kind === 'operator' ? 'console' : actor.via);

function entryOf(scope: AuditScope, change: AuditChange, nowMs: number): NewAuditEntry {
  const { actor } = scope;
  return {
    occurredAtMs: nowMs,
    actorKind: actor.kind,
    via: viaOf(actor),
    operatorId: actor.kind === 'operator' ? actor.operatorId : null,
    operatorEmail: actor.kind === 'operator' ? actor.email : null,
    address: actor.address,
    userAgent: actor.userAgent ?? null,
    action: scope.action,
    workspaceId: change.workspaceId ?? null,
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
