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

/** An object the schema types as a record of strings (Type.Record(Type.String(), Type.String())). */
export function jsonStringRecord(record: Record<string, unknown>): string {
  let json = '';
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (value === undefined) continue;
    json += `${json === '' ? '{' : ','}${JSON.stringify(key)}:${coercedString(value)}`;
  }
  return json === '' ? '{}' : `${json}}`;
}

/**
 * An object the schema types as one required string property and any others (additionalProperties: true): that
 * property first, then the others in their order.
 */
export function jsonOpenObject(object: Record<string, unknown>, firstKey: string): string {
  let json = `{${JSON.stringify(firstKey)}:${coercedString(object[firstKey])}`;
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
