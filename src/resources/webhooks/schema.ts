import { Type } from 'typebox';
import { retryPolicies } from '../../events/retry-schedule.js';
import { limits } from '../../limits.js';
import { Obj, StringEnum, titled } from '../../platform/schema.js';

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'https, to a public address' });
const Secret = Type.String({
  minLength: limits.webhookSecretLengthMin,
  maxLength: 256,
  description:
    'Signs every delivery (X-Service-Signature-256 and webhook-signature); never returned. A secret that starts ' +
    'with `whsec_` must be the Standard Webhooks form, `whsec_` and the base64 of 24 to 64 random bytes (else 400), ' +
    'and keys webhook-signature with its decoded bytes (docs/webhooks.md)',
});
const RetryPolicy = StringEnum(retryPolicies, {
  description:
    'none: one attempt, as the spec says (the default). exponential: a failed attempt is retried with growing ' +
    'delays for about three days (Retry-After honoured; 2xx and 410 Gone stop it); an endpoint whose every ' +
    'attempt of an event fails for WEBHOOK_DISABLE_AFTER_HOURS is disabled',
});
const eventTypesDescription = 'Event types sent to this endpoint; an unknown type is refused, naming it';
const EventTypes = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
  description: eventTypesDescription,
});

export const CreateWebhookRequest = Obj({
  name: Name,
  url: Url,
  secret: Secret,
  retryPolicy: Type.Optional(RetryPolicy),
  enabledEvents: Type.Optional({ ...EventTypes, description: `${eventTypesDescription}. Absent: every type` }),
});

export const UpdateWebhookRequest = Obj(
  {
    name: Type.Optional(Name),
    url: Type.Optional(Url),
    secret: Type.Optional({
      ...Secret,
      description:
        'A new secret: X-Service-Signature-256 uses it from the next delivery on; webhook-signature carries the ' +
        "old secret's signature beside it for WEBHOOK_SECRET_GRACE_HOURS",
    }),
    isActive: Type.Optional(Type.Boolean()),
    retryPolicy: Type.Optional(RetryPolicy),
    enabledEvents: Type.Optional(
      Type.Union([EventTypes, Type.Null()], { description: 'Event types sent to this endpoint; null: every type' }),
    ),
  },
  { description: 'Fields to change; the others keep their values' },
);

export const WebhookEndpoint = titled(
  'Webhook endpoint',
  Type.Object({
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    url: Type.String(),
    isActive: Type.Boolean(),
    retryPolicy: RetryPolicy,
    enabledEvents: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: 'The event types sent to this endpoint; null: every type, including types added later',
    }),
    disabledAt: Type.Optional(
      Type.Integer({
        description: 'Unix milliseconds: when failing retries disabled the endpoint (until enabled again)',
      }),
    ),
    createdAt: Type.Integer({ description: 'Unix milliseconds' }),
    updatedAt: Type.Integer({ description: 'Unix milliseconds' }),
  }),
);

export const LegacyWebhook = titled(
  'Callback URL',
  Type.Object({
    url: Type.Union([Type.String(), Type.Null()], {
      description: 'The single callback URL, unsigned; null when unset',
    }),
  }),
);
export const SetLegacyWebhook = Obj({ url: Url });

export const ResendRequest = Obj({
  entityType: StringEnum(['order', 'deposit']),
  entityId: Type.String({ minLength: 1, maxLength: 40 }),
});
export const ResendResponse = titled(
  'Re-sent event',
  Type.Object({
    success: Type.Literal(true),
    message: Type.String(),
    eventType: Type.String(),
    deliveries: Type.Integer({ description: 'Endpoints the event is sent to' }),
  }),
);

export const Delivery = titled(
  'Delivery attempt',
  Type.Object({
    deliveryId: Type.Integer(),
    eventId: Type.String({ description: "The event's stable id: the envelope's eventId, the same on every attempt" }),
    id: Type.String({ description: "The envelope's id (the entity's id for entity events)" }),
    eventType: Type.String(),
    attempt: Type.Integer({ minimum: 1, description: "The attempt's number for this event: 1, then each retry's" }),
    state: StringEnum(['scheduled', 'pending', 'sending', 'delivered', 'failed'], {
      description: 'scheduled: a retry waiting for nextAttemptAt',
    }),
    statusCode: Type.Optional(Type.Integer()),
    latencyMs: Type.Optional(Type.Integer()),
    error: Type.Optional(Type.String()),
    createdAt: Type.Integer({ description: 'Unix milliseconds' }),
    attemptedAt: Type.Optional(Type.Integer({ description: 'Unix milliseconds' })),
    nextAttemptAt: Type.Optional(Type.Integer({ description: 'Unix milliseconds: when a scheduled retry is due' })),
  }),
);

export const TestDelivery = titled(
  'Test delivery',
  Type.Object({
    delivered: Type.Boolean({ description: 'The endpoint answered 2xx' }),
    deliveryId: Type.Integer({ description: 'The attempt in the delivery log' }),
    eventId: Type.String({ description: "The test event's id (envelope id and data.eventId)" }),
    statusCode: Type.Optional(Type.Integer({ description: "The endpoint's answer; absent when none came" })),
    latencyMs: Type.Integer(),
    error: Type.Optional(Type.String()),
  }),
);
