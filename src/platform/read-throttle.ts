import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import './fastify-types.js';

const delayStepMs = 25;
const delayMaxMs = 1_000;

/**
 * Reads are slowed past a threshold, never refused (spec: Limits). Each process counts a workspace's GETs per
 * second; beyond READ_THROTTLE_PER_SECOND each further read waits a little longer, up to a second. The count is per
 * process on purpose: added latency needs no coordination, and N processes simply allow N times the rate.
 * Operators lift it per workspace (readThrottleLifted), e.g. for a benchmark.
 */
export function readThrottle(ctx: AppContext) {
  const windows = new Map<string, { second: number; count: number }>();
  return async (request: FastifyRequest): Promise<void> => {
    if (request.method !== 'GET' || request.workspace.readThrottleLifted) return;
    const second = Math.floor(ctx.clock.nowMs() / 1000);
    const window = windows.get(request.workspace.id);
    const current = window && window.second === second ? window : { second, count: 0 };
    current.count += 1;
    windows.set(request.workspace.id, current);
    if (windows.size > 10_000) windows.clear(); // bounded memory; a cleared count only throttles less for a second
    const over = current.count - ctx.config.readThrottlePerSecond;
    if (over > 0) await sleep(Math.min(over * delayStepMs, delayMaxMs));
  };
}
