import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { publishedDocuments } from '../../src/platform/openapi.js';

// The server publishes two OpenAPI documents (platform/openapi-documents.ts): the partner API's at /openapi.json,
// checked in as openapi/openapi.json, and the operator API's at /admin/openapi.json, checked in as
// openapi/operator-api.json. A test about every operation reads both.

export type Audience = keyof typeof publishedDocuments;
export const audiences = Object.keys(publishedDocuments) as Audience[];

/** Each document's checked-in copy, from the repository's root. */
export const checkedInFiles: Readonly<Record<Audience, string>> = {
  partner: 'openapi/openapi.json',
  operator: 'openapi/operator-api.json',
};

/** One checked-in document, parsed. */
export function checkedInDocument<T = Record<string, unknown>>(audience: Audience): T {
  return JSON.parse(readFileSync(new URL(`../../${checkedInFiles[audience]}`, import.meta.url), 'utf8')) as T;
}

/** One document as the app serves it. */
export async function servedDocument<T = Record<string, unknown>>(
  app: FastifyInstance,
  audience: Audience,
): Promise<T> {
  return (await app.inject({ method: 'GET', url: publishedDocuments[audience].documentUrl })).json() as T;
}

/** Both documents as the app serves them. */
export async function servedDocuments<T = Record<string, unknown>>(app: FastifyInstance): Promise<Record<Audience, T>> {
  const [partner, operator] = await Promise.all(audiences.map((audience) => servedDocument<T>(app, audience)));
  return { partner, operator } as Record<Audience, T>;
}

/** The paths of both documents as one object (no path is in both). */
export async function servedPaths<P>(app: FastifyInstance): Promise<Record<string, P>> {
  const documents = await servedDocuments<{ paths: Record<string, P> }>(app);
  return { ...documents.partner.paths, ...documents.operator.paths };
}
