import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventTypeNames } from '../../src/events/catalogue.js';
import { componentKeyword } from '../../src/platform/components.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { type Audience, audiences, servedDocuments } from '../support/openapi-documents.js';
import { resolveRefs } from '../support/openapi-refs.js';

// Goal: the published documents name each shared schema once and reference it, without changing what they say:
// resolved, the two are the document the route schemas generate inline; each holds only the components it uses.

type Schema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, unknown>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let documents: Record<Audience, Document>;
beforeAll(async () => {
  t = await buildTestApp();
  documents = await servedDocuments<Document>(t.app);
});

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

/** Every object inside `node`, itself included. */
function objectsIn(node: unknown): Schema[] {
  if (Array.isArray(node)) return node.flatMap(objectsIn);
  if (node === null || typeof node !== 'object') return [];
  return [node as Schema, ...Object.values(node).flatMap(objectsIn)];
}

/** The component schemas a document references, following references between components. */
function referencedNames(doc: Document): Set<string> {
  const names = new Set<string>();
  const pending = objectsIn({ paths: doc.paths, webhooks: doc.webhooks ?? {} });
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const name = typeof node.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
    if (name === undefined || names.has(name)) continue;
    names.add(name);
    pending.push(...objectsIn(doc.components.schemas[name]));
  }
  return names;
}

describe('the published OpenAPI documents', () => {
  it('publish the shared schemas once, under components.schemas', () => {
    expect(Object.keys(documents.partner.components.schemas)).toEqual(
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
    for (const audience of audiences) expect(JSON.stringify(documents[audience])).not.toContain(componentKeyword);
  });

  it.each(audiences)(
    'the %s document holds no inlined copy of either error body: every error answer references one',
    (audience) => {
      const doc = documents[audience];
      const bodies = [doc.components.schemas.ReadErrorBody, doc.components.schemas.CreateErrorBody];
      const inlined = objectsIn(doc.paths).filter((o) => bodies.some((body) => isDeepStrictEqual(o, body)));
      expect(inlined).toEqual([]);
      for (const { path, method, operation } of operations(doc)) {
        if (path === '/oauth/token') continue; // RFC 6749 error bodies: the OAuthError component
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status.startsWith('2')) continue;
          expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
            $ref: expect.stringMatching(/^#\/components\/schemas\/(Read|Create)ErrorBody$/),
          });
        }
      }
    },
  );

  it.each(audiences)(
    'the %s document references only schemas it holds, and holds only schemas it references',
    (audience) => {
      const doc = documents[audience];
      const refs = objectsIn(doc)
        .map((o) => o.$ref)
        .filter((ref): ref is string => typeof ref === 'string');
      expect(refs.length).toBeGreaterThan(20);
      for (const ref of new Set(refs)) {
        expect(ref).toMatch(/^#\/components\/schemas\//);
        expect(doc.components.schemas[ref.split('/').pop() ?? ''], ref).toBeDefined();
      }
      expect(Object.keys(doc.components.schemas).sort()).toEqual([...referencedNames(doc)].sort());
    },
  );

  it('are together, once their references are resolved, the document the route schemas generate inline (and the webhooks)', () => {
    const inline = JSON.parse(
      JSON.stringify(t.app.swagger(), (key, value) => (key === componentKeyword ? undefined : value)),
    );
    // The examples are laid on afterwards (platform/openapi-examples.ts): beside a media type's or a parameter's
    // schema, never inside one; so is a body's `required: false` where the route's body may be left out, and each
    // answer's description (platform/openapi-responses.ts), compared apart below.
    const resolvedPaths = (doc: Document) => {
      const withoutExamples = JSON.parse(
        JSON.stringify(doc, function (this: Record<string, unknown>, key, value) {
          if (key === 'required' && value === false && 'content' in this) return true;
          return (key === 'example' || key === 'examples') && 'schema' in this ? undefined : value;
        }),
      );
      return (resolveRefs(withoutExamples) as { paths: Record<string, unknown> }).paths;
    };
    const published = { ...resolvedPaths(documents.partner), ...resolvedPaths(documents.operator) };
    const generated = (resolveRefs(inline) as { paths: Record<string, unknown> }).paths;
    expect(answersWithoutDescriptions(published)).toEqual(answersWithoutDescriptions(generated));
    // Each answer keeps the description its route gave; the generator's "Default Response" is replaced.
    for (const [path, methods] of Object.entries(generated as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          const given = (answer as { description?: string }).description;
          const shown = (published[path] as Record<string, Operation>)[method]?.responses[status] as {
            description?: string;
          };
          if (given === 'Default Response') expect(shown.description).toMatch(new RegExp(`^${status} `));
          else expect(shown.description, `${method} ${path} ${status}`).toBe(given);
        }
      }
    }
    expect(Object.keys(documents.partner.webhooks ?? {}).sort()).toEqual([...eventTypeNames].sort());
  });
});

/** The paths with every answer's description removed. */
function answersWithoutDescriptions(paths: Record<string, unknown>): unknown {
  return Object.fromEntries(
    Object.entries(paths as Record<string, Record<string, Operation>>).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, operation]) => [
          method,
          {
            ...operation,
            responses: Object.fromEntries(
              Object.entries(operation.responses).map(([status, answer]) => {
                const { description: _description, ...rest } = answer as Record<string, unknown>;
                return [status, rest];
              }),
            ),
          },
        ]),
      ),
    ]),
  );
}
