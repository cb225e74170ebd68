import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';

// The console's cookies (operator console issue, item 1): HttpOnly (no script reads them), SameSite=Strict (no other
// site's page sends them), Path=/console (no other route receives them), and Secure when the public base URL is
// https (PUBLIC_BASE_URL; a plain-http stage on a laptop could not keep a Secure cookie).

/** The signed-in session, and the password step's session waiting for its code. */
export const sessionCookie = 'console_session';
export const pendingCookie = 'console_pending';
/** The sign-in form's anti-forgery value (csrf.ts): a random value the form's hidden field is derived from. */
export const loginFormCookie = 'console_login';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

const attributes = (ctx: AppContext) =>
  `Path=/console; HttpOnly; SameSite=Strict${ctx.config.publicBaseUrl.startsWith('https:') ? '; Secure' : ''}`;

/** Sets a cookie that lasts until `expiresAtMs` (the session's own absolute expiry). */
export function setCookie(reply: FastifyReply, ctx: AppContext, name: string, value: string, expiresAtMs: number) {
  const maxAge = Math.max(0, Math.floor((expiresAtMs - ctx.clock.nowMs()) / 1000));
  void reply.header('set-cookie', [...cookiesSet(reply), `${name}=${value}; ${attributes(ctx)}; Max-Age=${maxAge}`]);
}

export function clearCookie(reply: FastifyReply, ctx: AppContext, name: string) {
  void reply.header('set-cookie', [...cookiesSet(reply), `${name}=; ${attributes(ctx)}; Max-Age=0`]);
}

function cookiesSet(reply: FastifyReply): string[] {
  const set = reply.getHeader('set-cookie');
  return set === undefined ? [] : Array.isArray(set) ? set.map(String) : [String(set)];
}
