import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signedHeaders, standardKeyOf } from './signature.js';

// The Standard Webhooks headers against the standard's reference library: both ways a partner's secret is keyed.

const body = Buffer.from('{"id":"DEP1","type":"deposit_completed","api_version":"1.0","data":{"amount":1.5}}');
const nowMs = Date.now();

describe('signedHeaders', () => {
  it('a free-form secret verifies with the library in raw format, and keeps the spec header', () => {
    const secret = 'partner-chosen secret é';
    const headers = signedHeaders({ current: secret, previous: undefined }, 'evt-1', nowMs, body);
    expect(headers['x-service-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(nowMs / 1000)));
    expect(new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).verify(body.toString(), headers)).toEqual(
      JSON.parse(body.toString()),
    );
    expect(() =>
      new Webhook(Buffer.from('another secret'), { format: 'raw' }).verify(body.toString(), headers),
    ).toThrow(/No matching signature/);
  });

  it('a whsec_ secret is keyed with its decoded bytes: the library verifies with the secret as it is', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    expect(standardKeyOf(secret)).toHaveLength(32);
    const headers = signedHeaders({ current: secret, previous: undefined }, 'evt-2', nowMs, body);
    expect(() => new Webhook(secret).verify(body.toString(), headers)).not.toThrow();
  });

  it('whsec_ followed by something that is not canonical base64 is a free-form secret', () => {
    expect(standardKeyOf('whsec_not*base64')).toEqual(Buffer.from('whsec_not*base64'));
    expect(standardKeyOf('whsec_YQ')).toEqual(Buffer.from('whsec_YQ'));
  });

  it('during a rotation webhook-signature carries both signatures; either secret verifies', () => {
    const headers = signedHeaders({ current: 'new-secret-1', previous: 'old-secret-1' }, 'evt-3', nowMs, body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of ['new-secret-1', 'old-secret-1']) {
      expect(() => new Webhook(Buffer.from(secret), { format: 'raw' }).verify(body.toString(), headers)).not.toThrow();
    }
    const single = signedHeaders({ current: 'new-secret-1', previous: undefined }, 'evt-3', nowMs, body);
    expect(single['x-service-signature-256']).toBe(headers['x-service-signature-256']);
  });
});
