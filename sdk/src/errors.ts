// Typed errors, one class per `error` type of the spec's Errors table (the document's ErrorType), all extending
// BrokerageError. Branch on the class or on `error`, never on `message` (spec, Errors).

/** The write limit's RateLimit-* headers (spec, Limits: "RateLimit-* headers present, no Retry-After"). */
export interface RateLimitInfo {
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
  /** Seconds until the window resets and writes are admitted again. */
  readonly resetSeconds: number | undefined;
}

export interface ErrorDetails {
  readonly status: number;
  readonly error: string;
  readonly message: string;
  readonly errorId?: string | number | undefined;
  readonly requestId?: string | undefined;
  readonly body?: unknown;
  readonly headers?: Headers | undefined;
}

/** Any error the API answered (or, for BrokerageNetworkError, failed to answer). */
export class BrokerageError extends Error {
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The spec's error type (`ValidationError`, ...), or an OAuth error code, or one this SDK does not know yet. */
  readonly error: string;
  /** Create routes' `errorId` (a name and timestamp, or a numeric id such as 1008). */
  readonly errorId: string | number | undefined;
  /** The answer's X-Request-Id: quote it to support, it finds the server's log line. */
  readonly requestId: string | undefined;
  /** The answer's body as sent, every field kept. */
  readonly body: unknown;
  readonly headers: Headers | undefined;
  /** The write limit's headers, when the answer carried them. */
  readonly rateLimit: RateLimitInfo | undefined;

  constructor(details: ErrorDetails) {
    super(details.message);
    this.name = new.target.name;
    this.status = details.status;
    this.error = details.error;
    this.errorId = details.errorId;
    this.requestId = details.requestId;
    this.body = details.body;
    this.headers = details.headers;
    this.rateLimit = rateLimitOf(details.headers);
  }
}

/** 400: the body or parameters failed validation. Fix the request. */
export class ValidationError extends BrokerageError {}
/** 404: a referenced resource does not exist. */
export class ExistenceError extends BrokerageError {}
/** 409: the resource's state does not allow the operation. Re-read it. */
export class StateError extends BrokerageError {}
/** 409: the operation would create a duplicate. */
export class DuplicityError extends BrokerageError {}
/** 401: missing, invalid or expired credentials, or a resource outside the token's workspace. */
export class AuthorizationError extends BrokerageError {}
/** 403: a configured limit or allowance is exceeded. */
export class AllowanceError extends BrokerageError {}
/** 402: insufficient balance. */
export class FundsError extends BrokerageError {}
/** 503: a downstream dependency was unavailable; retried with backoff. */
export class ExternalServiceError extends BrokerageError {}
/** 503: an unexpected processing error, or the write limit (then `rateLimit` is set); retried with backoff. */
export class OperationError extends BrokerageError {}
/** The token endpoint's RFC 6749 errors (`invalid_grant`, `invalid_client`, ...), in `error`. */
export class OAuthError extends BrokerageError {}
/** No answer: the connection failed or was cut (fetch rejected). `cause` holds fetch's error. */
export class BrokerageNetworkError extends BrokerageError {}

/** The class of each `error` type; a type not listed here becomes a plain BrokerageError. */
export const errorClasses = {
  ValidationError,
  ExistenceError,
  StateError,
  DuplicityError,
  AuthorizationError,
  AllowanceError,
  FundsError,
  ExternalServiceError,
  OperationError,
} as const;

const numberOf = (value: string | null | undefined): number | undefined =>
  value === null || value === undefined || !/^\d+$/.test(value.trim()) ? undefined : Number(value);

function rateLimitOf(headers: Headers | undefined): RateLimitInfo | undefined {
  if (headers === undefined || !headers.has('ratelimit-reset')) return undefined;
  return {
    limit: numberOf(headers.get('ratelimit-limit')),
    remaining: numberOf(headers.get('ratelimit-remaining')),
    resetSeconds: numberOf(headers.get('ratelimit-reset')),
  };
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The typed error of a non-2xx answer. Both body shapes (read: ok, message, error; create: success, error,
 * message, errorId, errorName) carry `error` and `message`; the token endpoint answers OAuth's error and
 * error_description. A body that is not JSON keeps its text as the message.
 */
export function errorFromAnswer(status: number, headers: Headers, text: string, oauth: boolean): BrokerageError {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const error = textOf(fields.error) ?? `HTTP${status}`;
  const message = textOf(fields.message) ?? textOf(fields.error_description) ?? (text || `HTTP ${status}`);
  const errorId = typeof fields.errorId === 'number' ? fields.errorId : textOf(fields.errorId);
  const details = {
    status,
    error,
    message,
    errorId,
    requestId: headers.get('x-request-id') ?? undefined,
    body,
    headers,
  };
  if (oauth) return new OAuthError(details);
  const known = Object.hasOwn(errorClasses, error) ? errorClasses[error as keyof typeof errorClasses] : BrokerageError;
  return new known(details);
}
