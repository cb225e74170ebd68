import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { idempotencyKeyOf } from './idempotency.js';
import { type WriteLimitContext, writeRateLimit } from './write-rate-limit.js';

/** Documents the optional header of the three writes (unknown headers are allowed). */
export const IdempotencyHeaders = Type.Object(
  {
    'idempotency-key': Type.Optional(
      Type.String({ description: '1 to 128 letters, digits, dash, underscore; replays the original answer for 24 h' }),
    ),
  },
  { additionalProperties: true },
);

/**
 * What the three writes check before their body is validated, in the spec's order: the write limit, then the
 * Idempotency-Key's format (a malformed key is 400 and reserves nothing). Authentication ran before both.
 */
export function writeGuards(ctx: WriteLimitContext) {
  const limit = writeRateLimit(ctx);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await limit(request, reply);
    idempotencyKeyOf(request);
  };
}
