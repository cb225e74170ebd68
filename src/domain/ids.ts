import { secureRandomBytes } from './secure-random.js';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Order and deposit ids: 12 characters of A-Z0-9 from a CSPRNG (`^(PRE)?[A-Z0-9]{12}$`), prefixed PRE outside
 * production so that a stage id can never be mistaken for a real one. Never derived from an idempotency key.
 */
export function resourceId(production: boolean): string {
  // 252 is the largest multiple of 36 below 256: rejecting bytes above it keeps every character equally likely.
  let id = '';
  while (id.length < 12) {
    for (const byte of secureRandomBytes(16)) {
      if (byte < 252 && id.length < 12) id += alphabet[byte % 36];
    }
  }
  return production ? id : `PRE${id}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id a client sent can name a uuid row: anything else names none, and must not reach a uuid cast. */
export const isUuid = (id: string): boolean => uuidPattern.test(id);
