import { eventOperationId } from '../platform/operation-ids.js';
import { eventApiVersion, eventTypeNames, eventTypes } from './catalogue.js';
import { signatureHeader, standardHeaders } from './signature.js';

// The event catalogue as the OpenAPI document's `webhooks` (OpenAPI 3.1): one entry per event type, with the
// envelope the dispatcher writes and the signature header, so the reference and generated clients list every type.

const envelope = (type: string) => ({
  type: 'object',
  required: ['eventId', 'id', 'type', 'api_version', 'data'],
  properties: {
    eventId: {
      type: 'string',
      format: 'uuid',
      description:
        'Unique to this event and the same on every delivery and re-send of it: deduplicate on it ' +
        '(GET /v1/events/{eventId} reads it back)' +
        (eventTypes[type as keyof typeof eventTypes].envelopeId === 'delivery' ? '; equal to data.eventId' : ''),
    },
    id: {
      type: 'string',
      description:
        eventTypes[type as keyof typeof eventTypes].envelopeId === 'entity'
          ? 'The affected entity id: do not deduplicate on id and type, follow-up updates share them'
          : 'A delivery UUID: deduplicate on eventId (or data.eventId, the same)',
    },
    type: { type: 'string', const: type },
    api_version: { type: 'string', const: eventApiVersion },
    data: { type: 'object', description: 'The affected resource', additionalProperties: true },
  },
});

/** The `webhooks` object of the published document. */
export function eventWebhooks(): Record<string, unknown> {
  return Object.fromEntries(
    eventTypeNames.map((type) => {
      const entry: { fires: string; emitted: boolean; deprecated?: string } = eventTypes[type];
      const notes = [entry.emitted ? undefined : 'Not sent by this server yet.', entry.deprecated].filter(Boolean);
      return [
        type,
        {
          post: {
            operationId: eventOperationId(type),
            summary: entry.fires,
            ...(notes.length > 0 ? { description: notes.join(' ') } : {}),
            ...(entry.deprecated === undefined ? {} : { deprecated: true }),
            parameters: [
              {
                name: signatureHeader,
                in: 'header',
                required: false,
                description:
                  '`sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the endpoint secret',
                schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
              },
              // Standard Webhooks (https://www.standardwebhooks.com), on every signed delivery (docs/webhooks.md).
              {
                name: standardHeaders.id,
                in: 'header',
                required: false,
                description: "The event's stable id: the same on every attempt and re-send; deduplicate on it",
                schema: { type: 'string' },
              },
              {
                name: standardHeaders.timestamp,
                in: 'header',
                required: false,
                description: 'When this attempt was sent, in Unix seconds; signed',
                schema: { type: 'string', pattern: '^[0-9]+$' },
              },
              {
                name: standardHeaders.signature,
                in: 'header',
                required: false,
                description:
                  '`v1,` and the base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`; space-separated, two during ' +
                  "a secret rotation's grace period (new secret first)",
                schema: { type: 'string' },
              },
            ],
            requestBody: { required: true, content: { 'application/json': { schema: envelope(type) } } },
            responses: { '2XX': { description: 'Received: answer fast, then process' } },
          },
        },
      ];
    }),
  );
}
