// Every answer a test receives through app.inject is checked against the OpenAPI documents that same app serves: its
// status must be documented for the operation, its content type must be one the response declares, and its body must
// validate (Ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1) against the declared schema. Errors included: the
// spec says clients branch on the `error` type of a documented body (Errors), so an undocumented error answer is as
// much a broken contract as a malformed 2xx body. A test whose request draws an undocumented answer fails there.
//
// Exempt only what the documents do not describe at all: paths they do not list (hosted HTML pages, /docs,
// /openapi.json itself, unknown routes) and methods they do not list on a path (the not-found answer). An /admin/
// answer is checked against the operator API's document, any other against the partner API's.

import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { publishedDocuments } from '../../src/platform/openapi.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface MediaType {
  readonly schema?: unknown;
}
interface ResponseObject {
  readonly content?: Record<string, MediaType>;
}
interface Operation {
  readonly responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, Operation>>;
}

interface PathTemplate {
  readonly template: string;
  readonly pattern: RegExp;
  /** Literal segments: /v1/orders/count wins over /v1/orders/{orderId}, as it does in the router. */
  readonly literalSegments: number;
}

/** What is checked of an answer. */
export interface Answer {
  readonly statusCode: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
}

/** One document's compiled validators; documents differ by environment (stage registers the simulate routes). */
export class DocumentChecker {
  private readonly ajv: Ajv2020;
  private readonly templates: readonly PathTemplate[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    // strict: false because an OpenAPI Schema Object may carry keywords JSON Schema does not know (example, ...).
    this.ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, logger: false }));
    // The server's own formats for crypto addresses: documented as names, checked by the service, not by schema.
    for (const format of ['btc', 'evm', 'solana', 'tron', 'xrp']) this.ajv.addFormat(format, true);
    this.ajv.addSchema(doc as object, 'openapi.json');
    this.templates = Object.keys(doc.paths).map((template) => {
      const segments = template.split('/');
      const source = segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : escapeRegExp(s))).join('/');
      return {
        template,
        pattern: new RegExp(`^${source}$`),
        literalSegments: segments.filter((s) => !s.startsWith('{')).length,
      };
    });
  }

  /** What is wrong with this answer, or undefined when the document describes it (or does not describe the path). */
  problemWith(method: string, url: string, response: Answer): string | undefined {
    const path = normalisePath(url);
    const template = this.templates
      .filter((t) => t.pattern.test(path))
      .sort((a, b) => b.literalSegments - a.literalSegments)[0]?.template;
    if (template === undefined) return undefined;
    const operation = this.doc.paths[template]?.[method.toLowerCase()];
    if (operation === undefined) return undefined;
    const status = String(response.statusCode);
    const described =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    const where = `${method} ${template} answered ${status}`;
    if (described === undefined) {
      return `${where}, a status the document does not list (it lists ${Object.keys(operation.responses).join(', ')})`;
    }
    const contentType =
      String(response.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase() ?? '';
    if (described.content === undefined) {
      return response.body === '' ? undefined : `${where} with a body the document does not declare`;
    }
    const media = contentType ? described.content[contentType] : undefined;
    if (media === undefined) {
      return `${where} as '${contentType}', a content type the document does not declare (${Object.keys(described.content).join(', ')})`;
    }
    if (media.schema === undefined || !/^application\/([a-z.+-]*\+)?json$/.test(contentType)) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return `${where} with a body that is not JSON: ${response.body.slice(0, 200)}`;
    }
    const pointer = ['paths', template, method.toLowerCase(), 'responses', status, 'content', contentType]
      .map((token) => token.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    const validate = this.validatorAt(`openapi.json#/${pointer}/schema`);
    if (validate(body)) return undefined;
    return `${where} with a body the document does not allow: ${describeErrors(validate.errors)}\n  body: ${response.body.slice(0, 500)}`;
  }

  private validatorAt(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}

const checkers = new Map<string, DocumentChecker>();

async function documentChecker(inject: FastifyInstance['inject'], url: string): Promise<DocumentChecker> {
  const text = (await inject({ method: 'GET', url })).body;
  let checker = checkers.get(text);
  if (checker === undefined) {
    checker = new DocumentChecker(JSON.parse(text) as OpenApiDocument);
    checkers.set(text, checker);
  }
  return checker;
}

/** The partner document's checker, and the operator document's for /admin/ (platform/openapi-documents.ts). */
async function checkerFor(inject: FastifyInstance['inject']): Promise<Pick<DocumentChecker, 'problemWith'>> {
  const [partner, operator] = await Promise.all([
    documentChecker(inject, publishedDocuments.partner.documentUrl),
    documentChecker(inject, publishedDocuments.operator.documentUrl),
  ]);
  return {
    problemWith: (method, url, response) =>
      (url.startsWith('/admin/') ? operator : partner).problemWith(method, url, response),
  };
}

/**
 * Makes app.inject check each answer against the app's own documents (/openapi.json, /admin/openapi.json) and reject (failing the test that sent
 * the request) with the reason when the document does not describe it.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as FastifyInstance['inject'];
  let checker: Promise<Pick<DocumentChecker, 'problemWith'>> | undefined;
  const checked = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const response = await inject(options);
    checker ??= checkerFor(inject);
    const request = response.raw.req;
    const problem = (await checker).problemWith(request.method ?? 'GET', request.url ?? '/', response);
    if (problem !== undefined) throw new Error(`The OpenAPI document does not describe this answer: ${problem}`);
    return response;
  };
  // Only the promise form is wrapped; the chain and callback forms are not used by the tests.
  (app as { inject: unknown }).inject = (options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (inject as (...args: unknown[]) => unknown)(options, callback)
      : checked(options);
}

function normalisePath(url: string): string {
  // One spelling of each path: a trailing slash is another path, refused by the server (app.ts).
  return url.split('?')[0] ?? '/';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`)
    .join('; ');
}
