import type { FastifyInstance } from 'fastify';
import { openingFor } from './disclosure.js';
import type { SecretsKeyring } from './keyring.js';
import { holdsSealedField, openSensitiveText } from './sensitive.js';

// The HTTP edge of the rule in sensitive.ts: a JSON answer that carries a sealed field (a withdrawal read from its
// row, a stored answer replayed, an event from the outbox) is sent with the field opened, so every answer keeps the
// contract's shape and value while the rows, the stored answers and the events keep only sealed fields. It works on
// the answer's text after serialisation: no route has to remember it, and an answer without a sealed field costs one
// substring search.

/**
 * Adds the onSend hook to the root instance, before any route is registered, so every route's answer gets it. A
 * callback hook, not an async one: every answer passes here and most carry nothing sealed, so none pays for a
 * promise (docs/performance.md, "The GET's regression taken apart").
 */
export function openSealedAnswers(app: FastifyInstance, keyring: SecretsKeyring): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || !holdsSealedField(payload)) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && !type.includes('json')) return done(null, payload);
    let opened: string;
    try {
      opened = openingFor(request, () => openSensitiveText(keyring, payload));
    } catch (error) {
      // A field no key opens: the answer is not sent, an error is (which shows nothing).
      return done(error as Error);
    }
    done(null, opened);
  });
}
