import type { FastifyReply } from 'fastify';

// JSON text written straight from rows, for the hot reads (a list page, one order): building the view's objects and
// then serializing them against the response schema (fast-json-stringify) was about a third of a list page's server
// CPU, plus the garbage of some 40 short-lived objects per item. A writer built on these pieces writes exactly the
// text the schema's serializer writes for the same view (each writer's test compares the two), so the answer's bytes
// do not change. Strings are written by JSON.stringify, which escapes as fast-json-stringify does.

export const jsonString = (value: string): string => JSON.stringify(value);

/** A finite number as the serializer writes it (an infinite one as null, as JSON.stringify does). */
export const jsonNumber = (value: number): string => (Number.isFinite(value) ? `${value}` : 'null');

/** A value the schema types as a string: the serializer writes null as "" and anything else as its text. */
const coercedString = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : value === null ? '""' : JSON.stringify(String(value));

/** Whether every value of an object is a string: then JSON.stringify writes it as the serializer does. */
function onlyStrings(object: Record<string, unknown>): boolean {
  for (const key in object) if (typeof object[key] !== 'string') return false;
  return true;
}

/** An object the schema types as a record of strings (Type.Record(Type.String(), Type.String())). */
export function jsonStringRecord(record: Record<string, unknown>): string {
  // A parsed JSON column holds strings only, as written: one native call instead of two per property.
  if (onlyStrings(record)) return JSON.stringify(record);
  let json = '';
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (value === undefined) continue;
    json += `${json === '' ? '{' : ','}${JSON.stringify(key)}:${coercedString(value)}`;
  }
  return json === '' ? '{}' : `${json}}`;
}

/** A copy with `firstKey` first; undefined for a key a plain object cannot hold as its own by assignment. */
function inOrder(object: Record<string, unknown>, firstKey: string): Record<string, unknown> | undefined {
  if (firstKey === '__proto__') return undefined;
  const ordered: Record<string, unknown> = { [firstKey]: object[firstKey] };
  for (const key in object) {
    if (key === '__proto__') return undefined;
    if (key !== firstKey) ordered[key] = object[key];
  }
  return ordered;
}

/**
 * An object the schema types as one required string property and any others (additionalProperties: true): that
 * property first, then the others in their order.
 */
export function jsonOpenObject(object: Record<string, unknown>, firstKey: string): string {
  const first = object[firstKey];
  const ordered = typeof first === 'string' ? inOrder(object, firstKey) : undefined;
  // The same order in a copy, written by one native call (JSON.stringify skips undefined as the serializer does).
  if (ordered !== undefined) return JSON.stringify(ordered);
  let json = `{${JSON.stringify(firstKey)}:${coercedString(first)}`;
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (key === firstKey || value === undefined) continue;
    json += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  return `${json}}`;
}

/** A JSON array of the items' texts. */
export const jsonArray = <T>(items: readonly T[], write: (item: T) => string): string => {
  let json = '[';
  for (let i = 0; i < items.length; i++) json += (i === 0 ? '' : ',') + write(items[i] as T);
  return `${json}]`;
};

/**
 * Answers JSON text written by a writer above: sent as it is, with the content type Fastify gives serialized JSON
 * (a string with a JSON content type skips the route's serializer).
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
