import { type BrowserSessionRow, sessionStore } from '../platform/browser/session-store.js';

// The SQL of dashboard sessions (migrations/0044_partner_users.sql), run by the signed-in sites' one session store
// (platform/browser/session-store.ts), as the console's. A row's id is the SHA-256 of the cookie's token.

export type { SessionStage } from '../platform/browser/session-store.js';

export type SessionRow = BrowserSessionRow & { readonly partner_user_id: string };

const columns = `id, partner_user_id, stage, csrf_token, created_at_ms, last_seen_at_ms, expires_at_ms, revoked_at_ms,
  address, user_agent`;

/** The dashboard's sessions: each statement's parameters are those session-store.ts lists. */
export const partnerUserSessions = sessionStore<SessionRow>({
  insert: `insert into partner_user_sessions
       (id, partner_user_id, stage, csrf_token, created_at_ms, last_seen_at_ms, expires_at_ms, address, user_agent)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
  find: `select ${columns} from partner_user_sessions where id = $1`,
  touch: 'update partner_user_sessions set last_seen_at_ms = $2 where id = $1 and last_seen_at_ms < $3',
  revoke: 'update partner_user_sessions set revoked_at_ms = $2 where id = $1 and revoked_at_ms is null',
  revokeAccount: `update partner_user_sessions set revoked_at_ms = $2
      where partner_user_id = $1 and revoked_at_ms is null and expires_at_ms > $2 and id <> $3 returning id`,
  live: `select ${columns} from partner_user_sessions
      where partner_user_id = $1 and stage = 'signed-in' and revoked_at_ms is null and expires_at_ms > $2
      order by created_at_ms desc`,
  prune: 'delete from partner_user_sessions where expires_at_ms < $1',
});

export const revokeSession = partnerUserSessions.revoke;
export const revokePartnerUserSessions = partnerUserSessions.revokeAccount;
export const liveSessions = partnerUserSessions.live;
export const pruneSessions = partnerUserSessions.prune;
