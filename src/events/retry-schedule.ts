import { limits } from '../limits.js';

// When a retrying endpoint (retryPolicy 'exponential') gets its next attempt of an event: the schedule of
// limits.webhookRetryDelaysMs, each pause lengthened by up to webhookRetryJitterRatio, unless the receiver asked
// with Retry-After. 2xx is delivered and 410 Gone says "never again" (Standard Webhooks, Svix): neither is retried.

export type RetryPolicy = 'none' | 'exponential';
export const retryPolicies: readonly RetryPolicy[] = ['none', 'exponential'];

/** Attempts of one event to one endpoint, the first included. */
export const attemptsMax = limits.webhookRetryDelaysMs.length + 1;

/**
 * A Retry-After value (RFC 9110 10.2.3: delay-seconds or an HTTP date) as a pause from nowMs, at least 0 and at most
 * limits.webhookRetryAfterMaxMs; undefined when absent or unreadable (the schedule applies).
 */
export function retryAfterMs(header: string | undefined, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  let pauseMs: number;
  if (/^\d+$/.test(value)) pauseMs = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at) || !/[A-Za-z]/.test(value)) return undefined;
    pauseMs = at - nowMs;
  }
  return Math.min(Math.max(pauseMs, 0), limits.webhookRetryAfterMaxMs);
}

export interface FailedAttempt {
  /** The attempt that failed, 1 for the first. */
  readonly attempt: number;
  readonly statusCode: number | undefined;
  readonly retryAfter: string | undefined;
}

/**
 * The pause before the next attempt, or undefined when there is none: the schedule is spent, or the receiver
 * answered 410 Gone. `random` is a number in [0, 1).
 */
export function nextAttemptPauseMs(failed: FailedAttempt, nowMs: number, random: () => number): number | undefined {
  if (failed.statusCode === 410) return undefined;
  const scheduledMs = limits.webhookRetryDelaysMs[failed.attempt - 1];
  if (scheduledMs === undefined) return undefined;
  const askedMs = retryAfterMs(failed.retryAfter, nowMs);
  if (askedMs !== undefined) return askedMs;
  return Math.round(scheduledMs * (1 + limits.webhookRetryJitterRatio * random()));
}
