import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppContext } from '../app-context.js';
import { limits } from '../limits.js';
import './fastify-types.js';

/**
 * Reads are slowed past a threshold, never refused (spec: Limits). Each process counts a workspace's GETs per
 * second; beyond READ_THROTTLE_PER_SECOND each further read waits a little longer, up to a second. The count is per
 * process on purpose: added latency needs no coordination, and N processes simply allow N times the rate.
 * Operators lift it per workspace (readThrottleLifted), e.g. for a benchmark.
 */
export function readThrottle(ctx: Pick<AppContext, 'clock' | 'config'>) {
  const windows = new Map<string, { second: number; count: number }>();
  /** How long this read waits: 0 under the threshold. */
  const delayOf = (request: FastifyRequest): number => {
    if (request.method !== 'GET' || request.workspace.readThrottleLifted) return 0;
    const second = Math.floor(ctx.clock.nowMs() / 1000);
    const window = windows.get(request.workspace.id);
    const current = window && window.second === second ? window : { second, count: 0 };
    current.count += 1;
    windows.set(request.workspace.id, current);
    if (windows.size > limits.readThrottleWorkspacesMax) windows.clear(); // bounded memory; a cleared count only throttles less for a second
    const over = current.count - ctx.config.readThrottlePerSecond;
    return over > 0 ? Math.min(over * limits.readThrottleDelayStepMs, limits.readThrottleDelayMaxMs) : 0;
  };
  // A callback hook rather than an async one: most reads are not delayed, and pass on without a promise.
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const delayMs = delayOf(request);
    if (delayMs === 0) done();
    else setTimeout(done, delayMs);
  };
}
