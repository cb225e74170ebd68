// `listen --forward-to URL`: the workspace's events, followed through the events API as `events tail` follows them,
// each POSTed to a local receiver as the server's dispatcher would deliver it (src/events/deliver.ts): the same body
// bytes, the same headers, signed with a local secret. One attempt per event, as the spec's delivery; the receiver's
// answer is printed, never retried.

import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { UsageError } from './usage-error.js';
import { deliveryBody, deliveryHeaders, deliveryUserAgent, type ListedEvent } from './webhook-signing.js';

/** How long a receiver has to answer, as the server's webhook timeout (src/limits.ts webhookTimeoutMs). */
export const forwardTimeoutMs = 5_000;

/** The spec's shortest secret (Limits), and the longest a webhook endpoint takes. */
const secretLength = { min: 8, max: 256 } as const;
/** Standard Webhooks: `whsec_` and the base64 of 24 to 64 random bytes (as POST /v1/webhooks checks it). */
const standardBytes = { min: 24, max: 64 } as const;
const base64Text = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Why a secret could not sign a real endpoint's deliveries (the rules of POST /v1/webhooks), or undefined: a secret
 * listen uses works unchanged when the same receiver is registered as an endpoint.
 */
export function secretRefusal(secret: string): string | undefined {
  if (secret.length < secretLength.min || secret.length > secretLength.max) {
    return `--secret must be ${secretLength.min} to ${secretLength.max} characters long`;
  }
  if (!secret.startsWith('whsec_')) return undefined;
  const encoded = secret.slice('whsec_'.length);
  const key = Buffer.from(encoded, 'base64');
  const canonical = base64Text.test(encoded) && key.toString('base64') === encoded;
  if (canonical && key.length >= standardBytes.min && key.length <= standardBytes.max) return undefined;
  return (
    '--secret starts with whsec_, so it must be a Standard Webhooks secret: whsec_ followed by the base64 of ' +
    `${standardBytes.min} to ${standardBytes.max} random bytes`
  );
}

/** The receiver's URL: http or https, with a host. */
export function forwardTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--forward-to must be an http(s) URL such as http://127.0.0.1:4000/hooks, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new UsageError(`--forward-to must be an http(s) URL such as http://127.0.0.1:4000/hooks, got "${raw}"`);
  }
  return url;
}

/** How the receiver answered one forwarded event: its status, or why there was none. */
export type Forwarded = { readonly status: number } | { readonly error: string };

/** One POST of the event's delivery to the receiver; the answer's body is read and dropped. */
export function forwardEvent(
  target: URL,
  event: ListedEvent,
  secret: string,
  nowMs: () => number = Date.now,
): Promise<Forwarded> {
  const body = deliveryBody(event);
  const headers = {
    'user-agent': deliveryUserAgent,
    ...deliveryHeaders(secret, event.eventId, nowMs(), body),
    'content-type': 'application/json',
    'content-length': String(body.length),
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(target, { method: 'POST', headers, timeout: forwardTimeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${forwardTimeoutMs / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.message || error.code || String(error) }));
    req.end(body);
  });
}

/** The receiver's answer as the line ends: `-> 204`, or `-> failed: <why>`. */
export const answerText = (forwarded: Forwarded): string =>
  'status' in forwarded ? `-> ${forwarded.status}` : `-> failed: ${forwarded.error}`;
