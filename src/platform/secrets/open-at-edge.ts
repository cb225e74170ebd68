import type { FastifyInstance } from 'fastify';
import type { SecretsKeyring } from './keyring.js';
import { holdsSealedField, openSensitiveText } from './sensitive.js';

// The HTTP edge of the rule in sensitive.ts: a JSON answer that carries a sealed field (a withdrawal read from its
// row, a stored answer replayed, an event from the outbox) is sent with the field opened, so every answer keeps the
// contract's shape and value while the rows, the stored answers and the events keep only sealed fields. It works on
// the answer's text after serialisation: no route has to remember it, and an answer without a sealed field costs one
// substring search.

const registered = Symbol.for('brokerage.openSealedAnswers');

/** Adds the onSend hook to `scope` (every route of it, whenever registered); a second call on one scope does nothing. */
export function openSealedAnswers(scope: FastifyInstance, keyring: SecretsKeyring): void {
  const holder = scope as unknown as Record<symbol, boolean>;
  if (holder[registered]) return;
  holder[registered] = true;
  scope.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !holdsSealedField(payload)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && !type.includes('json')) return payload;
    return openSensitiveText(keyring, payload);
  });
}
