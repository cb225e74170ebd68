import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventTypeNames } from '../../src/events/catalogue.js';
import { componentKeyword } from '../../src/platform/components.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { resolveRefs } from '../support/openapi-refs.js';

// Goal: the published document names each shared schema once and references it, without changing what it says:
// resolved, it is the document the route schemas generate inline.

type Schema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/** Every object inside `node`, itself included. */
function objectsIn(node: unknown): Schema[] {
  if (Array.isArray(node)) return node.flatMap(objectsIn);
  if (node === null || typeof node !== 'object') return [];
  return [node as Schema, ...Object.values(node).flatMap(objectsIn)];
}

describe('the published OpenAPI document', () => {
  it('publishes the shared schemas once, under components.schemas', () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'ReadErrorBody',
        'CreateErrorBody',
        'ErrorType',
        'PartyIdentity',
        'Amount',
        'DestinationTransferData',
        'Order',
        'Deposit',
        'Withdrawal',
        'Quote',
      ]),
    );
    expect(JSON.stringify(doc)).not.toContain(componentKeyword);
  });

  it('holds no inlined copy of either error body: every error answer references one', () => {
    const bodies = [doc.components.schemas.ReadErrorBody, doc.components.schemas.CreateErrorBody];
    const inlined = objectsIn(doc.paths).filter((o) => bodies.some((body) => isDeepStrictEqual(o, body)));
    expect(inlined).toEqual([]);
    for (const { path, method, operation } of operations()) {
      if (path === '/oauth/token') continue; // RFC 6749 error bodies: the OAuthError component
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2')) continue;
        expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
          $ref: expect.stringMatching(/^#\/components\/schemas\/(Read|Create)ErrorBody$/),
        });
      }
    }
  });

  it('references only schemas it holds', () => {
    const refs = objectsIn(doc)
      .map((o) => o.$ref)
      .filter((ref): ref is string => typeof ref === 'string');
    expect(refs.length).toBeGreaterThan(200);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.split('/').pop() ?? ''], ref).toBeDefined();
    }
  });

  it('is, once its references are resolved, the document the route schemas generate inline (and the webhooks)', () => {
    const inline = JSON.parse(
      JSON.stringify(t.app.swagger(), (key, value) => (key === componentKeyword ? undefined : value)),
    );
    // The examples are laid on afterwards (platform/openapi-examples.ts): beside a media type's or a parameter's
    // schema, never inside one.
    const withoutExamples = JSON.parse(
      JSON.stringify(doc, function (this: Record<string, unknown>, key, value) {
        return (key === 'example' || key === 'examples') && 'schema' in this ? undefined : value;
      }),
    );
    const { webhooks, ...rest } = resolveRefs(withoutExamples) as Record<string, unknown>;
    expect(rest).toEqual(resolveRefs(inline));
    expect(Object.keys(webhooks as object).sort()).toEqual([...eventTypeNames].sort());
  });
});
