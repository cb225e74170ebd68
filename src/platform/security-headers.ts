import type { FastifyInstance, FastifyReply } from 'fastify';

// The headers every answer carries unless its route says otherwise (issue #28, item 4; docs/decisions/security-and-secrets.md, "The small
// hardening items (issue #28, item 4)": security headers on every answer):
// - Cache-Control: no-store. An answer holds a workspace's data, a token or a hosted page's secret link; no shared
//   or browser cache keeps it (OWASP REST Security: "Security headers"). A route that may be cached says so itself
//   (a currency's limits, the style sheets), and only on a success: an error is never cached (spec, Discovery:
//   "Only a 200 may be cached").
// - X-Content-Type-Options: nosniff. A browser reads each answer only as the type it is labelled with, so a JSON
//   body holding partner text is never sniffed into HTML or script.
// - Referrer-Policy: no-referrer. No URL of this server (a hosted page's link carries its secret) is sent on to
//   another site, from a page or from a redirect (Fetch: a redirect's Referrer-Policy applies to the next request).
//   The console's pages say same-origin themselves (operator/console/layout.ts: its form posts need an Origin).

export const securityHeaderValues = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/** Sets each header the reply does not set already; an error's Cache-Control is always no-store. */
export function applySecurityHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(securityHeaderValues)) {
    if (!reply.hasHeader(name)) void reply.header(name, value);
  }
  if (reply.statusCode >= 400) void reply.header('cache-control', securityHeaderValues['cache-control']);
}

/** The hook, on the root instance before any route is registered, so every route and the not-found answer get it. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per answer on the hot reads (docs/performance.md).
  app.addHook('onSend', (_request, reply, payload, done) => {
    applySecurityHeaders(reply);
    done(null, payload);
  });
}
