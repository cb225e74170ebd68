import { Ajv, type Options, type SchemaObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { validatorOnFirstUse } from './compile-on-first-use.js';

// The server's one Ajv configuration (issue #29, item 4): every schema the server checks data against is compiled
// here, a request's (registerValidators) and any other (the providers file, the provider service's answers), and
// test/ci/one-ajv.test.ts fails on a validator made anywhere else. The options are written out rather than
// inherited from Fastify's defaults, which coerce types and strip unknown properties: a body amount sent as "100"
// must fail, and an unknown field or query parameter must be a 400.
//
// Not compiled here: the response serializers (fast-json-stringify, compile-on-first-use.ts), which build an Ajv of
// their own inside the library to choose the branch of an anyOf an answer takes; they check nothing that came in.

const shared: Options = {
  allErrors: false,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
};

/**
 * What the data arrives as, the one option that changes what is accepted. `json`: a JSON document (a request body,
 * the provider service's answer, the providers file) already carries types, so nothing is coerced. `text`: query
 * strings and path parameters arrive as text; they coerce, and a repeated parameter becomes an array.
 */
export type ValidatedInput = 'json' | 'text';

/**
 * How many problems a failed check names; it changes no verdict, only the errors listed. `first`: the check stops at
 * the first, which the 400 names. `every`: every problem at once, for an operator fixing a file at start
 * (providers/providers-file.ts).
 */
export type ReportedProblems = 'first' | 'every';

const optionsOf = (input: ValidatedInput, problems: ReportedProblems): Options => ({
  ...shared,
  coerceTypes: input === 'text' ? 'array' : false,
  allErrors: problems === 'every',
});

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** One Ajv per pair of options, made when a schema first needs it. */
const instances = new Map<string, Ajv>();
const ajvOf = (input: ValidatedInput, problems: ReportedProblems): Ajv => {
  const key = `${input}/${problems}`;
  let ajv = instances.get(key);
  if (ajv === undefined) {
    ajv = addFormats(new Ajv(optionsOf(input, problems)));
    instances.set(key, ajv);
  }
  return ajv;
};

/** The validator of `schema` for data arriving as `input`: the only way the server compiles one. */
export function compileValidator<S extends object>(
  schema: S,
  input: ValidatedInput,
  problems: ReportedProblems = 'first',
): ValidateFunction<S extends TSchema ? Static<S> : unknown> {
  return ajvOf(input, problems).compile<S extends TSchema ? Static<S> : unknown>(schema as SchemaObject);
}

/** Each route's validators, compiled on the route's first request (platform/compile-on-first-use.ts). */
export function registerValidators(app: FastifyInstance): void {
  app.setValidatorCompiler(
    validatorOnFirstUse(({ schema, httpPart }) => compileValidator(schema, httpPart === 'body' ? 'json' : 'text')),
  );
}
