import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { limits } from '../../limits.js';
import { newToken, tokenHash, tokenPattern } from '../../platform/browser/tokens.js';
import type { Who } from '../../platform/browser/who.js';
import type { Clock } from '../../platform/clock.js';
import type { Queryable } from '../../storage/db.js';
import * as repo from './repo.js';
import { findSession, insertSession, type SessionRow, type SessionStage, touchSession } from './sessions-repo.js';

// Console sessions (operator console issue, item 1; docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell", "Sessions"): a row per sign-in,
// named by the SHA-256 of the cookie's random token. A session ends at the first of: its absolute expiry
// (OPERATOR_SESSION_MAX_HOURS after sign-in), its idle timeout (OPERATOR_SESSION_IDLE_MINUTES since the last
// request), its revocation (sign-out, an admin's revoke, the account disabled or re-enrolled).

export type { Who } from '../../platform/browser/who.js';

/** What opening and checking the console's sessions reads of the server: the store, the clock, the session limits. */
export type SessionKeeping = Pick<AppContext, 'db' | 'clock' | 'config'>;

export interface NewSessionCookie {
  /** The cookie's value: shown to the browser only, never stored. */
  readonly token: string;
  readonly expiresAtMs: number;
}

/** Opens a session of a stage; each sign-in step gets a new token, so a token seen before sign-in is worthless. */
export async function startSession(
  clock: Clock,
  config: Config,
  db: Queryable,
  operatorId: string,
  stage: SessionStage,
  who: Who,
): Promise<NewSessionCookie> {
  const token = newToken();
  const nowMs = clock.nowMs();
  const expiresAtMs =
    stage === 'signed-in'
      ? nowMs + config.operatorSessionMaxHours * 3_600_000
      : nowMs + limits.operatorSecondFactorWindowMs;
  await insertSession(db, {
    id: tokenHash(token),
    operatorId,
    stage,
    csrfToken: newToken(),
    nowMs,
    expiresAtMs,
    address: who.address,
    userAgent: who.userAgent?.slice(0, 500),
  });
  return { token, expiresAtMs };
}

export interface LiveSession {
  readonly session: SessionRow;
  readonly operator: repo.OperatorRow;
}

/** Whether a session row is still good now, at its stage. */
function alive(config: Config, session: SessionRow, stage: SessionStage, nowMs: number): boolean {
  if (session.stage !== stage || session.revoked_at_ms !== null || Number(session.expires_at_ms) <= nowMs) return false;
  const idleMs = config.operatorSessionIdleMinutes * 60_000;
  return stage !== 'signed-in' || Number(session.last_seen_at_ms) + idleMs > nowMs;
}

/** The live session a cookie names at a stage, with its operator (enabled); undefined when it has ended. */
export async function liveSession(
  ctx: SessionKeeping,
  token: string | undefined,
  stage: SessionStage,
): Promise<LiveSession | undefined> {
  if (token === undefined || !tokenPattern.test(token)) return undefined;
  const nowMs = ctx.clock.nowMs();
  const session = await findSession(ctx.db, tokenHash(token));
  if (!session || !alive(ctx.config, session, stage, nowMs)) return undefined;
  const operator = await repo.findOperator(ctx.db, session.operator_id);
  if (!operator || operator.disabled || !operator.enrolled) return undefined;
  if (stage === 'signed-in') await touchSession(ctx.db, session.id, nowMs, limits.operatorSessionTouchIntervalMs);
  return { session, operator };
}
