import { ApiError, type ErrorType, type NumericErrorName } from '../domain/errors.js';
import { limits } from '../limits.js';
import { bodyTooLarge, renderError } from './error-envelope.js';

// The published document's examples (issue 13, "An API reference that teaches"). The schemas stay written once, in
// TypeBox beside the routes; the examples live in one module per resource (src/resources/<name>/examples.ts), keyed
// by operationId, and the composition root hands them to registerOpenApi, which lays them onto the document. Error
// answers are not written per route: each documented error status gets the body the shared renderer would write for
// the error type that status answers (domain/errors.ts), with a route's own message where it has one.

/** The moment every example is set at: 2025-06-02 09:30:00 UTC (the spec's timestamps are Unix seconds). */
export const exampleNowSeconds = 1_748_856_600;

/** One example; `summary` names it when it is one of several cases. */
export interface Example {
  readonly summary?: string;
  readonly description?: string;
  readonly value: unknown;
}

/** Several named cases (an OpenAPI 3.1 `examples` map): the reference page offers them in a list. */
export interface Cases {
  readonly cases: Readonly<Record<string, Example & { readonly summary: string }>>;
}

export type ExampleSet = Example | Cases;

/** Examples of a response documented under several content types (a file download), one per type. */
export interface ByContentType {
  readonly content: Readonly<Record<string, ExampleSet>>;
}

/** An error answer of one operation: its message, and its type when the status answers more than one. */
export interface ErrorCase {
  readonly summary?: string;
  /** Defaults to the type the status answers (`defaultErrorType`). */
  readonly error?: ErrorType;
  readonly message: string;
  /** One of the spec's numbered validation errors (errorId 1008 ...). */
  readonly numbered?: NumericErrorName;
}

export interface OperationExamples {
  /** The request body: required when the operation has one. */
  readonly request?: ExampleSet;
  /** Path and query parameters, by name: the reference page fills "Try it out" with them. */
  readonly parameters?: Readonly<Record<string, unknown>>;
  /** Every answer that is not an error envelope: the success statuses, and the token endpoint's RFC 6749 errors. */
  readonly responses: Readonly<Record<number, ExampleSet | ByContentType>>;
  /** The operation's own error messages where the generated one would say less, by status. */
  readonly errors?: Readonly<Record<number, ErrorCase | readonly ErrorCase[]>>;
}

/** Examples by operationId (platform/operation-ids.ts). */
export type ExampleCatalogue = Readonly<Record<string, OperationExamples>>;

/** The resources' catalogues as one; an operationId given twice is a mistake, caught at start. */
export function collectExamples(...catalogues: readonly ExampleCatalogue[]): ExampleCatalogue {
  const all: Record<string, OperationExamples> = {};
  for (const catalogue of catalogues) {
    for (const [operationId, examples] of Object.entries(catalogue)) {
      if (all[operationId] !== undefined) throw new Error(`Two example sets for ${operationId}`);
      all[operationId] = examples;
    }
  }
  return all;
}

/** The error type a status answers when the operation says no more (spec, Errors: each type has one status). */
export const defaultErrorType: Readonly<Record<number, ErrorType>> = {
  400: 'ValidationError',
  401: 'AuthorizationError',
  402: 'FundsError',
  403: 'AllowanceError',
  404: 'ExistenceError',
  409: 'StateError',
  // A body over the limit: the one status a ValidationError answers besides 400 (error-envelope.ts, contentTooLarge).
  413: 'ValidationError',
  503: 'OperationError',
};

/** The two envelopes the shared renderer writes (platform/schema.ts), as the published document refers to them. */
const envelopeKinds: Readonly<Record<string, 'create' | 'read'>> = {
  '#/components/schemas/CreateErrorBody': 'create',
  '#/components/schemas/ReadErrorBody': 'read',
};

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document with each operation's examples laid onto its parameters, request body and responses. */
export function withExamples<T extends object>(document: T, catalogue: ExampleCatalogue): T {
  const doc = document as unknown as { paths?: Record<string, Record<string, JsonObject>>; components?: JsonObject };
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const examples = catalogue[operation.operationId];
      applyToParameters(operation, examples?.parameters ?? {});
      if (examples?.request !== undefined) applyToContent(requestContent(operation), () => examples.request);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, JsonObject>)) {
        const content = (response.content ?? {}) as Record<string, JsonObject>;
        const given = examples?.responses[Number(status)];
        applyToContent(content, (contentType, media) => {
          if (given !== undefined) return 'content' in given ? given.content[contentType] : given;
          const kind = typeof media.schema === 'object' ? envelopeKinds[String((media.schema as JsonObject).$ref)] : '';
          if (!kind) return undefined;
          return errorExamples(kind, Number(status), errorCasesOf(operation, examples, Number(status), doc));
        });
      }
    }
  }
  return document;
}

function applyToParameters(operation: JsonObject, given: Readonly<Record<string, unknown>>): void {
  for (const parameter of (operation.parameters ?? []) as JsonObject[]) {
    const value = given[String(parameter.name)];
    if (value !== undefined) parameter.example = value;
  }
}

function requestContent(operation: JsonObject): Record<string, JsonObject> {
  const body = operation.requestBody;
  return (isObject(body) && isObject(body.content) ? body.content : {}) as Record<string, JsonObject>;
}

function applyToContent(
  content: Record<string, JsonObject>,
  pick: (contentType: string, media: JsonObject) => ExampleSet | undefined,
): void {
  for (const [contentType, media] of Object.entries(content)) {
    const set = pick(contentType, media);
    if (set === undefined) continue;
    if ('cases' in set) media.examples = set.cases;
    else media.example = set.value;
  }
}

function errorExamples(kind: 'create' | 'read', status: number, cases: readonly ErrorCase[]): ExampleSet {
  const body = (c: ErrorCase) => {
    const error = new ApiError(c.error ?? defaultErrorType[status] ?? 'OperationError', c.message, c.numbered);
    return renderError(kind, error, exampleNowSeconds * 1000);
  };
  if (cases.length === 1 && cases[0]) return { value: body(cases[0]) };
  return {
    cases: Object.fromEntries(
      cases.map((c, index) => [caseName(c, index), { summary: c.summary ?? c.message, value: body(c) }]),
    ),
  };
}

const caseName = (c: ErrorCase, index: number) =>
  (c.summary ?? `case ${index + 1}`)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function errorCasesOf(
  operation: JsonObject,
  examples: OperationExamples | undefined,
  status: number,
  doc: { components?: JsonObject },
): readonly ErrorCase[] {
  const own = examples?.errors?.[status];
  if (own !== undefined) return Array.isArray(own) ? own : [own as ErrorCase];
  return [{ message: genericMessage(operation, status, doc) }];
}

/**
 * What the platform itself answers at a status, for an operation that gives no message of its own: the messages of
 * platform/auth.ts, validation-message.ts and error-envelope.ts.
 */
function genericMessage(operation: JsonObject, status: number, doc: { components?: JsonObject }): string {
  const admin = JSON.stringify(operation.security ?? []).includes('adminToken');
  switch (status) {
    case 400:
      return validationMessageOf(operation, doc);
    case 401:
      return admin ? 'Operator endpoints need Authorization: Bearer <ADMIN_TOKEN>' : 'Invalid or expired access token';
    case 402:
      return 'Insufficient funds in the balance';
    case 403:
      return 'A limit or allowance of this workspace does not allow the operation';
    case 404:
      return 'The resource does not exist in this workspace';
    case 409:
      return "The resource's state does not allow the operation";
    case 413:
      // The server's limit; a route with a limit of its own (a bank file, a message) names that one.
      return bodyTooLarge(limits.bodyLimitBytes).message;
    default:
      return 'The operation could not be completed; retry later.';
  }
}

/** The refusal of a request missing the body's first required field, or carrying an unknown query parameter. */
function validationMessageOf(operation: JsonObject, doc: { components?: JsonObject }): string {
  const json = requestContent(operation)['application/json'];
  let schema = json?.schema as JsonObject | undefined;
  const ref = schema?.$ref;
  if (typeof ref === 'string') {
    schema = (doc.components?.schemas as Record<string, JsonObject> | undefined)?.[ref.split('/').pop() ?? ''];
  }
  const required = Array.isArray(schema?.required) ? schema.required : [];
  if (typeof required[0] === 'string') return `${required[0]} is required`;
  const parameters = (operation.parameters ?? []) as JsonObject[];
  if (parameters.some((p) => p.in === 'query')) return 'Unknown query parameter colour';
  if (json !== undefined) return 'The request body is not valid JSON';
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    const refusal = pathRefusal(isObject(parameter.schema) ? parameter.schema : {});
    if (refusal) return `path parameter ${String(parameter.name)} ${refusal}`;
  }
  return 'The request body is not valid JSON';
}

/** Ajv's words (validation-message.ts) for a path parameter that breaks its schema. */
function pathRefusal(schema: JsonObject): string | undefined {
  if (typeof schema.pattern === 'string') return `must match pattern "${schema.pattern}"`;
  if (Array.isArray(schema.enum)) return `must be one of: ${schema.enum.join(', ')}`;
  if (typeof schema.format === 'string') return `must be a valid ${schema.format}`;
  if (typeof schema.maxLength === 'number') return `must NOT have more than ${schema.maxLength} characters`;
  if (typeof schema.maximum === 'number') return `must be <= ${schema.maximum}`;
  return undefined;
}

/** The 409s of a keyed write (platform/idempotency-claim.ts): the key reused, or consumed by a failed attempt. */
export const idempotencyConflicts: readonly ErrorCase[] = [
  {
    summary: 'The key was used with another payload',
    error: 'DuplicityError',
    message: 'Idempotency-Key was used with a different payload; use a new key',
  },
  {
    summary: 'The key belongs to a request that failed',
    error: 'DuplicityError',
    message: 'A request with this Idempotency-Key failed during execution; verify state, then use a new key',
  },
];

/** The 503s of the three writes under the write limit (platform/write-rate-limit.ts), at the default limit. */
export const writeLimited: readonly ErrorCase[] = [
  {
    summary: 'The write limit is exceeded: nothing was created, resend later',
    message:
      'Write rate limit of 300 requests per minute exceeded for this workspace; nothing was created, resend later',
  },
  { summary: 'Unexpected failure', message: 'The operation could not be completed; retry later.' },
];
