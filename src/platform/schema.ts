import { type TProperties, type TSchema, Type } from 'typebox';
import { currencies } from '../catalogue/currencies.js';
import { errorTypes } from '../domain/errors.js';
import { named } from './components.js';

/** Objects refuse unknown properties: a mistyped field name fails loudly instead of being silently dropped. */
export const Obj = <P extends TProperties>(properties: P, options: { description?: string } = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** A closed set of strings as one JSON Schema enum, so that a refusal lists the accepted values. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
) => Type.Enum(values as unknown as T[number][], options);

/**
 * Says what a response is, in a few words ("Deposit method"): the reference describes each success answer with it,
 * "201 Created: the deposit method" (platform/openapi-responses.ts). Set on the schema itself, as `named` does.
 */
export function titled<T extends TSchema>(title: string, schema: T): T {
  (schema as Record<string, unknown>).title = title;
  return schema;
}

/** The wrapper of the newer resources: { ok: true, value }. */
export const Envelope = <T extends TSchema>(value: T) => Type.Object({ ok: Type.Literal(true), value });

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
/** Money on the wire: a JSON number, never a string (spec, Conventions 1); every one is paired with a currency. */
export const PositiveAmount = named(
  'Amount',
  Type.Number({ exclusiveMinimum: 0, description: 'A JSON number, never a string.' }),
);
export const Country = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' });
export const CurrencyParam = Type.String({ pattern: '^[A-Z]{3,5}$', description: 'Currency code' });

const currencyCodes = currencies.map((c) => c.code).sort();

/**
 * A currency named by a query parameter (a list's filter, the reconciliation's currency): one of the catalogue's
 * codes. Checked by the schema, so that an unknown code is a 400 ValidationError naming the parameter (spec,
 * Errors: an unknown enum value, an unsupported currency) before it reaches a lookup that throws on it, and the
 * document lists what is accepted. Every stored amount is in a catalogue currency, so no filter that could match
 * anything is refused.
 */
export const CurrencyFilter = (description?: string) =>
  StringEnum(currencyCodes, description === undefined ? {} : { description });

const errorTypeNames = Object.keys(errorTypes);

/** The spec's closed list of error types (Errors): clients branch on it, never on message. */
const ErrorType = named('ErrorType', Type.Union(errorTypeNames.map((t) => Type.Literal(t))));

// The two error body shapes of the spec (Errors): read, list and delete routes; create routes.
const ReadError = named(
  'ReadErrorBody',
  Type.Object(
    { ok: Type.Literal(false), message: Type.String(), error: ErrorType },
    { description: 'Error body of read, list and delete routes' },
  ),
);
const CreateError = named(
  'CreateErrorBody',
  Type.Object(
    {
      success: Type.Literal(false),
      error: ErrorType,
      message: Type.String(),
      errorId: Type.Union([Type.Integer(), Type.String()]),
      errorName: Type.String(),
    },
    { description: 'Error body of create routes' },
  ),
);

/** Whether a documented response is one of the two error bodies the shared renderer (error-envelope.ts) writes. */
export const isErrorBody = (schema: unknown): boolean => schema === ReadError || schema === CreateError;

/**
 * Documents the error statuses a route can answer, in the body shape of its kind. Two are added to every route,
 * so that none can forget them: 400 ValidationError, because any request can be malformed before a route's own
 * rules are read (a URL holding %00 is refused on every route, platform/storable-input.ts; a malformed
 * percent-escape, platform/framework-errors.ts), and 503 OperationError, an unexpected failure.
 */
export function errorResponses(kind: 'create' | 'read', statuses: readonly number[]): Record<number, TSchema> {
  const body = kind === 'create' ? CreateError : ReadError;
  return Object.fromEntries([...new Set([400, ...statuses, 503])].map((s) => [s, body]));
}
