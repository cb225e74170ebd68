import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { limits } from '../limits.js';
import type { Queryable } from '../storage/db.js';
import { addFirstSigningKey, liveSigningKeys, type NewSigningKey, type SigningKeyRow } from '../storage/server-keys.js';

export interface TokenClaims {
  /** The workspace id. */
  readonly sub: string;
  /**
   * The credential version of the password the token was minted with: a rotation makes older tokens invalid, at once
   * or when its overlap ends (workspaces/credentials.ts).
   */
  readonly cv: number;
  readonly exp: number;
  /** The signing key's id: a cached token is still refused once its key is retired (platform/auth.ts). */
  readonly kid: string;
}

/** The kid of tokens minted before signing keys had ids (migration 0038). */
export const legacyKid = 'legacy';

interface LoadedKey {
  readonly kid: string;
  readonly createdAtMs: number;
  readonly signsFromMs: number;
  readonly sign: (payload: Record<string, unknown>) => string;
  readonly verify: (token: string) => Record<string, unknown>;
}

/** A new key with a random id and secret, signing from `signsFromMs`. */
export function newSigningKey(nowMs: number, signsFromMs: number): NewSigningKey {
  return {
    kid: randomBytes(9).toString('base64url'),
    secret: randomBytes(32).toString('base64'),
    createdAtMs: nowMs,
    signsFromMs,
  };
}

function loaded(row: SigningKeyRow, previous: LoadedKey | undefined): LoadedKey | undefined {
  if (row.secret === null) return undefined;
  // A key already loaded keeps its verifier, and so the verifier's cache of checked tokens.
  if (previous !== undefined) return previous;
  const key = Buffer.from(row.secret, 'base64');
  return {
    kid: row.kid,
    createdAtMs: row.created_at_ms,
    signsFromMs: row.signs_from_ms,
    sign: createSigner({
      key,
      algorithm: 'HS256',
      noTimestamp: true,
      ...(row.kid === legacyKid ? {} : { kid: row.kid }),
    }),
    verify: createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true, cache: limits.tokenVerifierCacheMax }),
  };
}

/** The `kid` of a token's header; legacyKid when it has none; undefined when the header cannot be read. */
function kidOf(token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  try {
    const header = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8')) as { kid?: unknown };
    if (header.kid === undefined) return legacyKid;
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

// RFC 7515 section 2 and RFC 4648 section 3.5: a JWS part is base64url without padding, and in the canonical
// encoding the unused low bits of the last character are zero. Decoders (Buffer's, which fast-jwt uses for the
// signature) ignore those bits, so 'A' and 'B' in the last place of the signature decode to the same bytes and an
// altered token verified (issue #28, item 4). A part is accepted only when re-encoding its bytes gives it back.
const base64urlPart = /^[A-Za-z0-9_-]+$/;
const canonicalPart = (part: string): boolean =>
  base64urlPart.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;

/** Whether a token is three canonical base64url parts (the only form this service mints). */
export const isCanonicalJws = (token: string): boolean => {
  const parts = token.split('.');
  return parts.length === 3 && parts.every(canonicalPart);
};

/**
 * Access tokens are HS256 JWTs signed with keys every process shares (token_signing_keys), so any process verifies
 * any token without a round trip. Each token names its key (`kid`); every live key verifies, the newest one whose
 * signs_from has passed signs. The keys are reloaded at most limits.tokenSigningKeysRefreshMs after the last load
 * (callers await refreshIfDue first), so a key added or retired by the operator's command reaches every process
 * within that bound, without a restart (docs/reliability/rotation.md). Expiry is checked against the injected clock.
 */
export class TokenService {
  private keys = new Map<string, LoadedKey>();
  private loadedAtMs = Number.NEGATIVE_INFINITY;
  private nextLoadAtMs = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | undefined;

  private constructor(private readonly db: Queryable) {}

  /** Loads the keys; on a database without any, adds the first one (signing at once). */
  static async open(db: Queryable, nowMs: number): Promise<TokenService> {
    await addFirstSigningKey(db, newSigningKey(nowMs, nowMs));
    const service = new TokenService(db);
    await service.load(nowMs);
    return service;
  }

  /**
   * Undefined when the keys are fresh (nothing to wait for: the common case costs no promise); otherwise the reload,
   * shared by every request that asks meanwhile. A failed reload keeps the keys the process has and is tried again
   * after limits.tokenSigningKeysRetryMs: while the database is unreachable, retirement waits for it.
   */
  refreshIfDue(nowMs: number): Promise<void> | undefined {
    if (nowMs < this.nextLoadAtMs && nowMs >= this.loadedAtMs) return undefined;
    this.loading ??= this.load(nowMs)
      .catch(() => {
        this.nextLoadAtMs = nowMs + limits.tokenSigningKeysRetryMs;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  private async load(nowMs: number): Promise<void> {
    const rows = await liveSigningKeys(this.db);
    const keys = new Map<string, LoadedKey>();
    for (const row of rows) {
      const key = loaded(row, this.keys.get(row.kid));
      if (key !== undefined) keys.set(key.kid, key);
    }
    this.keys = keys;
    this.loadedAtMs = nowMs;
    this.nextLoadAtMs = nowMs + limits.tokenSigningKeysRefreshMs;
  }

  /** Whether tokens of this key still verify here (a cached token's key may have been retired since). */
  verifies(kid: string): boolean {
    return this.keys.has(kid);
  }

  /** The key that signs now: the newest live key whose signs_from has passed, else the newest live key. */
  private signer(nowMs: number): LoadedKey {
    let best: LoadedKey | undefined;
    let newest: LoadedKey | undefined;
    for (const key of this.keys.values()) {
      const order = (a: LoadedKey, b: LoadedKey) =>
        a.signsFromMs - b.signsFromMs || a.createdAtMs - b.createdAtMs || a.kid.localeCompare(b.kid);
      if (key.signsFromMs <= nowMs && (best === undefined || order(key, best) > 0)) best = key;
      if (newest === undefined || order(key, newest) > 0) newest = key;
    }
    const signer = best ?? newest;
    if (signer === undefined)
      throw new Error('no live token-signing key: add one with `npm run secrets -- signing-keys add`');
    return signer;
  }

  async mint(
    workspaceId: string,
    credentialVersion: number,
    nowMs: number,
  ): Promise<{ token: string; expiresInSeconds: number }> {
    await this.refreshIfDue(nowMs);
    const iat = Math.floor(nowMs / 1000);
    const expiresInSeconds = limits.accessTokenLifetimeSeconds;
    const token = this.signer(nowMs).sign({
      sub: workspaceId,
      cv: credentialVersion,
      iat,
      exp: iat + expiresInSeconds,
    });
    return { token, expiresInSeconds };
  }

  /** The claims of a genuine, unexpired token of a live key; undefined for anything else. Await refreshIfDue first. */
  read(token: string, nowMs: number): TokenClaims | undefined {
    if (!isCanonicalJws(token)) return undefined;
    const kid = kidOf(token);
    const key = kid === undefined ? undefined : this.keys.get(kid);
    if (key === undefined) return undefined;
    let payload: Record<string, unknown>;
    try {
      payload = key.verify(token);
    } catch {
      return undefined;
    }
    const { sub, cv, exp } = payload;
    if (typeof sub !== 'string' || typeof cv !== 'number' || typeof exp !== 'number') return undefined;
    if (exp * 1000 <= nowMs) return undefined;
    return { sub, cv, exp, kid: key.kid };
  }
}
