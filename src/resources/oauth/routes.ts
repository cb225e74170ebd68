import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { ApiError } from '../../domain/errors.js';
import { named } from '../../platform/components.js';
import { titled } from '../../platform/schema.js';
import { type OAuthErrorCode, requestToken } from './service.js';

const TokenRequest = Type.Object(
  {
    grant_type: Type.Literal('password'),
    client_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Required here unless sent as the user of HTTP Basic client authentication (RFC 6749 2.3.1)',
      }),
    ),
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 500 }),
    scope: Type.Optional(Type.String({ description: 'Accepted and ignored: a token covers its whole workspace' })),
  },
  { additionalProperties: true },
);

const TokenResponse = titled(
  'Access token',
  Type.Object({
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'Seconds until the token expires (300).' }),
  }),
);

const OAuthError = named(
  'OAuthError',
  Type.Object({
    error: Type.String({ description: 'RFC 6749 section 5.2 error code.' }),
    error_description: Type.String(),
  }),
);

/** The OAuth 2.0 token endpoint (the spec's {auth_url}): password grant, form-encoded, RFC 6749 error bodies. */
export async function oauthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const params = new URLSearchParams(body as string);
    const fields: Record<string, string | string[]> = {};
    for (const [key, value] of params) {
      const seen = fields[key];
      fields[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    done(null, fields);
  });

  // The token endpoint speaks RFC 6749 only (spec, Authentication): a request refused before the handler runs (a
  // body that is not a form, malformed JSON, an unsupported content type, a body over the limit, and the checks every
  // route makes of its URL, such as a NUL character in the query, platform/storable-input.ts) is 400 invalid_request
  // (section 5.2), and an unexpected failure 503 temporarily_unavailable, never the API's own bodies.
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const status = error instanceof ApiError ? error.status : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const refusal = error instanceof ApiError ? error.message : refusalOf(error);
      return reply.send(oauthError(reply, 'invalid_request', refusal));
    }
    request.log.error({ err: error }, 'token request failed');
    return reply
      .code(503)
      .send({ error: 'temporarily_unavailable', error_description: 'The token service is unavailable; retry later' });
  });

  app.post(
    '/oauth/token',
    {
      attachValidation: true,
      schema: {
        operationId: 'oauth.token',
        tags: ['Authentication'],
        summary: 'Obtain an access token (OAuth 2.0 password grant)',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenRequest,
        response: { 200: TokenResponse, 400: OAuthError, 401: OAuthError, 503: OAuthError },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      const contentType = request.headers['content-type'] ?? '';
      if (!contentType.startsWith('application/x-www-form-urlencoded')) {
        return oauthError(reply, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded');
      }
      const fields = (request.body ?? {}) as Record<string, unknown>;
      const repeated = Object.entries(fields).find(([, value]) => Array.isArray(value));
      if (repeated) return oauthError(reply, 'invalid_request', `Parameter ${repeated[0]} is repeated`);
      if (fields.grant_type !== undefined && fields.grant_type !== 'password') {
        return oauthError(reply, 'unsupported_grant_type', 'Only grant_type=password is supported');
      }
      const client = clientIdOf(request.headers.authorization, fields.client_id);
      if (!client.ok) return oauthError(reply, 'invalid_request', client.refusal);
      if (request.validationError || client.clientId === undefined) {
        const missing = ['grant_type', 'username', 'password'].find((k) => !fields[k]);
        const named = missing ?? (client.clientId === undefined ? 'client_id' : undefined);
        return oauthError(reply, 'invalid_request', named ? `Parameter ${named} is required` : 'Malformed request');
      }
      const body = request.body as { username: string; password: string };
      const outcome = await requestToken(ctx, client.clientId, body.username, body.password, request.ip);
      if (!outcome.ok && 'retryAtMs' in outcome) {
        // Throttled (spec, Errors: a limit is 503, never 429), nothing checked: retry after the hold.
        const seconds = Math.max(1, Math.ceil((outcome.retryAtMs - ctx.clock.nowMs()) / 1000));
        void reply.code(503).header('retry-after', String(seconds));
        return { error: outcome.error, error_description: outcome.description };
      }
      if (!outcome.ok) return oauthError(reply, outcome.error, outcome.description);
      return { access_token: outcome.token, token_type: 'Bearer' as const, expires_in: outcome.expiresInSeconds };
    },
  );
}

/**
 * The client's id, from the form's client_id (spec, Authentication) or from HTTP Basic client authentication (RFC
 * 6749 2.3.1), which is what the reference page's Authorize dialog sends by default: when a fact can arrive in two
 * places, either is accepted, and both only when they agree. The workspace has no client secret (the spec issues
 * none: the username and password authenticate), so the Basic password, empty from that dialog, is not read.
 */
function clientIdOf(
  authorization: string | undefined,
  formClientId: unknown,
): { ok: true; clientId: string | undefined } | { ok: false; refusal: string } {
  const fromForm = typeof formClientId === 'string' && formClientId !== '' ? formClientId : undefined;
  // Another scheme (a stale Bearer token, say) is no client authentication: the form alone names the client.
  if (authorization === undefined || !/^basic /i.test(authorization.trim())) return { ok: true, clientId: fromForm };
  const basic = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(authorization.trim());
  const decoded = basic?.[1] ? Buffer.from(basic[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 1)
    return { ok: false, refusal: 'The Authorization header must be HTTP Basic with the client_id as user' };
  let fromHeader: string;
  try {
    // RFC 6749 2.3.1: the id is form-urlencoded before it is encoded in Basic.
    fromHeader = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
  } catch {
    return { ok: false, refusal: 'The client_id in the Authorization header is not form-urlencoded' };
  }
  if (fromForm !== undefined && fromForm !== fromHeader) {
    return { ok: false, refusal: 'The client_id of the form and of the Authorization header differ' };
  }
  return { ok: true, clientId: fromHeader };
}

function refusalOf(error: FastifyError): string {
  return error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
    ? 'The token request is too large'
    : 'Send the token request as application/x-www-form-urlencoded';
}

function oauthError(reply: FastifyReply, error: OAuthErrorCode, description: string) {
  // RFC 6749 5.2: 400 for every error but invalid_client, which is 401 and names the scheme it expects.
  if (error === 'invalid_client') void reply.code(401).header('www-authenticate', 'Basic realm="brokerage"');
  else void reply.code(400);
  return { error, error_description: description };
}
