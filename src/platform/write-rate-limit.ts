import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { ApiError } from '../domain/errors.js';
import { limits } from '../limits.js';
import type { Db } from '../storage/db.js';
import './fastify-types.js';

/**
 * The write limit on POST /v1/orders, /v1/deposits and /v1/withdrawals: about N requests a minute per workspace,
 * counted in the database so that every process shares the count. Beyond it: 503 OperationError with RateLimit-*
 * headers and no Retry-After (the spec; never a 429). It runs before the body is validated or a key reserved, so a
 * limited request created nothing and may simply be resent.
 */
/** What the write limit reads of the server: the store its leases live in, the clock, the configured limit. */
export type WriteLimitContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export function writeRateLimit(ctx: WriteLimitContext) {
  const allowances = allowancesOf(ctx);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const limit = request.workspace.writeLimitPerMinute ?? ctx.config.writeRateLimitPerMinute;
    const nowMs = ctx.clock.nowMs();
    const windowStartMs = nowMs - (nowMs % limits.writeRateWindowMs);
    const { allowed, remaining } = await allowances.take(request.workspace.id, windowStartMs, limit);
    const headers = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(Math.ceil((windowStartMs + limits.writeRateWindowMs - nowMs) / 1000)),
    };
    void reply.headers(headers);
    if (!allowed) {
      throw new ApiError(
        'OperationError',
        `Write rate limit of ${limit} requests per minute exceeded for this workspace; nothing was created, resend later`,
        undefined,
        headers,
      );
    }
  };
}

/**
 * How many writes a process claims from the shared count at once. Below 200 a minute it is 1: every write is
 * counted in the database as it happens, and the limit is exact across processes. Above, a process claims about
 * 1% of the limit and spends it without a round trip, so the count costs one statement per lease instead of one
 * per write. The price: writes another process has claimed but not yet spent are unavailable here, so with P
 * processes a workspace can be refused up to (P - 1) leases before its limit. It is never admitted beyond it.
 */
export function leaseSize(limitPerMinute: number): number {
  return Math.max(1, Math.floor(limitPerMinute / 100));
}

/**
 * Of a lease of `lease` writes that brought the window's count to `countAfter`, how many are within the limit: the
 * lease holds the numbers countAfter - lease + 1 to countAfter, and only those up to the limit may be spent.
 */
export function writesWithinLimit(countAfter: number, lease: number, limitPerMinute: number): number {
  return Math.max(0, Math.min(lease, limitPerMinute - (countAfter - lease)));
}

interface Lease {
  windowStartMs: number;
  /** The window's shared count after this process's last claim. */
  countAfter: number;
  /** Writes of the lease within the limit. */
  granted: number;
  /** Of those, the ones this process has not spent yet. */
  unspent: number;
}

/** A process's leases, per workspace, for the current window only. */
class WriteAllowances {
  private readonly leases = new Map<string, Lease>();
  private readonly claiming = new Map<string, Promise<Lease>>();

  constructor(private readonly db: Db) {}

  async take(
    workspaceId: string,
    windowStartMs: number,
    limit: number,
  ): Promise<{ allowed: boolean; remaining: number }> {
    for (;;) {
      const lease = this.leases.get(workspaceId);
      if (lease !== undefined && lease.windowStartMs === windowStartMs && lease.unspent > 0) {
        lease.unspent -= 1;
        return { allowed: true, remaining: remainingOf(lease, limit) };
      }
      const fresh = await this.claimOnce(workspaceId, windowStartMs, limit);
      // Requests that waited on the same claim share its lease; when they have spent it, the next one claims again.
      if (fresh.granted === 0) return { allowed: false, remaining: remainingOf(fresh, limit) };
    }
  }

  /** Concurrent requests of a workspace wait on one claim rather than each claiming a lease. */
  private claimOnce(workspaceId: string, windowStartMs: number, limit: number): Promise<Lease> {
    const key = `${workspaceId} ${windowStartMs}`;
    let pending = this.claiming.get(key);
    if (pending === undefined) {
      pending = this.claim(workspaceId, windowStartMs, limit).finally(() => this.claiming.delete(key));
      this.claiming.set(key, pending);
    }
    return pending;
  }

  private async claim(workspaceId: string, windowStartMs: number, limit: number): Promise<Lease> {
    const size = leaseSize(limit);
    const rows = await this.db.query<{ count: number }>(
      `insert into write_rate_windows (workspace_id, window_start_ms, count) values ($1, $2, $3)
       on conflict (workspace_id, window_start_ms) do update set count = write_rate_windows.count + $3
       returning count`,
      [workspaceId, windowStartMs, size],
    );
    const countAfter = Number(rows[0]?.count ?? size);
    if (countAfter === size) {
      // The first claim of a new window clears this workspace's older windows: the table stays small.
      await this.db.query('delete from write_rate_windows where workspace_id = $1 and window_start_ms < $2', [
        workspaceId,
        windowStartMs,
      ]);
      this.forgetOtherWindows(windowStartMs);
    }
    const granted = writesWithinLimit(countAfter, size, limit);
    const lease = { windowStartMs, countAfter, granted, unspent: granted };
    this.leases.set(workspaceId, lease);
    return lease;
  }

  private forgetOtherWindows(windowStartMs: number): void {
    for (const [workspaceId, lease] of this.leases) {
      if (lease.windowStartMs !== windowStartMs) this.leases.delete(workspaceId);
    }
  }
}

/** What is left for the workspace as this process sees it: the shared count, less what it holds unspent. */
function remainingOf(lease: Lease, limit: number): number {
  return Math.max(0, limit - lease.countAfter + lease.unspent);
}

// One set of leases per server (a process has one), shared by its three write routes.
const allowancesByServer = new WeakMap<WriteLimitContext, WriteAllowances>();

function allowancesOf(ctx: WriteLimitContext): WriteAllowances {
  let allowances = allowancesByServer.get(ctx);
  if (allowances === undefined) {
    allowances = new WriteAllowances(ctx.db);
    allowancesByServer.set(ctx, allowances);
  }
  return allowances;
}
