// When a failed call is tried again, and after how long (spec, Errors: "ExternalServiceError 503: retry with
// backoff; on writes use an idempotency key", "OperationError 503: retry with backoff"; Limits: the write limit is
// a 503 OperationError with RateLimit-* headers whose request created nothing, so resending is safe).

import { type BrokerageError, BrokerageNetworkError } from './errors.js';

export interface RetryPolicy {
  /** Tries of one logical call, the first included (1: never retry). */
  readonly maxAttempts: number;
  /** The first backoff's ceiling; each later one doubles it (full jitter: a random wait below the ceiling). */
  readonly baseDelayMs: number;
  /**
   * The longest wait: the backoff's ceiling never exceeds it, and a wait the server asks for (Retry-After, the
   * write limit's RateLimit-Reset) that is longer is not waited: the error is thrown for the caller to decide.
   */
  readonly maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 60_000 };

const retriedTypes = new Set(['OperationError', 'ExternalServiceError']);

/** Only a 503 OperationError or ExternalServiceError is retried; every other 4xx and 5xx is the caller's. */
export function isRetriedAnswer(error: BrokerageError): boolean {
  return error.status === 503 && retriedTypes.has(error.error);
}

/**
 * A network failure is retried when resending cannot do anything twice: the call is a read, or it carries an
 * Idempotency-Key, or the connection was refused (nothing was sent).
 */
export function isRetriedNetworkFailure(error: BrokerageNetworkError, safeToResend: boolean): boolean {
  return safeToResend || refused(error.cause);
}

function refused(cause: unknown): boolean {
  const code = (cause as { cause?: { code?: unknown }; code?: unknown } | undefined)?.cause?.code;
  return code === 'ECONNREFUSED';
}

/** The wait the server asks for, in ms: Retry-After (seconds or an HTTP date), else the write limit's reset. */
export function serverDelayMs(error: BrokerageError, nowMs: number): number | undefined {
  const retryAfter = error.headers?.get('retry-after')?.trim();
  if (retryAfter !== undefined && retryAfter !== '') {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - nowMs);
  }
  const reset = error.rateLimit?.resetSeconds;
  return reset === undefined ? undefined : reset * 1000;
}

/** Full jitter (a random wait from 0 to the ceiling): clients that failed together do not retry together. */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * How long to wait before try `attempt + 1` after `error`, or undefined when the call ends with the error: not a
 * retried error, no try left, or a server-asked wait beyond maxDelayMs.
 */
export function delayBeforeRetry(
  policy: RetryPolicy,
  attempt: number,
  error: BrokerageError,
  safeToResend: boolean,
  nowMs: number,
  random: () => number,
): number | undefined {
  if (attempt >= policy.maxAttempts) return undefined;
  if (error instanceof BrokerageNetworkError) {
    return isRetriedNetworkFailure(error, safeToResend) ? backoffMs(policy, attempt, random) : undefined;
  }
  if (!isRetriedAnswer(error)) return undefined;
  const asked = serverDelayMs(error, nowMs);
  if (asked === undefined) return backoffMs(policy, attempt, random);
  // A little jitter on top of the asked wait: clients limited in the same window do not all come back at once.
  return asked > policy.maxDelayMs ? undefined : asked + backoffMs(policy, 1, random);
}
