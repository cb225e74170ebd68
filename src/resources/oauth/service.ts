import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../app-context.js';
import { verifyPassword } from '../../workspaces/password.js';
import { findWorkspaceByClientId } from '../../workspaces/repo.js';
import { recordOutcome, takeTurn } from './login-throttle.js';

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

export type TokenOutcome =
  | { ok: true; token: string; expiresInSeconds: number }
  | { ok: false; error: OAuthErrorCode; description: string };

export async function requestToken(
  ctx: AppContext,
  clientId: string,
  username: string,
  password: string,
): Promise<TokenOutcome> {
  const workspace = await findWorkspaceByClientId(ctx.db, clientId);
  if (!workspace?.enabled) {
    return { ok: false, error: 'invalid_client', description: 'Unknown or disabled client' };
  }
  const turn = await takeTurn(ctx.db, workspace.id, ctx.clock.nowMs());
  if (turn.waitMs > 0) await sleep(turn.waitMs);
  if (!turn.hashAllowed) {
    return {
      ok: false,
      error: 'invalid_grant',
      description: 'Too many failed attempts for this client; try again later',
    };
  }
  // Hash even when the username is wrong, so that the answer time does not tell which part was wrong.
  const passwordMatches = await verifyPassword(password, workspace.password_hash);
  const valid = passwordMatches && username === workspace.username;
  await recordOutcome(ctx.db, workspace.id, valid);
  if (!valid) return { ok: false, error: 'invalid_grant', description: 'Invalid username or password' };
  const { token, expiresInSeconds } = await ctx.tokens.mint(
    workspace.id,
    workspace.credential_version,
    ctx.clock.nowMs(),
  );
  return { ok: true, token, expiresInSeconds };
}
