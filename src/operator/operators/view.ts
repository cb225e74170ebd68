import type { Static } from 'typebox';
import { secondsOf } from '../../platform/clock.js';
import type { OperatorRow } from './repo.js';
import type { Operator } from './schema.js';

export function operatorView(row: OperatorRow): Static<typeof Operator> {
  return {
    operatorId: row.id,
    email: row.email,
    role: row.role,
    enrolled: row.enrolled,
    secondFactor: row.totp_enrolled,
    disabled: row.disabled,
    enrolmentExpiresAt: row.enrolment_expires_at_ms === null ? null : secondsOf(Number(row.enrolment_expires_at_ms)),
    createdAt: secondsOf(Number(row.created_at_ms)),
    lastSignInAt: row.last_sign_in_at_ms === null ? null : secondsOf(Number(row.last_sign_in_at_ms)),
  };
}
