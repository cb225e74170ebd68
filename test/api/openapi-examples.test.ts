import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadApiExamples } from '../../src/app.js';
import { errorTypes } from '../../src/domain/errors.js';
import { aPartner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { type Audience, audiences, checkedInFiles, servedDocuments } from '../support/openapi-documents.js';

// Goal: the published reference teaches (issue 13, item 2). Every operation shows a request example when it takes a
// body, an example of each path parameter, and an example of every documented status under every content type;
// every example validates against the schema it illustrates, in the published document itself; and every error
// example carries a type that status really answers (spec, Errors). A missing example fails naming the operation,
// the place and the status, so that adding one for a new operation is one entry in its resource's examples.ts.

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;
interface Media {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema: unknown; example?: unknown; required?: boolean }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Json;
}

let t: TestApp;
let documents: Record<Audience, Document>;
let ajv: Ajv2020;

/** Each document is added to Ajv under its file's name: `openapi.json`, `operator-api.json`. */
const documentId = (audience: Audience) => checkedInFiles[audience].split('/').pop() ?? audience;

/** Every operation of both documents. */
const operations = () =>
  audiences.flatMap((audience) =>
    Object.entries(documents[audience].paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ audience, path, method, operation })),
    ),
  );

/** The example values of one media type, by name ('' for a lone `example`). */
const valuesOf = (media: Media): [string, unknown][] =>
  media.examples
    ? Object.entries(media.examples).map(([name, e]) => [name, e.value])
    : media.example === undefined
      ? []
      : [['', media.example]];

const pointer = (audience: Audience, ...tokens: string[]) =>
  `${documentId(audience)}#/${tokens.map((token) => token.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

const validators = new Map<string, ValidateFunction>();
function validatorAt(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

const isJson = (contentType: string) => /^application\/([a-z.+-]*\+)?json$/.test(contentType);

describe('the examples of the published reference', () => {
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: 'http://127.0.0.1:3000' } });
    documents = await servedDocuments<Document>(t.app);
    ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, logger: false }));
    for (const format of ['btc', 'evm', 'solana', 'tron', 'xrp']) ajv.addFormat(format, true);
    for (const audience of audiences) ajv.addSchema(documents[audience] as object, documentId(audience));
  });

  it('every operation has a request example, path parameter examples and an example of every answer', () => {
    const missing: string[] = [];
    for (const { operation } of operations()) {
      const id = operation.operationId;
      for (const [contentType, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (valuesOf(media).length === 0) missing.push(`${id}: no request example (${contentType})`);
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.example === undefined) {
          missing.push(`${id}: no example of path parameter ${parameter.name}`);
        }
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [contentType, media] of Object.entries(response.content ?? {})) {
          if (valuesOf(media).length === 0) missing.push(`${id}: no example of response ${status} (${contentType})`);
        }
      }
    }
    expect(missing, 'add them to src/resources/<name>/examples.ts').toEqual([]);
  });

  it('every example catalogue names operations the documents have', async () => {
    const published = new Set(operations().map(({ operation }) => operation.operationId));
    expect(Object.keys(await loadApiExamples()).filter((id) => !published.has(id))).toEqual([]);
  });

  it('every example validates against the schema it illustrates', () => {
    const problems: string[] = [];
    const check = (where: string, ref: string, value: unknown) => {
      const validate = validatorAt(ref);
      if (!validate(value)) {
        const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '(root)'} ${e.message}`);
        problems.push(`${where}: ${errors.join('; ')}`);
      }
    };
    for (const { audience, path, method, operation } of operations()) {
      const id = operation.operationId;
      (operation.parameters ?? []).forEach((parameter, index) => {
        if (parameter.example === undefined) return;
        const ref = pointer(audience, 'paths', path, method, 'parameters', String(index), 'schema');
        check(`${id} parameter ${parameter.name}`, ref, parameter.example);
      });
      for (const [contentType, media] of Object.entries(operation.requestBody?.content ?? {})) {
        for (const [name, value] of valuesOf(media)) {
          const ref = pointer(audience, 'paths', path, method, 'requestBody', 'content', contentType, 'schema');
          check(`${id} request ${name}`.trim(), ref, value);
        }
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [contentType, media] of Object.entries(response.content ?? {})) {
          for (const [name, value] of valuesOf(media)) {
            const where = `${id} ${status} ${contentType} ${name}`.trim();
            if (!isJson(contentType)) {
              if (typeof value !== 'string') problems.push(`${where}: a file's example is its text`);
              continue;
            }
            const ref = pointer(audience, 'paths', path, method, 'responses', status, 'content', contentType, 'schema');
            check(where, ref, value);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("every error example carries a type its status answers, in the envelope's shape", () => {
    const problems: string[] = [];
    for (const { operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        for (const [name, value] of valuesOf(response.content?.['application/json'] ?? {})) {
          const body = value as { error?: string; errorName?: string; errorId?: unknown };
          const where = `${operation.operationId} ${status} ${name}`.trim();
          if (operation.operationId === 'oauth.token') continue; // RFC 6749 bodies: checked below
          const type = body.error as keyof typeof errorTypes;
          // 413 is the one status a ValidationError answers besides 400 (platform/error-envelope.ts, contentTooLarge).
          const answered = Number(status) === 413 && type === 'ValidationError' ? 413 : errorTypes[type];
          if (answered !== Number(status)) problems.push(`${where}: ${type} is answered with ${errorTypes[type]}`);
          if ('success' in body && typeof body.errorId === 'string' && !body.errorId.startsWith(`${type}-`)) {
            problems.push(`${where}: errorId ${body.errorId} is not "<type>-<timestamp>"`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the quote examples are real: each request answers 201 on a fresh stage workspace with its example’s terms', async () => {
    const quote = documents.partner.paths['/v1/quotes']?.post;
    const media = quote?.requestBody?.content['application/json'];
    const answers = quote?.responses['201']?.content?.['application/json'];
    const partner = await aPartner(t.app);
    const pairs: string[] = (await t.app.inject({ method: 'GET', url: '/v1/pairs', headers: partner.headers })).json()
      .pairs;
    for (const [name, request] of valuesOf(media ?? {})) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/quotes',
        headers: partner.headers,
        payload: request as object,
      });
      expect(response.statusCode, response.body).toBe(201);
      const shown = answers?.examples?.[name]?.value as Record<string, unknown>;
      const { quoteId: _id, expireAt: _at, ...terms } = shown;
      expect(response.json(), name).toMatchObject(terms);
      expect(pairs).toContain(shown.pair);
    }
  });
});
