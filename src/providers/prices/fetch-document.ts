// Reads a price document from the address an operator configured: http(s) for a published feed, file: for a copy an
// operator (or a test) puts on disk. Bounded in time and size, so a slow or runaway feed never holds a quote.

import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { limits } from '../../limits.js';

/** Why a document could not be read (network, status, size, timeout), in words for the operator. */
export class PriceFeedUnavailable extends Error {
  override readonly name = 'PriceFeedUnavailable';
}

export type FetchLike = (url: URL, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<Response>;

/** The address's protocols a price source may read. */
export const priceFeedProtocols = ['http:', 'https:', 'file:'] as const;

export async function fetchDocument(url: URL, timeoutMs: number, fetchImpl: FetchLike = fetch): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    if (url.protocol === 'file:') return await readFileBounded(url, signal);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new PriceFeedUnavailable(`${url.protocol} addresses are not read; use http:, https: or file:`);
    }
    const response = await fetchImpl(withoutCredentials(url), { signal, headers: basicAuthorization(url) });
    if (!response.ok) {
      await response.body?.cancel();
      throw new PriceFeedUnavailable(`answered HTTP ${response.status}`);
    }
    return await readBodyBounded(response);
  } catch (error) {
    if (error instanceof PriceFeedUnavailable) throw error;
    if (signal.aborted) throw new PriceFeedUnavailable(`no answer within ${timeoutMs} ms`);
    throw new PriceFeedUnavailable((error as Error).message);
  }
}

/** fetch refuses a URL with user:password; an operator's feed behind basic authentication gets them as a header. */
function basicAuthorization(url: URL): Record<string, string> {
  if (url.username === '' && url.password === '') return {};
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
}

function withoutCredentials(url: URL): URL {
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  return bare;
}

async function readBodyBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limits.priceDocumentMaxBytes) throw tooLarge();
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limits.priceDocumentMaxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readFileBounded(url: URL, signal: AbortSignal): Promise<string> {
  const file = await open(fileURLToPath(url), 'r');
  try {
    if ((await file.stat()).size > limits.priceDocumentMaxBytes) throw tooLarge();
    return await file.readFile({ encoding: 'utf8', signal });
  } finally {
    await file.close();
  }
}

const tooLarge = () => new PriceFeedUnavailable(`the document is larger than ${limits.priceDocumentMaxBytes} bytes`);
