import type { WorkspaceContext } from '../workspaces/workspace.js';
import type { Actor, SignedInOperator } from './actor.js';

/** How a route's errors are rendered: create routes use the create body shape, every other route the read shape. */
export type RouteKind = 'create' | 'read';

declare module 'fastify' {
  interface FastifyContextConfig {
    kind?: RouteKind;
    /**
     * The body may be left out (every field of it is optional): no body, or an empty one, is the empty object, and
     * the document marks the request body not required (platform/json-body.ts, platform/openapi.ts).
     */
    bodyOptional?: boolean;
  }
  interface FastifyRequest {
    /** Set by the bearer-token check on every /v1 route. */
    workspace: WorkspaceContext;
    /** Set by the operators' authentication on every /admin/v1 route (and the console's): who acts. */
    actor: Actor;
    /** Set by the console's session check on every signed-in /console route. */
    operator: SignedInOperator;
  }
}
