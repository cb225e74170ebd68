// An injected fetch for the unit tests: answers each request with the next scripted answer of its path (or a
// default), records every request (method, path, headers, body), and a token endpoint that counts its mints.

import type { Fetch } from '../../src/index.js';

export interface Sent {
  readonly method: string;
  readonly path: string;
  readonly url: URL;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

export type Answer = Response | Error | ((sent: Sent) => Response | Error | Promise<Response | Error>);

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The read routes' error body (spec, Errors). */
export const readError = (status: number, error: string, headers: Record<string, string> = {}) =>
  json(status, { ok: false, error, message: `${error} happened` }, { 'x-request-id': `req-${status}`, ...headers });

/** The create routes' error body. */
export const createError = (status: number, error: string, headers: Record<string, string> = {}) =>
  json(
    status,
    { success: false, error, message: `${error} happened`, errorId: `${error}-1`, errorName: error },
    {
      'x-request-id': `req-${status}`,
      ...headers,
    },
  );

export interface FakeServer {
  readonly fetch: Fetch;
  readonly sent: Sent[];
  /** Requests to a path, the token endpoint's included. */
  to(path: string): Sent[];
  /** Queues answers for a path, used in order; once spent, the path's default answers. */
  script(path: string, ...answers: Answer[]): void;
  /** How many tokens were minted. */
  mints(): number;
}

export function fakeServer(defaults: Record<string, Answer> = {}, expiresInSeconds = 300): FakeServer {
  const sent: Sent[] = [];
  const scripts = new Map<string, Answer[]>();
  let minted = 0;
  const fetch: Fetch = async (input, init) => {
    const url = new URL(input);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const request: Sent = {
      method: init.method ?? 'GET',
      path: url.pathname,
      url,
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    sent.push(request);
    let answer = scripts.get(url.pathname)?.shift() ?? defaults[url.pathname];
    if (answer === undefined && url.pathname === '/oauth/token') {
      minted += 1;
      answer = json(200, { access_token: `token-${minted}`, token_type: 'Bearer', expires_in: expiresInSeconds });
    }
    if (typeof answer === 'function') answer = await answer(request);
    if (answer === undefined) return json(404, { ok: false, error: 'ExistenceError', message: 'no script' });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return {
    fetch,
    sent,
    to: (path) => sent.filter((request) => request.path === path),
    script: (path, ...answers) => scripts.set(path, [...(scripts.get(path) ?? []), ...answers]),
    mints: () => minted,
  };
}

export const credentials = { baseUrl: 'https://api.test', clientId: 'client', username: 'user', password: 'pass' };

/** A fetch failure as Node's fetch throws it: TypeError('fetch failed') with the socket's error as its cause. */
export const networkFailure = (code = 'ECONNRESET') =>
  Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
