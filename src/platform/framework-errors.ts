import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.js';
import { limits } from '../limits.js';
import { sendError } from './error-envelope.js';
import type { RouteKinds } from './route-kinds.js';
import { applySecurityHeaders } from './security-headers.js';

/**
 * The router's limit on one path parameter, in decoded characters. The longest one the spec allows is an email,
 * 1 to 254 characters (`GET /v1/kyc/{accountEmail}`); Fastify's default of 100 refused valid addresses with a
 * framework 414. A longer parameter is invalid for every route, and is answered as such below.
 */
export const pathParamLengthMax = limits.emailLengthMax;

/**
 * Fastify's `frameworkErrors`: the refusals the router makes before any route is matched (a malformed
 * percent-escape, a path parameter over pathParamLengthMax) would otherwise answer the framework's own body. They
 * are a malformed request, a 400 ValidationError (spec, Errors), in the body shape of the route the URL names.
 */
export function frameworkErrors(kinds: RouteKinds) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('x-request-id', request.id);
    // The router answers these before any hook runs: the headers every answer carries are set here.
    applySecurityHeaders(reply);
    const kind = kinds.kindOf(request.method, request.url);
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unexpected framework failure');
      return sendError(
        request,
        reply,
        new ApiError('OperationError', 'The operation could not be completed; retry later.'),
        kind,
      );
    }
    return sendError(request, reply, new ApiError('ValidationError', messageOf(error)), kind);
  };
}

function messageOf(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return `A path parameter is longer than ${pathParamLengthMax} characters`;
    case 'FST_ERR_BAD_URL':
      return 'The URL is malformed: it holds an invalid percent-escape';
    default:
      return 'The request is malformed';
  }
}
