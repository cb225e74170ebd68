// The CLI's copy of a delivery (webhook-signing.ts, event-forward.ts) held to the server's own code, so that the two
// cannot drift: the signatures to src/events/signature.ts, the secret rules to POST /v1/webhooks's
// (resources/webhooks/service.ts), and the body's data to what PostgreSQL writes for the outbox's jsonb, from which
// the dispatcher builds the body (listen-trigger.test.ts compares whole deliveries byte for byte).

import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testDb } from '../../test/support/harness.js';
import { signedHeaders, standardKeyOf } from '../events/signature.js';
import { limits } from '../limits.js';
import { standardSecretRefusal } from '../resources/webhooks/service.js';
import { secretRefusal } from './event-forward.js';
import { deliveryBody, deliveryHeaders, jsonbText, standardKey } from './webhook-signing.js';

const whsecOf = (bytes: number) => `whsec_${randomBytes(bytes).toString('base64')}`;

/** Secrets of every kind a partner may choose: free-form text, whsec_ of each size, whsec_ that is not base64. */
const secrets = fc.oneof(
  fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' }),
  fc.integer({ min: 1, max: 80 }).map(whsecOf),
  fc.string({ minLength: 1, maxLength: 40 }).map((tail) => `whsec_${tail}`),
  fc.constantFrom('whsec_YQ', 'whsec_not*base64', 'whsec_', `${whsecOf(32)}=`, whsecOf(32).replace(/=*$/, '')),
);

describe('the signatures of a forwarded event', () => {
  it('are the server signedHeaders of the same body, id, time and secret', () => {
    fc.assert(
      fc.property(
        secrets,
        fc.uuid(),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.uint8Array({ maxLength: 2000 }),
        (secret, webhookId, sentAtMs, bytes) => {
          const body = Buffer.from(bytes);
          const server = signedHeaders({ current: secret, previous: undefined }, webhookId, sentAtMs, body);
          expect(deliveryHeaders(secret, webhookId, sentAtMs, body)).toEqual(server);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('key Standard Webhooks as the server does: a whsec_ secret by its bytes, any other by its text', () => {
    fc.assert(
      fc.property(secrets, (secret) => {
        expect(standardKey(secret)).toEqual(standardKeyOf(secret));
      }),
      { numRuns: 300 },
    );
  });
});

describe('--secret', () => {
  it('is taken exactly when POST /v1/webhooks would take it as an endpoint secret', () => {
    const accepted = (secret: string) =>
      secret.length >= limits.webhookSecretLengthMin &&
      secret.length <= 256 &&
      standardSecretRefusal(secret) === undefined;
    fc.assert(
      fc.property(secrets, (secret) => {
        expect(secretRefusal(secret) === undefined, secret).toBe(accepted(secret));
      }),
      { numRuns: 500 },
    );
    for (const secret of ['1234567', whsecOf(23), whsecOf(65), 'x'.repeat(257)])
      expect(secretRefusal(secret)).toBeDefined();
    for (const secret of ['12345678', whsecOf(24), whsecOf(64), 'x'.repeat(256)])
      expect(secretRefusal(secret)).toBeUndefined();
  });
});

/** JSON whose strings PostgreSQL can hold: no NUL, no lone surrogate (jsonb refuses both). */
const storable = fc.jsonValue({ maxDepth: 4 }).filter((value) => !/\\u0000|\\ud[89a-f]/i.test(JSON.stringify(value)));

describe('the body of a forwarded event', () => {
  it("writes data as PostgreSQL writes the outbox's jsonb, from the value the events API answers", async () => {
    const db = await testDb();
    const check = async (value: unknown) => {
      const [row] = await db.query<{ text: string; value: unknown }>(
        'select $1::text::jsonb::text as text, $1::text::jsonb as value',
        [JSON.stringify(value)],
      );
      // What the CLI holds: the driver's value, serialised into the API's answer and parsed again.
      const listed = JSON.parse(JSON.stringify(row?.value));
      expect(jsonbText(listed)).toBe(row?.text);
    };
    for (const value of [
      { amount: 1e-7, big: 1e21, max: Number.MAX_VALUE, tiny: 5e-324, neg: -1.5e-9, zero: -0 },
      { b: 1, a: 2, aa: 3, '10': 4, '2': 5, é: 6, z: [1, 'two', null, true, { y: {}, x: [] }] },
      { text: 'quote " backslash \\ newline \n tab \t bell \u0007 del \u007f é 😀 \u2028' },
      {},
      [],
    ]) {
      await check(value);
    }
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 8 }), storable, { maxKeys: 8 }), check), {
      numRuns: 150,
    });
  });

  it('is the envelope in the dispatcher order: eventId, id, type, api_version, data', () => {
    const body = deliveryBody({
      eventId: '0b5d3e9e-58a4-4a49-9b77-2d1a4a1f5c11',
      id: 'PRE123',
      type: 'deposit_completed',
      api_version: '1.0',
      data: { status: 'Received', amount: 250 },
      createdAt: 0,
    });
    expect(body.toString()).toBe(
      '{"eventId":"0b5d3e9e-58a4-4a49-9b77-2d1a4a1f5c11","id":"PRE123","type":"deposit_completed","api_version":"1.0","data":{"amount": 250, "status": "Received"}}',
    );
  });
});
