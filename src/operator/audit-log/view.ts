import type { Static } from 'typebox';
import type { AuditEntryRow } from '../../platform/audit/repo.js';
import { secondsOf } from '../../platform/clock.js';
import type { AuditEntry } from './schema.js';

const snapshot = (value: unknown) => (typeof value === 'object' && value !== null ? (value as object) : null);

export function auditEntryView(row: AuditEntryRow): Static<typeof AuditEntry> {
  return {
    entryId: String(row.id),
    occurredAt: secondsOf(Number(row.occurred_at_ms)),
    actor: {
      kind: row.actor_kind,
      operatorId: row.operator_id,
      partnerUserId: row.partner_user_id,
      email: row.operator_email,
      address: row.address,
      userAgent: row.user_agent,
    },
    via: row.via,
    action: row.action,
    workspaceId: row.workspace_id,
    target: { type: row.target_type, id: row.target_id },
    before: snapshot(row.before),
    after: snapshot(row.after),
    requestId: row.request_id,
  };
}
