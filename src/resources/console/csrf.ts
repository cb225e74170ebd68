import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../hosted/page.js';

// Cross-site request forgery (operator console issue, item 1; docs/decisions.md, "Operator accounts and the console's shell", "CSRF"). Every form the
// console sends carries a token in a hidden field, checked on its POST before anything else is read:
// - signed in: the session's synchronizer token, random and stored with the session (operator_sessions.csrf_token);
// - before a session exists (sign-in, enrolment): an HMAC under a key derived from SECRETS_KEY of what only the
//   person's own browser has (the sign-in form's cookie, the enrolment link's secret).
// Beside the token, a POST whose Origin is another site, or whose Sec-Fetch-Site says cross-site, is refused at once.

export const csrfField = 'csrf';

let derived: { key: Buffer; from: Buffer } | undefined;
function formKey(ctx: AppContext): Buffer {
  if (derived?.from !== ctx.secretsKey) {
    derived = { key: createHmac('sha256', ctx.secretsKey).update('console-form-token').digest(), from: ctx.secretsKey };
  }
  return derived.key;
}

/** The token of a form not tied to a session, bound to `binding` (e.g. 'login:<cookie>'). */
export const boundToken = (ctx: AppContext, binding: string): string =>
  createHmac('sha256', formKey(ctx)).update(binding).digest('base64url');

export const hiddenToken = (token: string): string => `<input type="hidden" name="${csrfField}" value="${esc(token)}">`;

/** Whether the form's token is the expected one (constant time). */
export function tokenMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a POST may come from where it says: an Origin header, when sent, must be the console's own (the public
 * base URL's, or the Host it was sent to); Sec-Fetch-Site, when sent, must be same-origin. Browsers send both on a
 * form post; a client that sends neither still needs the token.
 */
export function sameOrigin(ctx: AppContext, request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = new Set([new URL(ctx.config.publicBaseUrl).origin, `${request.protocol}://${request.host}`]);
  return own.has(origin);
}
