import { type NewSessionCookie, type SessionKeeping, siteSessions } from '../platform/browser/sessions.js';
import type { Who } from '../platform/browser/who.js';
import type { Queryable } from '../storage/db.js';
import * as repo from './repo.js';
import { partnerUserSessions, type SessionRow } from './sessions-repo.js';

// Dashboard sessions (issue 30, item 1): the signed-in sites' sessions (platform/browser/sessions.ts: a row per
// sign-in, its lifetime and idle timeout, its end on revocation), as the console's, over partner_user_sessions. The
// dashboard signs in in one step (password and code together), so its sessions are only ever 'signed-in'.

export type { NewSessionCookie } from '../platform/browser/sessions.js';

const dashboardSessions = siteSessions({
  store: partnerUserSessions,
  accountIdOf: (session: SessionRow) => session.partner_user_id,
  findAccount: repo.findPartnerUserById,
});

export function startDashboardSession(
  ctx: SessionKeeping,
  db: Queryable,
  partnerUserId: string,
  who: Who,
): Promise<NewSessionCookie> {
  return dashboardSessions.start(ctx, db, partnerUserId, 'signed-in', who);
}

export interface LiveDashboardSession {
  readonly session: SessionRow;
  readonly user: repo.PartnerUserRow;
}

/** The live session a cookie names, with its person (enrolled, enabled); undefined when it has ended. */
export async function liveDashboardSession(
  ctx: SessionKeeping,
  token: string | undefined,
): Promise<LiveDashboardSession | undefined> {
  const live = await dashboardSessions.live(ctx, token, 'signed-in');
  return live && { session: live.session, user: live.account };
}
