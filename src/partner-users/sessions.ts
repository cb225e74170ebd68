import type { AppContext } from '../app-context.js';
import { limits } from '../limits.js';
import { newToken, tokenHash, tokenPattern } from '../platform/browser/tokens.js';
import type { Who } from '../platform/browser/who.js';
import type { Queryable } from '../storage/db.js';
import * as repo from './repo.js';
import { findSession, insertSession, type SessionRow, touchSession } from './sessions-repo.js';

// Dashboard sessions (issue 30, item 1), as the console's (operator/operators/sessions.ts): a row per sign-in,
// named by the SHA-256 of the cookie's random token, ended by the first of its absolute expiry
// (OPERATOR_SESSION_MAX_HOURS), its idle timeout (OPERATOR_SESSION_IDLE_MINUTES), its revocation (sign-out, the
// person disabled or re-enrolled). The dashboard signs in in one step (password and code together), so its
// sessions are only ever 'signed-in'.

/** What opening and checking the dashboard's sessions reads of the server: the store, the clock, the limits. */
export type DashboardSessionKeeping = Pick<AppContext, 'db' | 'clock' | 'config'>;

export interface NewSessionCookie {
  /** The cookie's value: shown to the browser only, never stored. */
  readonly token: string;
  readonly expiresAtMs: number;
}

export async function startDashboardSession(
  ctx: DashboardSessionKeeping,
  db: Queryable,
  partnerUserId: string,
  who: Who,
): Promise<NewSessionCookie> {
  const token = newToken();
  const nowMs = ctx.clock.nowMs();
  const expiresAtMs = nowMs + ctx.config.operatorSessionMaxHours * 3_600_000;
  await insertSession(db, {
    id: tokenHash(token),
    partnerUserId,
    stage: 'signed-in',
    csrfToken: newToken(),
    nowMs,
    expiresAtMs,
    address: who.address,
    userAgent: who.userAgent?.slice(0, 500),
  });
  return { token, expiresAtMs };
}

export interface LiveDashboardSession {
  readonly session: SessionRow;
  readonly user: repo.PartnerUserRow;
}

/** The live session a cookie names, with its person (enrolled, enabled); undefined when it has ended. */
export async function liveDashboardSession(
  ctx: DashboardSessionKeeping,
  token: string | undefined,
): Promise<LiveDashboardSession | undefined> {
  if (token === undefined || !tokenPattern.test(token)) return undefined;
  const nowMs = ctx.clock.nowMs();
  const session = await findSession(ctx.db, tokenHash(token));
  if (session?.stage !== 'signed-in' || session.revoked_at_ms !== null) return undefined;
  const idleMs = ctx.config.operatorSessionIdleMinutes * 60_000;
  if (Number(session.expires_at_ms) <= nowMs || Number(session.last_seen_at_ms) + idleMs <= nowMs) return undefined;
  const user = await repo.findPartnerUserById(ctx.db, session.partner_user_id);
  if (!user || user.disabled || !user.enrolled) return undefined;
  await touchSession(ctx.db, session.id, nowMs, limits.operatorSessionTouchIntervalMs);
  return { session, user };
}
