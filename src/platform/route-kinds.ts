import type { FastifyInstance } from 'fastify';
import type { RouteKind } from './fastify-types.js';

interface KnownRoute {
  readonly method: string;
  readonly segments: readonly string[];
  readonly kind: RouteKind;
}

/**
 * The kind of each route, by method and path pattern, for the answers given before the router has matched one: a
 * malformed URL or an over-long path parameter (platform/framework-errors.ts). Their error body must still be the
 * shape the spec gives the route's kind (Errors): a create route answers { success: false, ... }.
 */
export class RouteKinds {
  private readonly routes: KnownRoute[] = [];

  /** Records every route as it is added; call before any route is registered. */
  observe(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const segments = trimmed(route.url ?? '/').split('/');
      for (const method of methods) this.routes.push({ method, segments, kind: route.config?.kind ?? 'read' });
    });
  }

  /** The kind of the route `url` was meant for; read when none matches (the not-found answer's shape). */
  kindOf(method: string, url: string): RouteKind {
    const segments = trimmed(url.split('?')[0] ?? '/').split('/');
    let best: { kind: RouteKind; literal: number } | undefined;
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const literal = literalMatches(route.segments, segments);
      // The router prefers a literal segment to a parameter, so the most literal match is the route meant.
      if (literal !== undefined && (best === undefined || literal > best.literal)) best = { kind: route.kind, literal };
    }
    return best?.kind ?? 'read';
  }
}

/** How many segments match literally, or undefined when the pattern does not match (':x' takes one segment). */
function literalMatches(pattern: readonly string[], segments: readonly string[]): number | undefined {
  if (pattern.length !== segments.length) return undefined;
  let literal = 0;
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) {
      if (segment === '') return undefined;
    } else if (part === segment) literal += 1;
    else return undefined;
  }
  return literal;
}

/** The router ignores a trailing slash (app.ts). */
const trimmed = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
