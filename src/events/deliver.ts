import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { limits } from '../limits.js';
import { checkTarget, type Resolver } from './url-policy.js';

export interface Attempt {
  readonly statusCode: number | undefined;
  readonly latencyMs: number;
  readonly error: string | undefined;
  /** The receiver's Retry-After header, read by a retrying endpoint's schedule (retry-schedule.ts). */
  readonly retryAfter?: string | undefined;
  /** The start of the receiver's answer body (answerExcerptOf); undefined when there was none. */
  readonly answerExcerpt?: string | undefined;
}

/**
 * The first `maxBytes` of an answer body as text for people to read: UTF-8 (a sequence cut at the end or invalid
 * becomes U+FFFD), without NUL, which a PostgreSQL text value cannot hold; undefined for an empty body.
 */
export function answerExcerptOf(chunks: readonly Buffer[], maxBytes: number): string | undefined {
  const bytes = Buffer.concat(chunks).subarray(0, maxBytes);
  if (bytes.length === 0) return undefined;
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replaceAll('\u0000', '\uFFFD');
}

/**
 * One POST of exact bytes to a checked target: the host is resolved and checked once, then the connection goes to
 * that address (TLS still verifies the host name). Redirects are not followed; of the response body only its first
 * `excerptBytes` are kept (the rest is read and dropped, so a long answer costs no memory).
 */
export async function postOnce(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  options: { allowInsecure: boolean; timeoutMs: number; excerptBytes?: number; resolver?: Resolver },
): Promise<Attempt> {
  const excerptBytes = options.excerptBytes ?? limits.webhookAnswerExcerptBytes;
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
        const kept: Buffer[] = [];
        let keptBytes = 0;
        res.on('data', (chunk: Buffer) => {
          if (keptBytes >= excerptBytes) return;
          kept.push(chunk);
          keptBytes += chunk.length;
        });
        const retryAfter = res.headers['retry-after'];
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode,
            latencyMs: elapsed(),
            error: undefined,
            retryAfter,
            answerExcerpt: answerExcerptOf(kept, excerptBytes),
          }),
        );
        res.on('error', (error) => resolve({ statusCode: res.statusCode, latencyMs: elapsed(), error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', (error) => resolve({ statusCode: undefined, latencyMs: elapsed(), error: error.message }));
    req.end(body);
  });
}
