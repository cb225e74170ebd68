import type { WorkspaceContext } from '../workspaces/workspace.js';

/** How a route's errors are rendered: create routes use the create body shape, every other route the read shape. */
export type RouteKind = 'create' | 'read';

declare module 'fastify' {
  interface FastifyContextConfig {
    kind?: RouteKind;
  }
  interface FastifyRequest {
    /** Set by the bearer-token check on every /v1 route. */
    workspace: WorkspaceContext;
  }
}
