/**
 * A documented route's `operationId` is written in its own schema, beside its summary, tags and statuses: one
 * declaration per route (docs/decisions/sdk-and-docs.md, "Operation ids"). It reads `resource.action` (`admin.`
 * first on the operator API, `simulate.` on the sandbox's helpers): the SDK's client groups its methods by these
 * very names (`client.quotes.create`), the audit log records an operator's change under it, and the permission table
 * (domain/operators/permissions.ts) gives each operator operation a row by it. The document's test holds every id
 * to this pattern and to being unique.
 */
export const operationIdPattern = /^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/;

/** The operationId a route's schema declares; a documented route without one is a mistake, refused loudly. */
export function operationIdOf(schema: unknown, method: string, url: string): string {
  const id = (schema as { readonly operationId?: unknown } | undefined)?.operationId;
  if (typeof id !== 'string' || !operationIdPattern.test(id)) {
    throw new Error(`${method} ${url}: its schema declares no operationId written resource.action`);
  }
  return id;
}

/**
 * The operationId of a webhook of the published document, one per event type: `events.` and the type in camel case
 * (`order_status_updated` → `events.orderStatusUpdated`). Without one, tools named them after method and key
 * (`postorder_status_updated`). `events.`, the group of the events API that reads and re-sends the same envelopes;
 * not `webhooks.`, the endpoints a partner registers (docs/decisions/sdk-and-docs.md, "Webhook operation ids").
 */
export function eventOperationId(type: string): string {
  const id = `events.${type.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())}`;
  if (!operationIdPattern.test(id)) throw new Error(`The event type ${type} makes no operationId: ${id}`);
  return id;
}
