import type { Config } from '../../config.js';
import { type NewSessionCookie, type SessionKeeping, siteSessions } from '../../platform/browser/sessions.js';
import type { Who } from '../../platform/browser/who.js';
import type { Clock } from '../../platform/clock.js';
import type { Queryable } from '../../storage/db.js';
import * as repo from './repo.js';
import { operatorSessions, type SessionRow, type SessionStage } from './sessions-repo.js';

// Console sessions (operator console issue, item 1; docs/decisions/operators-console-and-audit.md, "Operator accounts
// and the console's shell", "Sessions"): the signed-in sites' sessions (platform/browser/sessions.ts: a row per
// sign-in step, its lifetime and idle timeout, its end on revocation) over operator_sessions. The console signs in
// in two steps: a 'second-factor' session between the password and the code, then a 'signed-in' one.

export type { NewSessionCookie, SessionKeeping } from '../../platform/browser/sessions.js';
export type { Who } from '../../platform/browser/who.js';

const consoleSessions = siteSessions({
  store: operatorSessions,
  accountIdOf: (session: SessionRow) => session.operator_id,
  findAccount: repo.findOperator,
});

/** Opens a session of a stage; each sign-in step gets a new token, so a token seen before sign-in is worthless. */
export function startSession(
  clock: Clock,
  config: Config,
  db: Queryable,
  operatorId: string,
  stage: SessionStage,
  who: Who,
): Promise<NewSessionCookie> {
  return consoleSessions.start({ clock, config }, db, operatorId, stage, who);
}

export interface LiveSession {
  readonly session: SessionRow;
  readonly operator: repo.OperatorRow;
}

/** The live session a cookie names at a stage, with its operator (enabled); undefined when it has ended. */
export async function liveSession(
  ctx: SessionKeeping,
  token: string | undefined,
  stage: SessionStage,
): Promise<LiveSession | undefined> {
  const live = await consoleSessions.live(ctx, token, stage);
  return live && { session: live.session, operator: live.account };
}
