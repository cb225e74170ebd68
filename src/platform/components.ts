import { isDeepStrictEqual } from 'node:util';
import type { TSchema } from 'typebox';

// Shared schemas (the error bodies, the party identity, amounts, payout instruments, the resources) are written once
// in TypeBox and used inline by every route, so that Ajv validates and fast-json-stringify serializes exactly what
// the route declares. Only the published OpenAPI document factors them out: each named schema appears once under
// components.schemas and every use becomes a $ref, which keeps the document readable and lets generated clients
// name the types.
//
// The name travels inside the schema as an `x-` keyword: Ajv (strict: false) and fast-json-stringify ignore it, and
// @fastify/swagger copies it into the document, where shareComponents finds it. A $ref, rather than Fastify's
// addSchema, because @fastify/swagger deletes every keyword beside a $ref, which would drop the description a use
// site gives (`{ ...PartyIdentity, description: 'The payer' }`); OpenAPI 3.1 allows them, and they are kept here.

/** The keyword that carries a shared schema's component name through to the document. */
export const componentKeyword = 'x-component';

/** Each named schema's own description, to tell a use site's overriding description from the schema's. */
const ownDescriptions = new Map<string, string | undefined>();

/** Names a shared schema: the document publishes it once as components.schemas[name] and references it. */
export function named<T extends TSchema>(name: string, schema: T): T {
  const description = (schema as { description?: string }).description;
  // The same name again with the same description is the module loaded anew (a test runner's reload); any other
  // difference between two schemas of one name is caught when the document is built (shareComponents).
  if (ownDescriptions.has(name) && ownDescriptions.get(name) !== description) {
    throw new Error(`Two shared schemas are named ${name}`);
  }
  ownDescriptions.set(name, description);
  // Set on the schema itself, not on a copy: a TypeBox schema keeps its kind in non-enumerable properties.
  (schema as Record<string, unknown>)[componentKeyword] = name;
  return schema;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The document with every named schema moved to components.schemas and referenced where it was inlined. A use site
 * that describes the schema in its own words keeps that description beside the $ref. Throws when two uses of one
 * name differ in anything but the description: a component must mean one thing.
 */
export function shareComponents<T extends object>(document: T): T {
  const doc = structuredClone(document) as unknown as JsonObject;
  const shared: JsonObject = {};
  const replace = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(replace);
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) out[key] = replace(value);
    const name = out[componentKeyword];
    if (typeof name !== 'string') return out;
    const { [componentKeyword]: _name, description, ...shape } = out;
    const own = ownDescriptions.get(name);
    const component: JsonObject = own === undefined ? shape : { ...shape, description: own };
    const seen = shared[name];
    if (seen === undefined) shared[name] = component;
    else if (!isDeepStrictEqual(seen, component)) {
      throw new Error(`Two different schemas are published as components.schemas.${name}`);
    }
    const ref: JsonObject = { $ref: `#/components/schemas/${name}` };
    return description === undefined || description === own ? ref : { ...ref, description };
  };
  const factored = replace(doc) as JsonObject;
  const components = isObject(factored.components ?? null) ? (factored.components as JsonObject) : {};
  const existing = isObject(components.schemas ?? null) ? (components.schemas as JsonObject) : {};
  factored.components = { ...components, schemas: { ...existing, ...sortedByName(shared) } };
  return factored as unknown as T;
}

function sortedByName(schemas: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}
