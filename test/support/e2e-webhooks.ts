import { sensitiveFieldNames } from '../../src/platform/secrets/sensitive.js';
// Webhook delivery through real processes: the processes' setup, the endpoint and its delivery log through the API,
// the receiver's view of a delivery (signature, envelope) and the store's (outbox events, delivery rows).

import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Store } from '../../src/storage/open-store.js';
import { call, type Partner } from './e2e-api.js';
import type { Received } from './receiver.js';
import { type Server, serverProcesses, unthrottled, withStore } from './server-process.js';
import type { WebhookEndpointFields } from './webhook-endpoints.js';

/** The processes of a webhook test file: loopback http receivers allowed, nothing slowed, settlement at once. */
export const webhookProcesses = () =>
  serverProcesses({
    dirPrefix: 'brokerage-e2e-hooks-',
    healthPollMs: 100,
    env: {
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: 'e2e-webhook-delivery-operator-token',
      // Shared by every process, as replicas of one deployment would share it: each unseals the endpoints' secrets.
      SECRETS_KEY: randomBytes(32).toString('hex'),
      WEBHOOK_ALLOW_INSECURE: '1',
      ...unthrottled,
      SANDBOX_SETTLE_DELAY_MS: '0',
    },
  });

/** Registers an endpoint through a process's API, as aWebhookEndpoint does in process; answers its id. */
export async function registerEndpoint(
  server: Server,
  p: Partner,
  url: string,
  secret: string,
  extra: Omit<WebhookEndpointFields, 'secret'> = {},
): Promise<string> {
  const created = await call(server, p.token, 'POST', '/v1/webhooks', { name: 'e2e receiver', ...extra, url, secret });
  expect(created.status, created.text).toBe(200);
  return created.body.id as string;
}

export interface Delivery {
  /** The event's stable id (the envelope's eventId). */
  eventId: string;
  /** The envelope's id: the entity's id for entity events. */
  id: string;
  eventType: string;
  state: string;
  statusCode?: number;
}

export async function deliveryLog(server: Server, p: Partner, endpointId: string): Promise<Delivery[]> {
  const log = await call(server, p.token, 'GET', `/v1/webhooks/${endpointId}/deliveries?limit=500`);
  expect(log.status, log.text).toBe(200);
  return log.body as Delivery[];
}

/** The spec's receiver check: `sha256=` and the lowercase hex HMAC-SHA256 of the exact body bytes. */
const signatureOf = (secret: string, raw: Buffer) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Signed over its exact bytes, with the envelope { eventId, id, type, api_version: '1.0', data } in that order. */
export function expectSignedEnvelope(arrival: Received, secret: string) {
  expect(arrival.headers['x-service-signature-256'], arrival.raw.toString()).toBe(signatureOf(secret, arrival.raw));
  expect(arrival.headers['content-type']).toBe('application/json');
  expect(Object.keys(arrival.body)).toEqual(['eventId', 'id', 'type', 'api_version', 'data']);
  expect(arrival.body.api_version).toBe('1.0');
  expect(typeof arrival.body.id).toBe('string');
  expect(typeof arrival.body.data).toBe('object');
}

/** An event as the receiver reads it: what must arrive, whatever the order. */
/**
 * An event's data without its sensitive fields: the outbox keeps them sealed (platform/secrets/sensitive.ts) and the
 * partner receives them opened, so an arrival and its stored event agree on everything else.
 */
function withoutSensitive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSensitive);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !sensitiveFieldNames.has(key))
      .map(([key, v]) => [key, withoutSensitive(v)]),
  );
}

export const eventKey = (id: string, type: string, data: unknown) => JSON.stringify([id, type, withoutSensitive(data)]);
export const arrivalKey = (a: Received) => eventKey(a.body.id, a.body.type, a.body.data);

/** How many times each value occurs. */
export function tally(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

export interface StoredEvent {
  readonly outboxId: string;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly occurredAtMs: number;
  readonly fannedOut: boolean;
  readonly key: string;
}

export interface StoredDelivery {
  readonly outboxId: string;
  readonly state: string;
  readonly statusCode: number | null;
  readonly createdAtMs: number;
}

export async function storedEvents(store: Store, workspaceId: string): Promise<StoredEvent[]> {
  const rows = await store.db.query<{
    id: string;
    event_id: string;
    type: string;
    data: string;
    occurred_at_ms: string;
    fanned: boolean;
  }>(
    `select id::text as id, event_id, type, data::text as data, occurred_at_ms::text as occurred_at_ms,
       fanned_out_at_ms is not null as fanned
     from outbox_events where workspace_id = $1 order by outbox_events.id`,
    [workspaceId],
  );
  return rows.map((r) => {
    const data = JSON.parse(r.data) as unknown;
    return {
      outboxId: r.id,
      eventId: r.event_id,
      type: r.type,
      data,
      occurredAtMs: Number(r.occurred_at_ms),
      fannedOut: r.fanned,
      key: eventKey(r.event_id, r.type, data),
    };
  });
}

export async function storedDeliveries(store: Store, endpointId: string): Promise<StoredDelivery[]> {
  const rows = await store.db.query<{ outbox_id: string; state: string; status_code: number | null; created: string }>(
    `select outbox_id::text as outbox_id, state, status_code, created_at_ms::text as created
     from webhook_deliveries where endpoint_id = $1 order by id`,
    [endpointId],
  );
  return rows.map((r) => ({
    outboxId: r.outbox_id,
    state: r.state,
    statusCode: r.status_code === null ? null : Number(r.status_code),
    createdAtMs: Number(r.created),
  }));
}

/** A workspace's outbox events and an endpoint's delivery rows, as the processes left them in dataDir's store. */
export function storedOutbox(dataDir: string, workspaceId: string, endpointId: string) {
  return withStore(dataDir, async (store) => ({
    events: await storedEvents(store, workspaceId),
    rows: await storedDeliveries(store, endpointId),
  }));
}
