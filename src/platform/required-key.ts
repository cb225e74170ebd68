import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { validation } from '../domain/errors.js';
import { idempotencyKeyOf } from './idempotency.js';

// Writes whose Idempotency-Key is required rather than optional: the conversation mutations (spec: Conversations,
// "Conversation mutations require the Idempotency-Key header"). The key's rules are the three writes' own
// (idempotency.ts); only its absence differs, refused here as a malformed key is, before the body is read.

/** Documents the required header (unknown headers are allowed). */
export const RequiredIdempotencyHeaders = Type.Object(
  {
    'idempotency-key': Type.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$',
      description: 'Required. 1 to 128 letters, digits, dash, underscore; replays the original answer for 24 h',
    }),
  },
  { additionalProperties: true },
);

/** preValidation: 400 ValidationError when the key is absent or malformed; nothing is reserved either way. */
export async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  if (idempotencyKeyOf(request) === undefined) {
    throw validation('Idempotency-Key is required on this write: send a new key for each new request');
  }
}
