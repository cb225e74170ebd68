import type { Static } from 'typebox';
import { secondsOf } from '../platform/clock.js';
import type { PartnerUserRow } from './repo.js';
import type { PartnerUser } from './schema.js';

export function partnerUserView(row: PartnerUserRow): Static<typeof PartnerUser> {
  return {
    partnerUserId: row.id,
    workspaceId: row.workspace_id,
    email: row.email,
    role: row.role,
    enrolled: row.enrolled,
    disabled: row.disabled,
    enrolmentExpiresAt: row.enrolment_expires_at_ms === null ? null : secondsOf(Number(row.enrolment_expires_at_ms)),
    createdAt: secondsOf(Number(row.created_at_ms)),
    lastSignInAt: row.last_sign_in_at_ms === null ? null : secondsOf(Number(row.last_sign_in_at_ms)),
  };
}
