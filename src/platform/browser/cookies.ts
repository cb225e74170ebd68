import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';

// The cookies of the server's signed-in browser pages, the operator console (/console) and the partner dashboard
// (/dashboard): HttpOnly (no script reads them), SameSite=Strict (no other site's page sends them), the site's own
// Path (a console cookie never reaches the dashboard, nor the other way), and Secure when the public base URL is
// https (PUBLIC_BASE_URL; a plain-http stage on a laptop could not keep a Secure cookie).

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Setting and clearing the cookies of one site, under its path. */
export interface SiteCookies {
  /** Sets a cookie that lasts until `expiresAtMs` (the session's own absolute expiry). */
  set(
    reply: FastifyReply,
    ctx: Pick<AppContext, 'config' | 'clock'>,
    name: string,
    value: string,
    expiresAtMs: number,
  ): void;
  clear(reply: FastifyReply, ctx: Pick<AppContext, 'config'>, name: string): void;
}

export function siteCookies(path: '/console' | '/dashboard'): SiteCookies {
  const attributes = (ctx: Pick<AppContext, 'config'>) =>
    `Path=${path}; HttpOnly; SameSite=Strict${ctx.config.publicBaseUrl.startsWith('https:') ? '; Secure' : ''}`;
  return {
    set(reply, ctx, name, value, expiresAtMs) {
      const maxAge = Math.max(0, Math.floor((expiresAtMs - ctx.clock.nowMs()) / 1000));
      void reply.header('set-cookie', [
        ...cookiesSet(reply),
        `${name}=${value}; ${attributes(ctx)}; Max-Age=${maxAge}`,
      ]);
    },
    clear(reply, ctx, name) {
      void reply.header('set-cookie', [...cookiesSet(reply), `${name}=; ${attributes(ctx)}; Max-Age=0`]);
    },
  };
}

function cookiesSet(reply: FastifyReply): string[] {
  const set = reply.getHeader('set-cookie');
  return set === undefined ? [] : Array.isArray(set) ? set.map(String) : [String(set)];
}
