import type { FastifyInstance, RouteOptions } from 'fastify';
import { errorResponses, isErrorBody } from './schema.js';

/** Methods whose requests Fastify parses a body for, whether or not the route declares one. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Documents the statuses the platform itself answers on a route, beside the ones the route lists for its own
 * rules, so that the document lists every status an operation can answer:
 * - 400 ValidationError wherever a request can be refused before the handler runs: a params, query or header
 *   schema (an unknown query parameter is a 400, spec: List conventions 4), a body schema, or a method that carries
 *   a body (an unreadable or unsupported body is refused even where none is expected);
 * - 413 ValidationError wherever a body is read, that is on every method that carries one: a body over the route's
 *   limit (error-envelope.ts, contentTooLarge);
 * - 503 OperationError everywhere: an unexpected failure (error-envelope.ts).
 * Only routes whose errors the shared renderer writes: the token endpoint answers RFC 6749 bodies of its own.
 */
export function documentPlatformStatuses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (schema === undefined || schema.hide === true || schema.response === undefined) return;
    const response = schema.response as Record<string, unknown>;
    const errorBodies = Object.entries(response).filter(([status]) => !status.startsWith('2'));
    if (!errorBodies.every(([, body]) => isErrorBody(body))) return;
    const statuses = [...(refusesRequests(route) ? [400] : []), ...(readsBody(route) ? [413] : [])];
    route.schema = { ...schema, response: { ...errorResponses(route.config?.kind ?? 'read', statuses), ...response } };
  });
}

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/** Whether Fastify reads a request body on the route (and so may find it over the limit). */
const readsBody = (route: RouteOptions): boolean => methodsOf(route).some((m) => bodyMethods.has(m));

function refusesRequests(route: RouteOptions): boolean {
  const { params, querystring, headers, body } = route.schema ?? {};
  return [params, querystring, headers, body].some((part) => part !== undefined) || readsBody(route);
}
