import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { validatorOnFirstUse } from './compile-on-first-use.js';

// Ajv options written out rather than inherited from Fastify's defaults, which coerce types and strip unknown
// properties: a body amount sent as "100" must fail, and an unknown field or query parameter must be a 400.
const shared: Options = {
  allErrors: false,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Bodies: JSON already carries types, so nothing is coerced. */
const bodyAjv = addFormats(new Ajv({ ...shared, coerceTypes: false }));
/** Query strings and path parameters arrive as text; they coerce, and a repeated parameter becomes an array. */
const textAjv = addFormats(new Ajv({ ...shared, coerceTypes: 'array' }));

/** Each route's validators, compiled on the route's first request (platform/compile-on-first-use.ts). */
export function registerValidators(app: FastifyInstance): void {
  app.setValidatorCompiler(
    validatorOnFirstUse(({ schema, httpPart }) => {
      const ajv = httpPart === 'body' ? bodyAjv : textAjv;
      return ajv.compile(schema);
    }),
  );
}
