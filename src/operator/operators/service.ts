import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { duplicity, existence, stateError } from '../../domain/errors.js';
import type { OperatorRole } from '../../domain/operators/roles.js';
import { limits } from '../../limits.js';
import { auditChange } from '../../platform/audit/scope.js';
import { newToken, tokenHash } from '../../platform/browser/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, Queryable } from '../../storage/db.js';
import * as repo from './repo.js';
import type { Operator, OperatorWithEnrolment } from './schema.js';
import { revokeOperatorSessions } from './sessions-repo.js';
import { operatorView } from './view.js';

// Operator accounts as the operator API and the console's operators page manage them (operator console issue,
// item 1). A new account is created without a password: the enrolment link, shown once, lets its person set one
// and a second factor (docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell", "Creating an account").

const enrolmentUrl = (config: Config, token: string) => `${config.publicBaseUrl}/console/enrol/${token}`;

/** What creating an account or issuing it a new enrolment link reads of the server (the link is on the public URL). */
export type EnrolmentIssuing = Pick<AppContext, 'db' | 'clock' | 'config'>;

type WithEnrolment = Static<typeof OperatorWithEnrolment>;

export async function createOperator(
  ctx: EnrolmentIssuing,
  input: { readonly email: string; readonly role: OperatorRole },
): Promise<WithEnrolment> {
  const token = newToken();
  return ctx.db.transaction(async (tx) => {
    const nowMs = ctx.clock.nowMs();
    const row = await repo.insertOperator(tx, {
      id: randomUUID(),
      email: input.email.trim(),
      role: input.role,
      enrolmentTokenHash: tokenHash(token),
      enrolmentExpiresAtMs: nowMs + limits.operatorEnrolmentLinkTtlHours * 3_600_000,
      nowMs,
    });
    if (!row) throw duplicity(`An operator with email ${input.email} already exists`);
    const operator = operatorView(row);
    // The enrolment link is a credential: the log keeps the account, never the link.
    auditChange(tx, { target: { type: 'operator', id: row.id }, before: null, after: operator });
    return { operator, enrolmentUrl: enrolmentUrl(ctx.config, token) };
  });
}

export async function listOperators(db: Queryable): Promise<Static<typeof Operator>[]> {
  return (await repo.listOperators(db)).map(operatorView);
}

/** Disables an account and ends its sessions, in one transaction. */
export async function disableOperator(db: Db, clock: Clock, operatorId: string): Promise<Static<typeof Operator>> {
  return db.transaction(async (tx) => {
    const nowMs = clock.nowMs();
    const before = await repo.findOperator(tx, operatorId);
    const row = await repo.disableOperator(tx, operatorId, nowMs);
    if (!row || !before) throw existence(`No operator ${operatorId}`);
    const revoked = await revokeOperatorSessions(tx, operatorId, nowMs);
    const after = operatorView(row);
    auditChange(tx, {
      target: { type: 'operator', id: operatorId },
      before: operatorView(before),
      after: { ...after, signInsEnded: revoked },
    });
    return after;
  });
}

export async function revokeSessionsOf(db: Db, clock: Clock, operatorId: string): Promise<{ revoked: number }> {
  return db.transaction(async (tx) => {
    const row = await repo.findOperator(tx, operatorId);
    if (!row) throw existence(`No operator ${operatorId}`);
    const revoked = await revokeOperatorSessions(tx, operatorId, clock.nowMs());
    auditChange(tx, {
      target: { type: 'operator', id: operatorId },
      before: operatorView(row),
      after: { ...operatorView(row), signInsEnded: revoked },
    });
    return { revoked };
  });
}

/**
 * A new enrolment link (a forgotten password, a lost authenticator, an expired link): the password and second
 * factor are cleared and every session ends, so only the person holding the new link can sign in again.
 */
export async function reissueEnrolment(ctx: EnrolmentIssuing, operatorId: string): Promise<WithEnrolment> {
  const token = newToken();
  return ctx.db.transaction(async (tx) => {
    const nowMs = ctx.clock.nowMs();
    const expiresAtMs = nowMs + limits.operatorEnrolmentLinkTtlHours * 3_600_000;
    const before = await repo.findOperator(tx, operatorId);
    const row = await repo.restartEnrolment(tx, operatorId, tokenHash(token), expiresAtMs, nowMs);
    if (!row || !before) {
      throw before ? stateError(`Operator ${operatorId} is disabled`) : existence(`No operator ${operatorId}`);
    }
    const revoked = await revokeOperatorSessions(tx, operatorId, nowMs);
    const operator = operatorView(row);
    auditChange(tx, {
      target: { type: 'operator', id: operatorId },
      before: operatorView(before),
      after: { ...operator, signInsEnded: revoked },
    });
    return { operator, enrolmentUrl: enrolmentUrl(ctx.config, token) };
  });
}
