import { type TProperties, type TSchema, Type } from 'typebox';
import { errorTypes } from '../domain/errors.js';

/** Objects refuse unknown properties: a mistyped field name fails loudly instead of being silently dropped. */
export const Obj = <P extends TProperties>(properties: P, options: { description?: string } = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** A closed set of strings as one JSON Schema enum, so that a refusal lists the accepted values. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
) => Type.Enum(values as unknown as T[number][], options);

/** The wrapper of the newer resources: { ok: true, value }. */
export const Envelope = <T extends TSchema>(value: T) => Type.Object({ ok: Type.Literal(true), value });

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
export const PositiveAmount = Type.Number({ exclusiveMinimum: 0, description: 'A JSON number, never a string.' });
export const Country = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' });
export const CurrencyParam = Type.String({ pattern: '^[A-Z]{3,5}$', description: 'Currency code' });

const errorTypeNames = Object.keys(errorTypes);

const ReadError = Type.Object(
  { ok: Type.Literal(false), message: Type.String(), error: Type.Union(errorTypeNames.map((t) => Type.Literal(t))) },
  { description: 'Error body of read, list and delete routes' },
);
const CreateError = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Union(errorTypeNames.map((t) => Type.Literal(t))),
    message: Type.String(),
    errorId: Type.Union([Type.Integer(), Type.String()]),
    errorName: Type.String(),
  },
  { description: 'Error body of create routes' },
);

/** Documents the error statuses a route can answer, in the body shape of its kind. */
export function errorResponses(kind: 'create' | 'read', statuses: readonly number[]): Record<number, TSchema> {
  const body = kind === 'create' ? CreateError : ReadError;
  return Object.fromEntries([...new Set([...statuses, 503])].map((s) => [s, body]));
}
