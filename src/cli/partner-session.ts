// The partner side of the CLI: a workspace's access token, minted from its credentials with the OAuth 2.0 password
// grant (spec: Authentication) and renewed before it expires, and requests with it. `events tail` and `listen` read
// through it, `trigger` writes through it; `sandbox` mints the first token with `mintToken`.

import type { ServerAccess } from './command.js';
import { CliFailure, type Exchange, exchange, HttpError } from './http.js';
import { invocation } from './invocation.js';
import { UsageError } from './usage-error.js';

/** Renew a token this long before the server says it expires, so a request never races its expiry. */
const renewAheadMs = 10_000;

export interface Credentials {
  readonly clientId: string;
  readonly username: string;
  readonly password: string;
}

export interface Minted {
  readonly token: string;
  readonly expiresInSeconds: number;
}

/** POST /oauth/token, form-encoded as RFC 6749 asks; a refusal is an HttpError with the OAuth error code. */
export async function mintToken(server: ServerAccess, apiUrl: string, credentials: Credentials): Promise<Minted> {
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: credentials.clientId,
    username: credentials.username,
    password: credentials.password,
  });
  const answer = await exchange(
    server.fetch,
    apiUrl,
    '/oauth/token',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    },
    server.interrupt,
  );
  const body = answer.body as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
    throw new CliFailure(`the token endpoint of ${apiUrl} answered no access_token`);
  }
  return { token: body.access_token, expiresInSeconds: body.expires_in };
}

const setting = (env: ServerAccess['env'], name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

/** The partner API's base URL: --url, else BROKERAGE_API_URL (what sandbox prints), else the operator's server. */
export function partnerApiUrl(server: ServerAccess): string {
  const fromEnv = setting(server.env, 'BROKERAGE_API_URL');
  if (server.given || fromEnv === undefined) return server.url;
  let url: URL;
  try {
    url = new URL(fromEnv);
  } catch {
    throw new UsageError(`BROKERAGE_API_URL must be an http(s) URL, got "${fromEnv}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`BROKERAGE_API_URL must be an http(s) URL, got "${fromEnv}"`);
  return fromEnv.replace(/\/+$/, '');
}

export interface PartnerSession {
  /** The partner API's base URL. */
  readonly apiUrl: string;
  /** GET a partner path with a current token; one 401 renews the token (if credentials allow) and asks again. */
  get(path: string): Promise<unknown>;
  /**
   * POST or PUT a JSON body (none for a helper that takes none), with extra headers (an Idempotency-Key); a 401 is
   * renewed and asked again as a GET is: the server refused before it read the body, so nothing was written.
   */
  send(method: 'POST' | 'PUT', path: string, body?: unknown, headers?: Record<string, string>): Promise<unknown>;
}

/**
 * A session from BROKERAGE_TOKEN and/or BROKERAGE_CLIENT_ID, BROKERAGE_USERNAME and BROKERAGE_PASSWORD: a given
 * token is used until it is refused; credentials mint one and renew it ahead of its expiry.
 */
export function partnerSession(server: ServerAccess, command: string, nowMs: () => number = Date.now): PartnerSession {
  const apiUrl = partnerApiUrl(server);
  const clientId = setting(server.env, 'BROKERAGE_CLIENT_ID');
  const username = setting(server.env, 'BROKERAGE_USERNAME');
  const password = server.env.BROKERAGE_PASSWORD;
  const credentials =
    clientId !== undefined && username !== undefined && password !== undefined && password !== ''
      ? { clientId, username, password }
      : undefined;
  const given = setting(server.env, 'BROKERAGE_TOKEN');
  if (credentials === undefined && given === undefined) {
    throw new UsageError(
      `${command} needs BROKERAGE_TOKEN, or BROKERAGE_CLIENT_ID, BROKERAGE_USERNAME and BROKERAGE_PASSWORD ` +
        `(${invocation} sandbox prints them)`,
    );
  }
  // A given token's expiry is unknown: it is used until the server refuses it.
  let current: { token: string; renewAtMs: number } | undefined =
    given === undefined ? undefined : { token: given, renewAtMs: Number.POSITIVE_INFINITY };

  async function token(): Promise<string> {
    if (current !== undefined && nowMs() < current.renewAtMs) return current.token;
    if (credentials === undefined) throw new CliFailure('BROKERAGE_TOKEN has expired; mint a new one');
    const minted = await mintToken(server, apiUrl, credentials);
    current = { token: minted.token, renewAtMs: nowMs() + minted.expiresInSeconds * 1000 - renewAheadMs };
    return minted.token;
  }

  const ask = async (method: Exchange['method'], path: string, body: unknown, extra: Record<string, string>) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await token()}`,
      accept: 'application/json',
      ...extra,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const encoded = body === undefined ? undefined : JSON.stringify(body);
    return (await exchange(server.fetch, apiUrl, path, { method, headers, body: encoded }, server.interrupt)).body;
  };

  /** Asks once; refused although current (expired early: a rotated password, a given token past its time), renews once. */
  const renewing = async (method: Exchange['method'], path: string, body: unknown, extra: Record<string, string>) => {
    try {
      return await ask(method, path, body, extra);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 401 || credentials === undefined) throw error;
      current = undefined;
      return ask(method, path, body, extra);
    }
  };

  return {
    apiUrl,
    get: (path) => renewing('GET', path, undefined, {}),
    send: (method, path, body, headers = {}) => renewing(method, path, body, headers),
  };
}
