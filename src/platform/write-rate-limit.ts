import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { ApiError } from '../domain/errors.js';
import { limits } from '../limits.js';
import './fastify-types.js';

/**
 * The write limit on POST /v1/orders, /v1/deposits and /v1/withdrawals: about N requests a minute per workspace,
 * counted in the database so that every process shares the count. Beyond it: 503 OperationError with RateLimit-*
 * headers and no Retry-After (the spec; never a 429). It runs before the body is validated or a key reserved, so a
 * limited request created nothing and may simply be resent.
 */
export function writeRateLimit(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const limit = request.workspace.writeLimitPerMinute ?? ctx.config.writeRateLimitPerMinute;
    const nowMs = ctx.clock.nowMs();
    const windowStartMs = nowMs - (nowMs % limits.writeRateWindowMs);
    const rows = await ctx.db.query<{ count: number }>(
      `insert into write_rate_windows (workspace_id, window_start_ms, count) values ($1, $2, 1)
       on conflict (workspace_id, window_start_ms) do update set count = write_rate_windows.count + 1
       returning count`,
      [request.workspace.id, windowStartMs],
    );
    const count = rows[0]?.count ?? 1;
    if (count === 1) {
      // The first write of a new window clears this workspace's older windows: the table stays small.
      await ctx.db.query('delete from write_rate_windows where workspace_id = $1 and window_start_ms < $2', [
        request.workspace.id,
        windowStartMs,
      ]);
    }
    const headers = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - count)),
      'RateLimit-Reset': String(Math.ceil((windowStartMs + limits.writeRateWindowMs - nowMs) / 1000)),
    };
    void reply.headers(headers);
    if (count > limit) {
      throw new ApiError(
        'OperationError',
        `Write rate limit of ${limit} requests per minute exceeded for this workspace; nothing was created, resend later`,
        undefined,
        headers,
      );
    }
  };
}
