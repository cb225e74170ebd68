import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';
import type { BrowserSessionRow, SessionStage, SessionStore } from './session-store.js';
import { newToken, tokenHash, tokenPattern } from './tokens.js';
import type { Who } from './who.js';

// The sessions of a signed-in site, the console's and the dashboard's alike (operator console issue, item 1; issue
// 30, item 1; docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell",
// "Sessions"): a row per sign-in step, named by the SHA-256 of the cookie's random token. A signed-in session ends at
// the first of: its absolute expiry (OPERATOR_SESSION_MAX_HOURS after sign-in), its idle timeout
// (OPERATOR_SESSION_IDLE_MINUTES since the last request), its revocation (sign-out, an admin's revoke, the account
// disabled or re-enrolled). A session waiting for the second factor (the console's password step) lasts
// operatorSecondFactorWindowMs and is never touched. The dashboard signs in in one step: its sessions are only ever
// 'signed-in'.

/** What opening and checking a site's sessions reads of the server: the store, the clock, the session limits. */
export type SessionKeeping = Pick<AppContext, 'db' | 'clock' | 'config'>;

export interface NewSessionCookie {
  /** The cookie's value: shown to the browser only, never stored. */
  readonly token: string;
  readonly expiresAtMs: number;
}

/** When a session of a stage opened now ends at the latest. */
export function sessionExpiry(config: Pick<Config, 'operatorSessionMaxHours'>, stage: SessionStage, nowMs: number) {
  return stage === 'signed-in'
    ? nowMs + config.operatorSessionMaxHours * 3_600_000
    : nowMs + limits.operatorSecondFactorWindowMs;
}

/** Whether a session row is still good now, at its stage. */
export function sessionAlive(
  config: Pick<Config, 'operatorSessionIdleMinutes'>,
  session: Pick<BrowserSessionRow, 'stage' | 'revoked_at_ms' | 'expires_at_ms' | 'last_seen_at_ms'>,
  stage: SessionStage,
  nowMs: number,
): boolean {
  if (session.stage !== stage || session.revoked_at_ms !== null || Number(session.expires_at_ms) <= nowMs) return false;
  const idleMs = config.operatorSessionIdleMinutes * 60_000;
  return stage !== 'signed-in' || Number(session.last_seen_at_ms) + idleMs > nowMs;
}

/** What a session's check reads of its account: a disabled one, or one not (or no longer) enrolled, has none. */
export interface SessionAccount {
  readonly enrolled: boolean;
  readonly disabled: boolean;
}

/** What differs between the sites' sessions: their table, and how a row names its account. */
export interface SessionSite<Session extends BrowserSessionRow, Account extends SessionAccount> {
  readonly store: Pick<SessionStore<Session>, 'insert' | 'find' | 'touch'>;
  readonly accountIdOf: (session: Session) => string;
  readonly findAccount: (db: Queryable, id: string) => Promise<Account | undefined>;
}

export interface LiveBrowserSession<Session, Account> {
  readonly session: Session;
  readonly account: Account;
}

export interface SiteSessions<Session extends BrowserSessionRow, Account extends SessionAccount> {
  /** Opens a session of a stage; each sign-in step gets a new token, so a token seen before sign-in is worthless. */
  start(
    ctx: Pick<SessionKeeping, 'clock' | 'config'>,
    db: Queryable,
    accountId: string,
    stage: SessionStage,
    who: Who,
  ): Promise<NewSessionCookie>;
  /** The live session a cookie names at a stage, with its account; undefined when it has ended. */
  live(
    ctx: SessionKeeping,
    token: string | undefined,
    stage: SessionStage,
  ): Promise<LiveBrowserSession<Session, Account> | undefined>;
}

export function siteSessions<Session extends BrowserSessionRow, Account extends SessionAccount>(
  site: SessionSite<Session, Account>,
): SiteSessions<Session, Account> {
  return {
    async start(ctx, db, accountId, stage, who) {
      const token = newToken();
      const nowMs = ctx.clock.nowMs();
      const expiresAtMs = sessionExpiry(ctx.config, stage, nowMs);
      await site.store.insert(db, {
        id: tokenHash(token),
        accountId,
        stage,
        csrfToken: newToken(),
        nowMs,
        expiresAtMs,
        address: who.address,
        userAgent: who.userAgent?.slice(0, 500),
      });
      return { token, expiresAtMs };
    },
    async live(ctx, token, stage) {
      if (token === undefined || !tokenPattern.test(token)) return undefined;
      const nowMs = ctx.clock.nowMs();
      const session = await site.store.find(ctx.db, tokenHash(token));
      if (!session || !sessionAlive(ctx.config, session, stage, nowMs)) return undefined;
      const account = await site.findAccount(ctx.db, site.accountIdOf(session));
      if (!account || account.disabled || !account.enrolled) return undefined;
      if (stage === 'signed-in') {
        await site.store.touch(ctx.db, session.id, nowMs, limits.operatorSessionTouchIntervalMs);
      }
      return { session, account };
    },
  };
}
