import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { authorization } from '../domain/errors.js';
import { adminTokenActor } from './actor.js';
import './fastify-types.js';

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(header.trim());
  return match?.[1];
}

/** onRequest hook for /v1: a genuine, unexpired token of an enabled workspace whose credentials were not rotated. */
export function partnerAuth(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerOf(request);
    if (token === undefined) throw authorization('Missing or malformed bearer token');
    const claims = ctx.tokens.read(token, ctx.clock.nowMs());
    if (claims === undefined) throw authorization('Invalid or expired access token');
    const workspace = await ctx.workspaces.get(claims.sub);
    if (!workspace?.enabled || workspace.credentialVersion !== claims.cv) {
      throw authorization('Access token revoked; request a new one');
    }
    request.workspace = workspace;
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** onRequest hook for /admin/v1: the operators' ADMIN_TOKEN, compared in constant time. */
export function adminAuth(ctx: AppContext) {
  const expected = digest(ctx.adminToken);
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerOf(request);
    if (token === undefined || !timingSafeEqual(digest(token), expected)) {
      throw authorization('Operator endpoints need Authorization: Bearer <ADMIN_TOKEN>');
    }
    request.actor = adminTokenActor(request);
  };
}
