import { describe, expect, it } from 'vitest';
import { limits } from '../limits.js';
import { attemptsMax, nextAttemptPauseMs, retryAfterMs } from './retry-schedule.js';

const nowMs = Date.parse('2026-03-02T10:00:00Z');
const hour = 3_600_000;

describe('retryAfterMs', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['120', 120_000],
    [' 0 ', 0],
    ['Mon, 02 Mar 2026 10:05:00 GMT', 5 * 60_000],
    ['Mon, 02 Mar 2026 09:00:00 GMT', 0],
    ['999999', limits.webhookRetryAfterMaxMs],
    ['Fri, 02 Apr 2027 10:00:00 GMT', limits.webhookRetryAfterMaxMs],
    ['-5', undefined],
    ['soon', undefined],
    ['1.5', undefined],
  ])('%j is %j ms', (header, expected) => {
    expect(retryAfterMs(header, nowMs)).toBe(expected);
  });
});

describe('nextAttemptPauseMs', () => {
  const failed = (attempt: number, statusCode: number | undefined = 500, retryAfter?: string) => ({
    attempt,
    statusCode,
    retryAfter,
  });

  it('follows the schedule, lengthened by the jitter, until it is spent', () => {
    expect(nextAttemptPauseMs(failed(1), nowMs, () => 0)).toBe(60_000);
    expect(nextAttemptPauseMs(failed(1), nowMs, () => 0.5)).toBe(66_000);
    expect(nextAttemptPauseMs(failed(2, undefined), nowMs, () => 0)).toBe(5 * 60_000);
    expect(nextAttemptPauseMs(failed(attemptsMax - 1), nowMs, () => 0)).toBe(24 * hour);
    expect(nextAttemptPauseMs(failed(attemptsMax), nowMs, () => 0)).toBeUndefined();
  });

  it('spans about three days: never less than the largest WEBHOOK_DISABLE_AFTER_HOURS', () => {
    const shortest = limits.webhookRetryDelaysMs.reduce((sum, ms) => sum + ms, 0);
    const longest = shortest * (1 + limits.webhookRetryJitterRatio);
    expect(shortest).toBeGreaterThanOrEqual(limits.webhookDisableAfterMaxHours * hour);
    expect(longest).toBeLessThan(4 * 24 * hour);
    expect(attemptsMax).toBe(10);
  });

  it('honours Retry-After instead, bounded, and stops at 410 Gone', () => {
    expect(nextAttemptPauseMs(failed(1, 503, '7'), nowMs, () => 0.9)).toBe(7_000);
    expect(nextAttemptPauseMs(failed(3, 429, '100000'), nowMs, () => 0)).toBe(limits.webhookRetryAfterMaxMs);
    expect(nextAttemptPauseMs(failed(attemptsMax, 503, '7'), nowMs, () => 0)).toBeUndefined();
    expect(nextAttemptPauseMs(failed(1, 410), nowMs, () => 0)).toBeUndefined();
  });
});
