// Webhook endpoints registered through the partner API (app.inject) as a test's setup; the tests of registration
// itself (test/api/webhooks.test.ts, the refusals) call POST /v1/webhooks inline and read its own answer.

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { expect } from 'vitest';
import type { CreateWebhookRequest, WebhookEndpoint } from '../../src/resources/webhooks/schema.js';
import type { Partner } from './builders.js';

/** The optional fields of POST /v1/webhooks: a name and a secret of the test's own, retries, an event filter. */
export type WebhookEndpointFields = Partial<Omit<Static<typeof CreateWebhookRequest>, 'url'>>;

/** The endpoint as POST /v1/webhooks answered it, and the secret it signs with (which the API never answers). */
export type RegisteredEndpoint = Static<typeof WebhookEndpoint> & { readonly secret: string };

/** Registers an endpoint at `url` for the partner's workspace (setup, not the subject); answers it and its secret. */
export async function aWebhookEndpoint(
  app: FastifyInstance,
  partner: Pick<Partner, 'headers'>,
  url: string,
  extra: WebhookEndpointFields = {},
): Promise<RegisteredEndpoint> {
  const payload = { name: 'test endpoint', secret: `endpoint-secret-${randomBytes(8).toString('hex')}`, ...extra, url };
  const created = await app.inject({ method: 'POST', url: '/v1/webhooks', headers: partner.headers, payload });
  expect(created.statusCode, `POST /v1/webhooks for ${url}: ${created.body}`).toBe(200);
  return { ...(created.json() as Static<typeof WebhookEndpoint>), secret: payload.secret };
}
