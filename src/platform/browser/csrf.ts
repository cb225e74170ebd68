import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';

// Cross-site request forgery (operator console issue, item 1; docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell", "CSRF"). Every form the
// console sends carries a token in a hidden field, checked on its POST before anything else is read:
// - signed in: the session's synchronizer token, random and stored with the session (operator_sessions.csrf_token);
// - before a session exists (sign-in, enrolment): an HMAC under a key derived from SECRETS_KEY of what only the
//   person's own browser has (the sign-in form's cookie, the enrolment link's secret).
// Beside the token, a POST whose Origin is another site, or whose Sec-Fetch-Site says cross-site, is refused at once.

export const csrfField = 'csrf';

const formKeys = new WeakMap<Buffer, Buffer>();
/** The form key of one secrets key: an HMAC of a label, kept per key. */
function formKey(secretsKey: Buffer): Buffer {
  let key = formKeys.get(secretsKey);
  if (key === undefined) {
    key = createHmac('sha256', secretsKey).update('console-form-token').digest();
    formKeys.set(secretsKey, key);
  }
  return key;
}

const tokenUnder = (secretsKey: Buffer, binding: string): string =>
  createHmac('sha256', formKey(secretsKey)).update(binding).digest('base64url');

/** The token of a form not tied to a session, bound to `binding` (e.g. 'login:<cookie>'), under SECRETS_KEY. */
export const boundToken = (ctx: AppContext, binding: string): string =>
  tokenUnder(ctx.secretsKeyring.current.key, binding);

/**
 * Whether the form's token is the one bound to `binding` under any key of the ring: a form shown by a process that
 * still sealed with the previous SECRETS_KEY, or before the switch, is accepted through a rotation.
 */
export const boundTokenAccepted = (ctx: AppContext, given: unknown, binding: string): boolean =>
  ctx.secretsKeyring.keys.some(({ key }) => tokenMatches(given, tokenUnder(key, binding)));

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
