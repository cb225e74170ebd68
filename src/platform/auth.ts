import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { authorization } from '../domain/errors.js';
import { limits } from '../limits.js';
import { acceptsCredentialVersion } from '../workspaces/credentials.js';
import { adminTokenActor } from './actor.js';
import type { TokenClaims } from './tokens.js';
import './fastify-types.js';

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(header.trim());
  return match?.[1];
}

/**
 * onRequest hook for /v1: a genuine, unexpired token of a live signing key, of an enabled workspace whose
 * credentials were not rotated since (or were, and the token's password is the previous one, within its overlap:
 * workspaces/credentials.ts). A token's signature is checked once: its claims are kept by the token's own text,
 * so that a client reusing its token for minutes costs a map lookup and the expiry check, not the verifier's hash of
 * the token per request. Rotation and disabling still apply at once: they are checked against the workspace on
 * every request; so is the signing key's retirement, against the keys the process reloaded last (tokens.ts).
 */
export function partnerAuth(ctx: Pick<AppContext, 'tokens' | 'clock' | 'workspaces'>) {
  const verified = new Map<string, TokenClaims>();
  const claimsOf = (token: string, nowMs: number): TokenClaims | undefined => {
    const known = verified.get(token);
    if (known !== undefined) {
      // A retired key's tokens stop here too, though their signature was checked while the key was live.
      return known.exp * 1000 > nowMs && ctx.tokens.verifies(known.kid) ? known : undefined;
    }
    const claims = ctx.tokens.read(token, nowMs);
    if (claims === undefined) return undefined;
    if (verified.size >= limits.authVerifiedTokensMax) verified.clear();
    verified.set(token, claims);
    return claims;
  };
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerOf(request);
    if (token === undefined) throw authorization('Missing or malformed bearer token');
    const nowMs = ctx.clock.nowMs();
    const refreshing = ctx.tokens.refreshIfDue(nowMs);
    if (refreshing !== undefined) await refreshing;
    const claims = claimsOf(token, nowMs);
    if (claims === undefined) throw authorization('Invalid or expired access token');
    const workspace = await ctx.workspaces.get(claims.sub);
    if (!workspace?.enabled || !acceptsCredentialVersion(workspace, claims.cv, nowMs)) {
      throw authorization('Access token revoked; request a new one');
    }
    request.workspace = workspace;
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** onRequest hook for /admin/v1: the operators' ADMIN_TOKEN, compared in constant time. */
export function adminAuth(ctx: Pick<AppContext, 'adminToken'>) {
  const expected = digest(ctx.adminToken);
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerOf(request);
    if (token === undefined || !timingSafeEqual(digest(token), expected)) {
      throw authorization('Operator endpoints need Authorization: Bearer <ADMIN_TOKEN>');
    }
    request.actor = adminTokenActor(request);
  };
}
