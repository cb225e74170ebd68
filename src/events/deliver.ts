import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkTarget, type Resolver } from './url-policy.js';

export interface Attempt {
  readonly statusCode: number | undefined;
  readonly latencyMs: number;
  readonly error: string | undefined;
  /** The receiver's Retry-After header, read by a retrying endpoint's schedule (retry-schedule.ts). */
  readonly retryAfter?: string | undefined;
}

/**
 * One POST of exact bytes to a checked target: the host is resolved and checked once, then the connection goes to
 * that address (TLS still verifies the host name). Redirects are not followed; the response body is discarded.
 */
export async function postOnce(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  options: { allowInsecure: boolean; timeoutMs: number; resolver?: Resolver },
): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = await checkTarget(url, options.allowInsecure, options.resolver);
  if (!target.ok) return { statusCode: undefined, latencyMs: elapsed(), error: `refused: ${target.reason}` };
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Attempt>((resolve) => {
    const req = send(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) },
        timeout: options.timeoutMs,
      },
      (res) => {
        res.resume();
        const retryAfter = res.headers['retry-after'];
        res.on('end', () =>
          resolve({ statusCode: res.statusCode, latencyMs: elapsed(), error: undefined, retryAfter }),
        );
        res.on('error', (error) => resolve({ statusCode: res.statusCode, latencyMs: elapsed(), error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', (error) => resolve({ statusCode: undefined, latencyMs: elapsed(), error: error.message }));
    req.end(body);
  });
}
