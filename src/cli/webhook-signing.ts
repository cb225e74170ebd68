// What `listen` sends to a local receiver, made as the server's webhook dispatcher makes a delivery
// (src/events/dispatcher.ts and src/events/signature.ts, which the CLI may not import: rule cli-talks-http). The
// body is the envelope written as the dispatcher writes it, byte for byte, and the headers are the spec's
// X-Service-Signature-256 and the Standard Webhooks ones over those bytes. webhook-signing.test.ts holds both to
// the server's code, so that the two cannot drift apart.

import { createHmac, randomBytes } from 'node:crypto';

/** An event as the events API lists it (GET /v1/events): the envelope as delivered, and when it was recorded. */
export interface ListedEvent {
  readonly eventId: string;
  readonly id: string;
  readonly type: string;
  readonly api_version: string;
  readonly data: unknown;
  readonly createdAt: number;
}

/** What the dispatcher sends as its user agent. */
export const deliveryUserAgent = 'brokerage-webhooks/1.0';

/**
 * A JSON number as PostgreSQL's jsonb prints it: numeric's plain notation, never an exponent (1e-7 is 0.0000001,
 * 1e+21 is a 1 and 21 zeros). A number the server stored came from JSON.stringify, so its digits are JavaScript's.
 */
function jsonbNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a JSON number: ${value}`);
  const text = String(value === 0 ? 0 : value);
  const exponentAt = text.indexOf('e');
  if (exponentAt === -1) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const point = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  // Where the decimal point falls in `digits` once the exponent is applied.
  const pointAt = (point === -1 ? mantissa.length : point) + exponent;
  let plain: string;
  if (pointAt <= 0) plain = `0.${'0'.repeat(-pointAt)}${digits}`;
  else if (pointAt >= digits.length) plain = digits + '0'.repeat(pointAt - digits.length);
  else plain = `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return negative ? `-${plain}` : plain;
}

/** jsonb's order of an object's keys: the shorter first, then by their UTF-8 bytes. */
function jsonbKeyOrder(a: string, b: string): number {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length - right.length || Buffer.compare(left, right);
}

/**
 * A JSON value written as PostgreSQL writes a jsonb value as text (`jsonb::text`): `{"a": 1, "b": [1, 2]}`, a space
 * after each colon and comma, keys in jsonb's order, strings escaped as JSON.stringify escapes them. The outbox keeps
 * an event's data as jsonb and the dispatcher puts that text into the body as it is.
 */
export function jsonbText(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return jsonbNumber(value);
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort(jsonbKeyOrder);
    const members = keys.map((key) => `${JSON.stringify(key)}: ${jsonbText((value as Record<string, unknown>)[key])}`);
    return `{${members.join(', ')}}`;
  }
  throw new Error(`not a JSON value: ${typeof value}`);
}

/** The body the dispatcher sends for an event: the envelope's fields in its order, data as jsonb's text. */
export function deliveryBody(event: ListedEvent): Buffer {
  return Buffer.from(
    `{"eventId":${JSON.stringify(event.eventId)},"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"api_version":${JSON.stringify(event.api_version)},"data":${jsonbText(event.data)}}`,
  );
}

const whsec = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** The Standard Webhooks key of a secret: a `whsec_` secret's decoded bytes, any other secret's UTF-8 bytes. */
export function standardKey(secret: string): Buffer {
  const encoded = whsec.exec(secret)?.[1];
  if (encoded !== undefined) {
    const key = Buffer.from(encoded, 'base64');
    if (key.length > 0 && key.toString('base64') === encoded) return key;
  }
  return Buffer.from(secret, 'utf8');
}

/** The signature headers of a delivery of `body` sent at `sentAtMs`, as the server signs one with one secret. */
export function deliveryHeaders(secret: string, webhookId: string, sentAtMs: number, body: Buffer) {
  const timestamp = Math.floor(sentAtMs / 1000);
  const service = createHmac('sha256', secret).update(body).digest('hex');
  const standard = createHmac('sha256', standardKey(secret)).update(`${webhookId}.${timestamp}.`).update(body);
  return {
    'x-service-signature-256': `sha256=${service}`,
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${standard.digest('base64')}`,
  };
}

/** A fresh secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
