import { Type } from 'typebox';
import { limits } from '../../limits.js';
import { Obj, StringEnum } from '../../platform/schema.js';

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'https, to a public address' });
const Secret = Type.String({
  minLength: limits.webhookSecretMinLength,
  maxLength: 256,
  description: 'Signs every delivery (X-Service-Signature-256); never returned',
});

export const CreateWebhookRequest = Obj({ name: Name, url: Url, secret: Secret });

export const UpdateWebhookRequest = Obj(
  {
    name: Type.Optional(Name),
    url: Type.Optional(Url),
    secret: Type.Optional({ ...Secret, description: 'A new secret: rotates it from the next delivery on' }),
    isActive: Type.Optional(Type.Boolean()),
  },
  { description: 'Fields to change; the others keep their values' },
);

export const WebhookEndpoint = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  url: Type.String(),
  isActive: Type.Boolean(),
  createdAt: Type.Integer({ description: 'Unix milliseconds' }),
  updatedAt: Type.Integer({ description: 'Unix milliseconds' }),
});

export const LegacyWebhook = Type.Object({
  url: Type.Union([Type.String(), Type.Null()], { description: 'The single callback URL, unsigned; null when unset' }),
});
export const SetLegacyWebhook = Obj({ url: Url });

export const ResendRequest = Obj({
  entityType: StringEnum(['order', 'deposit']),
  entityId: Type.String({ minLength: 1, maxLength: 40 }),
});
export const ResendResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  eventType: Type.String(),
  deliveries: Type.Integer({ description: 'Endpoints the event is sent to' }),
});

export const Delivery = Type.Object({
  deliveryId: Type.Integer(),
  eventId: Type.String(),
  eventType: Type.String(),
  state: StringEnum(['pending', 'sending', 'delivered', 'failed']),
  statusCode: Type.Optional(Type.Integer()),
  latencyMs: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.String()),
  createdAt: Type.Integer({ description: 'Unix milliseconds' }),
  attemptedAt: Type.Optional(Type.Integer({ description: 'Unix milliseconds' })),
});
