import { createRequire } from 'node:module';
import type { FastifySchema, FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import type { FastifyValidationResult } from 'fastify/types/schema.js';

// Fastify compiles every route's validators (Ajv) and response serializers (fast-json-stringify) while it starts:
// about 400 routes, most of which a process never answers (the console, the operator API, the simulator), and half
// of a start's CPU on PostgreSQL. These wrappers compile a route's function on its first request instead, from the
// same schema and with the same compiler, so what is validated and serialized is unchanged; a process holds only the
// functions of the routes it answers. The schemas are never changed after registration (the OpenAPI document is built
// from clones), so compiling later compiles the same thing.

type SchemaCompiler = FastifySchemaCompiler<FastifySchema>;
/** Ajv's functions take a second argument, the data's parent (Fastify's validateParam passes it). */
type Validate = FastifyValidationResult & ((data: unknown, dataCxt?: unknown) => ReturnType<FastifyValidationResult>);

/** A validator compiled on its first call; Fastify reads `errors` after a failed call, and passes Ajv its parent. */
export function validatorOnFirstUse(compile: SchemaCompiler): SchemaCompiler {
  return (route) => {
    let compiled: Validate | undefined;
    const validate = ((data: unknown, dataCxt?: unknown) => {
      compiled ??= compile(route) as Validate;
      return compiled(data, dataCxt);
    }) as Validate;
    Object.defineProperty(validate, 'errors', { get: () => compiled?.errors });
    // Fastify hands an Ajv function (one with schemaEnv) the request as the root's parent, so that coercion and
    // defaults can replace a root value (a query string's); every function compiled here is Ajv's.
    Object.defineProperty(validate, 'schemaEnv', { get: () => true });
    return validate;
  };
}

type Serialize = (data: unknown) => string;
type SerializerCompiler = (route: object) => Serialize;
type SerializerFactory = (externalSchemas: unknown, options: unknown) => SerializerCompiler;

/** Fastify's own serializer compiler (its dependency, the one it would build itself), each function on first use. */
const fastifyDefaultSerializers: SerializerFactory = (() => {
  const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const { SerializerSelector } = requireFromFastify('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: () => SerializerFactory;
  };
  return SerializerSelector();
})();

/** The schema controller option that makes Fastify build each response serializer on its first use. */
export const serializersOnFirstUse: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildSerializer: ((externalSchemas: unknown, options: unknown) => {
      const compile = fastifyDefaultSerializers(externalSchemas, options);
      return (route: object) => {
        let compiled: Serialize | undefined;
        return (data: unknown) => {
          compiled ??= compile(route);
          return compiled(data);
        };
      };
    }) as never,
  },
};
