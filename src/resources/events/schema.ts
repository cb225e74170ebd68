import { Type } from 'typebox';
import { eventApiVersion } from '../../events/catalogue.js';
import { limits } from '../../limits.js';
import { named } from '../../platform/components.js';
import { UnixSecondsFilter } from '../../platform/list-query.js';
import { Envelope, Obj, titled } from '../../platform/schema.js';

// The events API (issue #12, item 2): the workspace's events as they were delivered, for a receiver to find what
// it missed and to have any of them sent again. Newer-resource answers: { ok: true, value } (spec: Conventions 4).

const EventId = Type.String({ format: 'uuid', description: "An event's eventId" });

export const Event = named(
  'Event',
  Type.Object(
    {
      eventId: Type.String({
        format: 'uuid',
        description: 'Unique to the event and the same on every delivery, retry and re-send: deduplicate on it',
      }),
      id: Type.String({ description: 'The envelope id as delivered: the entity id, or a delivery UUID' }),
      type: Type.String({ description: 'An event type of the webhooks document' }),
      api_version: Type.String({ const: eventApiVersion }),
      data: Type.Object({}, { additionalProperties: true, description: 'The affected resource, as delivered' }),
      createdAt: Type.Integer({ description: 'When the event was recorded, Unix milliseconds (as occurredAt)' }),
    },
    { description: 'An event: the envelope every endpoint received, and when it was recorded' },
  ),
);

export const EventParams = Obj({ eventId: Type.String({ minLength: 1, maxLength: 64 }) });

export const EventListQuery = Obj({
  limit: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: limits.eventPageSizeMax,
      description: `Page size; 0 or absent: ${limits.eventPageSizeDefault}`,
    }),
  ),
  startingAfter: Type.Optional({
    ...EventId,
    description: 'An eventId: the page of events older than it (the next page, newest first)',
  }),
  endingBefore: Type.Optional({
    ...EventId,
    description: 'An eventId: the page of events newer than it (the previous page, newest first)',
  }),
  type: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: 50,
      description: 'An event type, or repeated for several; an unknown type is refused, named',
    }),
  ),
  entityId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 254, description: "Only the events whose envelope id is this entity's" }),
  ),
  from: Type.Optional(UnixSecondsFilter()),
  to: Type.Optional(UnixSecondsFilter()),
});

export const EventEnvelope = Envelope(Event);

export const EventPage = Type.Object({
  ok: Type.Literal(true),
  value: Type.Array(Event),
  hasMore: Type.Boolean({ description: 'More events lie beyond this page in the direction it was read' }),
});

export const ResendEventRequest = Obj({
  webhookId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'Only this endpoint; absent: every active endpoint' }),
  ),
});

export const ResendEventEnvelope = titled(
  'Re-sent event',
  Envelope(
    Type.Object({
      eventId: Type.String({ format: 'uuid' }),
      type: Type.String(),
      deliveries: Type.Integer({ description: 'Endpoints the event is sent to' }),
    }),
  ),
);
