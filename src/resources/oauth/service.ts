import type { AppContext } from '../../app-context.js';
import { freshBucket, sourceOf, tokenGate } from '../../domain/operators/sign-in-throttle.js';
import { forgetBucket, readBuckets, recordFailure, tokenKeys } from '../../platform/sign-in-throttle-repo.js';
import { credentialVersionOpenedBy } from '../../workspaces/credentials.js';
import { findWorkspaceByClientId } from '../../workspaces/repo.js';

// The password grant, throttled per source address and per client (domain/operators/sign-in-throttle.ts): a held
// request is answered at once, before the password is hashed, and writes nothing; the client's hold applies only to
// a source that has failed for that client, so a correct grant from a source that has not been failing is never held.

export type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

export type TokenOutcome =
  | { ok: true; token: string; expiresInSeconds: number }
  | { ok: false; error: OAuthErrorCode; description: string }
  /** Throttled: nothing was checked; the caller may try again at retryAtMs. */
  | { ok: false; error: 'temporarily_unavailable'; description: string; retryAtMs: number };

/** What the password grant reads of the server. */
export type TokenRequesting = Pick<AppContext, 'db' | 'clock' | 'tokens'>;

export async function requestToken(
  ctx: TokenRequesting,
  clientId: string,
  username: string,
  password: string,
  address: string,
): Promise<TokenOutcome> {
  const workspace = await findWorkspaceByClientId(ctx.db, clientId);
  if (!workspace?.enabled) {
    return { ok: false, error: 'invalid_client', description: 'Unknown or disabled client' };
  }
  const nowMs = ctx.clock.nowMs();
  const keys = tokenKeys(workspace.id, sourceOf(address));
  const [addressBucket = freshBucket, client = freshBucket, source = freshBucket] = await readBuckets(
    ctx.db,
    [keys.address, keys.client, keys.source],
    nowMs,
  );
  const gate = tokenGate({ address: addressBucket, client, source }, nowMs);
  if (gate.locked) {
    return {
      ok: false,
      error: 'temporarily_unavailable',
      description: 'Too many failed token requests from this address; retry later',
      retryAtMs: gate.retryAtMs,
    };
  }
  // Hash even when the username is wrong, so that the answer time does not tell which part was wrong. While a
  // rotation's overlap runs, the previous password opens the previous credential version (workspaces/credentials.ts).
  const version = await credentialVersionOpenedBy(workspace, password, nowMs);
  if (version === undefined || username !== workspace.username) {
    await recordFailure(ctx.db, [keys.address, keys.client, keys.source], nowMs);
    return { ok: false, error: 'invalid_grant', description: 'Invalid username or password' };
  }
  if (source.failures > 0) await forgetBucket(ctx.db, keys.source);
  const { token, expiresInSeconds } = await ctx.tokens.mint(workspace.id, version, ctx.clock.nowMs());
  return { ok: true, token, expiresInSeconds };
}
