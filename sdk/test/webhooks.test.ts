import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signedHeaders } from '../../src/events/signature.js';
import { verifyWebhook, type WebhookEvent, WebhookVerificationError } from '../src/index.js';

// Signed by the server's own signer (src/events/signature.ts), verified by the SDK over the raw bytes.

const secret = 'endpoint-secret-1';
const body = Buffer.from(
  '{"eventId":"e-1","id":"o1","type":"order_status_updated","api_version":"1.0","data":{"status":"Success"}}',
);
const sentAtMs = 1_767_225_600_000;
const at = (ms: number) => ({ now: () => ms });

function failure(run: () => unknown): WebhookVerificationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return error as WebhookVerificationError;
  }
  throw new Error('verification passed');
}

describe('verifyWebhook', () => {
  const headers = signedHeaders({ current: secret, previous: undefined }, 'e-1', sentAtMs, body);

  it('returns the typed event of an authentic delivery (Buffer, Uint8Array, string)', () => {
    for (const raw of [body, new Uint8Array(body), body.toString('utf8')]) {
      const event: WebhookEvent = verifyWebhook(raw, headers, secret, at(sentAtMs + 1_000));
      expect(event).toMatchObject({ type: 'order_status_updated', id: 'o1', data: { status: 'Success' } });
      if (event.type === 'order_status_updated') expect(event.api_version).toBe('1.0');
    }
  });

  it('refuses a tampered body, a wrong secret, and a re-serialised body', () => {
    const tampered = Buffer.from(body.toString().replace('Success', 'Failed'));
    expect(failure(() => verifyWebhook(tampered, headers, secret, at(sentAtMs))).reason).toBe('signature_mismatch');
    expect(failure(() => verifyWebhook(body, headers, 'another-secret', at(sentAtMs))).reason).toBe(
      'signature_mismatch',
    );
    const reserialised = JSON.stringify(JSON.parse(body.toString()), null, 1);
    expect(failure(() => verifyWebhook(reserialised, headers, secret, at(sentAtMs))).reason).toBe('signature_mismatch');
  });

  it('refuses a timestamp outside the tolerance (5 minutes by default, either side)', () => {
    expect(verifyWebhook(body, headers, secret, at(sentAtMs + 299_000)).type).toBe('order_status_updated');
    expect(failure(() => verifyWebhook(body, headers, secret, at(sentAtMs + 301_000))).reason).toBe(
      'timestamp_outside_tolerance',
    );
    expect(failure(() => verifyWebhook(body, headers, secret, at(sentAtMs - 301_000))).reason).toBe(
      'timestamp_outside_tolerance',
    );
    expect(verifyWebhook(body, headers, secret, { ...at(sentAtMs + 500_000), toleranceSeconds: 600 }).id).toBe('o1');
  });

  it('accepts either secret of a rotation: two signatures in webhook-signature', () => {
    const rotated = signedHeaders({ current: 'new-secret-2', previous: secret }, 'e-1', sentAtMs, body);
    expect(rotated['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verifyWebhook(body, rotated, secret, at(sentAtMs)).id).toBe('o1');
    expect(verifyWebhook(body, rotated, 'new-secret-2', at(sentAtMs)).id).toBe('o1');
    expect(verifyWebhook(body, rotated, ['unknown-secret', 'new-secret-2'], at(sentAtMs)).id).toBe('o1');
    // The spec's header is signed with the new secret only.
    const service = { 'x-service-signature-256': rotated['x-service-signature-256'] };
    const contract = { ...at(sentAtMs), scheme: 'service' } as const;
    expect(verifyWebhook(body, service, ['new-secret-2'], contract).id).toBe('o1');
    expect(failure(() => verifyWebhook(body, service, secret, contract)).reason).toBe('signature_mismatch');
  });

  it('refuses by default a delivery whose webhook-* headers were stripped: no silent fall back to the timeless one', () => {
    const service = { 'X-Service-Signature-256': headers['x-service-signature-256'] };
    // A delivery captured a day ago, replayed with only the contract's signature left: its signature still matches.
    const stripped = failure(() => verifyWebhook(body, service, secret, at(sentAtMs + 86_400_000)));
    expect(stripped.reason).toBe('missing_signature');
    expect(stripped.message).toContain("scheme: 'service'");
    expect(failure(() => verifyWebhook(body, service, secret, { scheme: 'standard' })).reason).toBe(
      'missing_signature',
    );
    // Each header on its own is required, not only webhook-signature.
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const without = Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
      expect(failure(() => verifyWebhook(body, without, secret, at(sentAtMs))).reason).toBe('missing_signature');
    }
    // The earlier versions' 'auto', from plain JavaScript, is not a way around it.
    const auto = { ...at(sentAtMs), scheme: 'auto' } as unknown as Parameters<typeof verifyWebhook>[3];
    expect(failure(() => verifyWebhook(body, service, secret, auto)).reason).toBe('missing_signature');
    expect(failure(() => verifyWebhook(body, {}, secret)).reason).toBe('missing_signature');
  });

  it("verifies X-Service-Signature-256 alone only when asked to ({ scheme: 'service' }), with no timestamp", () => {
    const service = { 'X-Service-Signature-256': headers['x-service-signature-256'] };
    expect(verifyWebhook(body, service, secret, { scheme: 'service' }).id).toBe('o1');
    expect(verifyWebhook(body, new Headers(headers), secret, { scheme: 'service' }).id).toBe('o1');
    // The trade-off it makes: the same delivery a day later still verifies.
    expect(verifyWebhook(body, service, secret, { ...at(sentAtMs + 86_400_000), scheme: 'service' }).id).toBe('o1');
    expect(failure(() => verifyWebhook(body, {}, secret, { scheme: 'service' })).reason).toBe('missing_signature');
    const tampered = Buffer.from(body.toString().replace('Success', 'Failed'));
    expect(failure(() => verifyWebhook(tampered, service, secret, { scheme: 'service' })).reason).toBe(
      'signature_mismatch',
    );
  });

  it('agrees with the standardwebhooks library, for a whsec_ secret and a plain one', () => {
    const whsec = `whsec_${randomBytes(32).toString('base64')}`;
    const nowMs = Date.now();
    for (const [key, library] of [
      [whsec, new Webhook(whsec)],
      [secret, new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' })],
    ] as const) {
      const signature = library.sign('msg_1', new Date(nowMs), body.toString());
      const libraryHeaders = {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(Math.floor(nowMs / 1000)),
        'webhook-signature': signature,
      };
      expect(verifyWebhook(body, libraryHeaders, key).id).toBe('o1');
      const ours = signedHeaders({ current: key, previous: undefined }, 'msg_2', nowMs, body);
      expect(library.verify(body.toString(), ours)).toMatchObject({ id: 'o1' });
    }
  });

  it('refuses a signed body that is not an event', () => {
    const notEvent = Buffer.from('[1,2]');
    const signed = signedHeaders({ current: secret, previous: undefined }, 'e-2', sentAtMs, notEvent);
    expect(failure(() => verifyWebhook(notEvent, signed, secret, at(sentAtMs))).reason).toBe('invalid_body');
  });
});
