import { type BrowserSessionRow, sessionStore } from '../../platform/browser/session-store.js';

// The SQL of console sessions (migrations/0033_operators.sql), run by the signed-in sites' one session store
// (platform/browser/session-store.ts). A row's id is the SHA-256 of the cookie's token.

export type { SessionStage } from '../../platform/browser/session-store.js';

export type SessionRow = BrowserSessionRow & { readonly operator_id: string };

const columns = `id, operator_id, stage, csrf_token, created_at_ms, last_seen_at_ms, expires_at_ms, revoked_at_ms,
  address, user_agent`;

/** The console's sessions: each statement's parameters are those session-store.ts lists. */
export const operatorSessions = sessionStore<SessionRow>({
  insert: `insert into operator_sessions
       (id, operator_id, stage, csrf_token, created_at_ms, last_seen_at_ms, expires_at_ms, address, user_agent)
     values ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
  find: `select ${columns} from operator_sessions where id = $1`,
  touch: 'update operator_sessions set last_seen_at_ms = $2 where id = $1 and last_seen_at_ms < $3',
  revoke: 'update operator_sessions set revoked_at_ms = $2 where id = $1 and revoked_at_ms is null',
  revokeAccount: `update operator_sessions set revoked_at_ms = $2
      where operator_id = $1 and revoked_at_ms is null and expires_at_ms > $2 and id <> $3 returning id`,
  live: `select ${columns} from operator_sessions
      where operator_id = $1 and stage = 'signed-in' and revoked_at_ms is null and expires_at_ms > $2
      order by created_at_ms desc`,
  prune: 'delete from operator_sessions where expires_at_ms < $1',
});

export const revokeSession = operatorSessions.revoke;
export const revokeOperatorSessions = operatorSessions.revokeAccount;
export const liveSessions = operatorSessions.live;
export const pruneSessions = operatorSessions.prune;
