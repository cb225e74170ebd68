import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorTypes, numericErrorIds } from '../domain/errors.js';
import { StoreUnavailableError } from '../storage/db.js';
import type { RouteKind } from './fastify-types.js';
import { validationMessage } from './validation-message.js';

/**
 * The one renderer of error bodies. Read, list and delete routes answer { ok:false, message, error }; create
 * routes answer { success:false, error, message, errorId, errorName }. Anything unexpected is a 503
 * OperationError whose details go to the log, never to the client.
 */
export function registerErrorEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StoreUnavailableError) {
      // A transient failure of the database: the spec's 503 OperationError (retry with backoff), never a hang.
      request.log.warn({ err: error.driverError, outcomeUnknown: error.outcomeUnknown }, error.message);
      return sendError(request, reply, storeUnavailable(error));
    }
    const apiError = toApiError(error);
    if (apiError === undefined) {
      request.log.error({ err: error }, 'unexpected failure');
      return sendError(
        request,
        reply,
        new ApiError('OperationError', 'The operation could not be completed; retry later.'),
      );
    }
    if (apiError.status >= 500) request.log.warn({ err: error }, apiError.message);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // RFC 9110 section 15.5.14: a body over the limit is 413 Content Too Large, with the spec's ValidationError
      // body (the client's fix is to send less: docs/decisions/security-and-secrets.md, "The small hardening items (issue #28, item 4)": a body over the limit).
      return sendError(request, reply, bodyTooLarge(request.routeOptions.bodyLimit), undefined, contentTooLarge);
    }
    return sendError(request, reply, apiError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new ApiError('ExistenceError', `No route ${request.method} ${request.url.split('?')[0]}`),
    ),
  );
}

/** RFC 9110's Content Too Large: the one status a ValidationError answers besides 400. */
export const contentTooLarge = 413;

/** The refusal of a body over the route's limit, naming the limit (the route's bodyLimit, else the server's). */
export const bodyTooLarge = (limitBytes: number) =>
  new ApiError('ValidationError', `The request body is too large: at most ${limitBytes} bytes are accepted`);

/** The answer to a request the database could not serve. */
export const storeUnavailable = (error: StoreUnavailableError) =>
  new ApiError('OperationError', `The service is temporarily unavailable (${error.reason}); retry with backoff.`);

function toApiError(error: FastifyError): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error.validation)
    return new ApiError('ValidationError', validationMessage(error.validation, error.validationContext ?? 'body'));
  // Fastify's own request errors: malformed JSON, wrong content type, body too large, and the like.
  if (error.code?.startsWith('FST_ERR_CTP') || error.statusCode === 400 || error.statusCode === 413) {
    return new ApiError('ValidationError', requestErrorMessage(error));
  }
  return undefined;
}

function requestErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type: send application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty: send a JSON object';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    default:
      return error instanceof SyntaxError ? 'The request body is not valid JSON' : 'The request is malformed';
  }
}

export function renderError(kind: 'create' | 'read', error: ApiError, nowMs: number): Record<string, unknown> {
  if (kind === 'read') return { ok: false, message: error.message, error: error.type };
  return {
    success: false,
    error: error.type,
    message: error.message,
    errorId: error.numbered ? numericErrorIds[error.numbered] : `${error.type}-${Math.floor(nowMs / 1000)}`,
    errorName: error.numbered ?? error.type,
  };
}

/**
 * Answers `error` in the body shape of the route's kind; `kind` is given when no route was matched. The status is
 * the error type's (spec, Errors), but for the one refusal HTTP gives its own status: 413 (contentTooLarge).
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ApiError,
  kind: RouteKind = request.routeOptions.config?.kind ?? 'read',
  status: number = errorTypes[error.type],
) {
  if (error.headers) void reply.headers(error.headers);
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(renderError(kind, error, Date.now()));
}
