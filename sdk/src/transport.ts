// One logical call of an operation over fetch: the URL from the operation table, the bearer token, the
// Idempotency-Key (one per logical call, the same on each of its retries), the retries of retry.ts, one replay
// after a 401 with a fresh token, and the answer parsed with every field kept.

import { randomUUID } from 'node:crypto';
import { BrokerageError, BrokerageNetworkError, errorFromAnswer } from './errors.js';
import { type OperationId, operationTable } from './operations.js';
import { defaultRetryPolicy, delayBeforeRetry, type RetryPolicy } from './retry.js';
import type { BinaryBody, CallOptions } from './types.js';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** How a client proves who it is: a cached partner token that can be replaced, or the operator's fixed token. */
export interface Credentials {
  token(): Promise<string>;
  /** Whether a 401 answered for `token` is worth one replay with a fresh token. */
  refused(token: string): boolean;
}

export interface TransportOptions {
  /** The API's address, for example http://127.0.0.1:3000 (the stage server) or the production address. */
  readonly baseUrl: string;
  /** Node's own fetch unless given (tests inject one). */
  readonly fetch?: Fetch;
  readonly retry?: Partial<RetryPolicy>;
  /** The clock of the token cache and of Retry-After dates: Date.now unless given. */
  readonly now?: () => number;
  /** Waits between tries: a timer unless given. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The jitter's randomness: Math.random unless given. */
  readonly random?: () => number;
}

export interface Call {
  readonly id: OperationId;
  readonly path: readonly string[];
  readonly body: unknown;
  readonly query: Record<string, unknown> | undefined;
  readonly options: CallOptions | undefined;
}

const timer = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal?.throwIfAborted();
    const handle = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(handle);
      reject(signal.reason);
    });
  });

export class Transport {
  readonly baseUrl: string;
  readonly now: () => number;
  private readonly fetch: Fetch;
  private readonly policy: RetryPolicy;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  /** Set once the client knows how it authenticates (its token cache calls this transport). */
  credentials: Credentials | undefined;

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.policy = { ...defaultRetryPolicy, ...options.retry };
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? timer;
    this.random = options.random ?? Math.random;
  }

  async call(call: Call): Promise<unknown> {
    const row = operationTable[call.id];
    const url = this.urlOf(row.path, call.path, call.query);
    const key = row.idempotencyKey === null ? undefined : (call.options?.idempotencyKey ?? randomUUID());
    const safeToResend = row.method === 'GET' || key !== undefined;
    const signal = call.options?.signal;
    let replayed = false;
    for (let attempt = 1; ; attempt += 1) {
      const token = row.auth && this.credentials !== undefined ? await this.credentials.token() : undefined;
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      if (key !== undefined) headers['idempotency-key'] = key;
      const init: RequestInit = { method: row.method, headers, ...(signal === undefined ? {} : { signal }) };
      if (row.body !== null && call.body !== undefined) {
        headers['content-type'] = row.body === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
        init.body =
          row.body === 'json'
            ? JSON.stringify(call.body)
            : new URLSearchParams(call.body as Record<string, string>).toString();
      }
      let error: BrokerageError;
      try {
        const response = await this.fetch(url, init);
        if (response.ok) return await answerOf(response, row.response);
        error = errorFromAnswer(response.status, response.headers, await response.text(), call.id === 'oauth.token');
      } catch (thrown) {
        if (thrown instanceof BrokerageError || signal?.aborted) throw thrown;
        error = new BrokerageNetworkError({
          status: 0,
          error: 'NetworkError',
          message: `${row.method} ${url}: ${(thrown as Error).message}`,
        });
        Object.defineProperty(error, 'cause', { value: thrown });
      }
      // Spec, Errors: AuthorizationError → "Fetch a new token, replay once". Not counted as a retry.
      if (error.status === 401 && token !== undefined && !replayed && this.credentials?.refused(token)) {
        replayed = true;
        attempt -= 1;
        continue;
      }
      const delay = delayBeforeRetry(this.policy, attempt, error, safeToResend, this.now(), this.random);
      if (delay === undefined) throw error;
      await this.sleep(delay, signal);
    }
  }

  private urlOf(template: string, values: readonly string[], query: Record<string, unknown> | undefined): string {
    let index = 0;
    const path = template.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(values[index++] ?? '')));
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
      for (const one of Array.isArray(value) ? value : [value]) {
        if (one !== undefined && one !== null) search.append(name, String(one));
      }
    }
    const text = search.toString();
    return `${this.baseUrl}${path}${text === '' ? '' : `?${text}`}`;
  }
}

async function answerOf(response: Response, kind: 'json' | 'bytes'): Promise<unknown> {
  if (kind === 'bytes') {
    const answer: BinaryBody = {
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
    return answer;
  }
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}
