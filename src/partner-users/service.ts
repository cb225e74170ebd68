import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { AppContext } from '../app-context.js';
import type { Config } from '../config.js';
import { duplicity, existence, stateError } from '../domain/errors.js';
import type { PartnerUserRole } from '../domain/partner-users/permissions.js';
import { limits } from '../limits.js';
import { auditChange } from '../platform/audit/scope.js';
import { newToken, tokenHash } from '../platform/browser/tokens.js';
import type { Queryable } from '../storage/db.js';
import { findWorkspace } from '../workspaces/repo.js';
import * as repo from './repo.js';
import type { PartnerUser, PartnerUserWithEnrolment } from './schema.js';
import { revokePartnerUserSessions } from './sessions-repo.js';
import { partnerUserView } from './view.js';

// The partner dashboard's people, as an operator (the operator API, the console) and the workspace's own admin (the
// dashboard's users page) manage them (issue 30, item 1). A new person is created without a password: the enrolment
// link, shown once, lets them set one and their second factor. Every change describes itself for the audit log
// (auditChange), whoever makes it; each names the workspace. A workspace keeps at least one enabled admin once it has
// one: the last may be neither demoted nor disabled (docs/decisions/partner-dashboard.md, "Roles").

const enrolmentUrl = (config: Config, token: string) => `${config.publicBaseUrl}/dashboard/enrol/${token}`;

/** What inviting a person or issuing a new link reads of the server (the link is on the public URL). */
export type PartnerUserManaging = Pick<AppContext, 'db' | 'clock' | 'config'>;

type User = Static<typeof PartnerUser>;
type WithEnrolment = Static<typeof PartnerUserWithEnrolment>;

const linkExpiry = (nowMs: number) => nowMs + limits.operatorEnrolmentLinkTtlHours * 3_600_000;

export async function invitePartnerUser(
  ctx: PartnerUserManaging,
  workspaceId: string,
  input: { readonly email: string; readonly role: PartnerUserRole },
): Promise<WithEnrolment> {
  const token = newToken();
  return ctx.db.transaction(async (tx) => {
    if (!(await findWorkspace(tx, workspaceId))) throw existence(`No workspace ${workspaceId}`);
    const nowMs = ctx.clock.nowMs();
    const row = await repo.insertPartnerUser(tx, {
      id: randomUUID(),
      workspaceId,
      email: input.email.trim(),
      role: input.role,
      enrolmentTokenHash: tokenHash(token),
      enrolmentExpiresAtMs: linkExpiry(nowMs),
      nowMs,
    });
    if (!row) throw duplicity(`A dashboard user with email ${input.email} already exists`);
    const partnerUser = partnerUserView(row);
    // The enrolment link is a credential: the log keeps the account, never the link.
    auditChange(tx, { workspaceId, target: { type: 'partner_user', id: row.id }, before: null, after: partnerUser });
    return { partnerUser, enrolmentUrl: enrolmentUrl(ctx.config, token) };
  });
}

export async function listPartnerUsers(db: Queryable, workspaceId: string): Promise<User[]> {
  if (!(await findWorkspace(db, workspaceId))) throw existence(`No workspace ${workspaceId}`);
  return (await repo.listPartnerUsers(db, workspaceId)).map(partnerUserView);
}

/** The person, locked, for a change; a person of another workspace is not found. */
async function lockedUser(tx: Queryable, workspaceId: string, partnerUserId: string): Promise<repo.PartnerUserRow> {
  const row = await repo.findPartnerUser(tx, workspaceId, partnerUserId, true);
  if (!row) throw existence(`No dashboard user ${partnerUserId} in workspace ${workspaceId}`);
  return row;
}

/** Refuses to leave a workspace that had an enabled admin without one. */
async function keepAnAdmin(tx: Queryable, before: repo.PartnerUserRow): Promise<void> {
  if (before.role !== 'admin' || before.disabled) return;
  if ((await repo.lockedEnabledAdminCount(tx, before.workspace_id)) <= 1) {
    throw stateError('This is the workspace’s only admin: make another person admin first');
  }
}

export async function setPartnerUserRole(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  workspaceId: string,
  partnerUserId: string,
  role: PartnerUserRole,
): Promise<User> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedUser(tx, workspaceId, partnerUserId);
    if (role !== 'admin') await keepAnAdmin(tx, before);
    const row = await repo.setRole(tx, partnerUserId, role, ctx.clock.nowMs());
    if (!row) throw existence(`No dashboard user ${partnerUserId}`);
    const after = partnerUserView(row);
    auditChange(tx, {
      workspaceId,
      target: { type: 'partner_user', id: partnerUserId },
      before: partnerUserView(before),
      after,
    });
    return after;
  });
}

/** Disables a person and ends their sessions, in one transaction. */
export async function disablePartnerUser(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  workspaceId: string,
  partnerUserId: string,
): Promise<User> {
  return ctx.db.transaction(async (tx) => {
    const nowMs = ctx.clock.nowMs();
    const before = await lockedUser(tx, workspaceId, partnerUserId);
    await keepAnAdmin(tx, before);
    const row = await repo.disablePartnerUser(tx, partnerUserId, nowMs);
    if (!row) throw existence(`No dashboard user ${partnerUserId}`);
    const revoked = await revokePartnerUserSessions(tx, partnerUserId, nowMs);
    const after = partnerUserView(row);
    auditChange(tx, {
      workspaceId,
      target: { type: 'partner_user', id: partnerUserId },
      before: partnerUserView(before),
      after: { ...after, signInsEnded: revoked },
    });
    return after;
  });
}

/**
 * A new enrolment link (a forgotten password, a lost authenticator, an expired link): the password and second
 * factor are cleared and every session ends, so only the person holding the new link can sign in again.
 */
export async function reissuePartnerUserEnrolment(
  ctx: PartnerUserManaging,
  workspaceId: string,
  partnerUserId: string,
): Promise<WithEnrolment> {
  const token = newToken();
  return ctx.db.transaction(async (tx) => {
    const nowMs = ctx.clock.nowMs();
    const before = await lockedUser(tx, workspaceId, partnerUserId);
    if (before.disabled) throw stateError(`Dashboard user ${partnerUserId} is disabled`);
    const row = await repo.restartEnrolment(tx, partnerUserId, tokenHash(token), linkExpiry(nowMs), nowMs);
    if (!row) throw stateError(`Dashboard user ${partnerUserId} is disabled`);
    const revoked = await revokePartnerUserSessions(tx, partnerUserId, nowMs);
    const partnerUser = partnerUserView(row);
    auditChange(tx, {
      workspaceId,
      target: { type: 'partner_user', id: partnerUserId },
      before: partnerUserView(before),
      after: { ...partnerUser, signInsEnded: revoked },
    });
    return { partnerUser, enrolmentUrl: enrolmentUrl(ctx.config, token) };
  });
}
