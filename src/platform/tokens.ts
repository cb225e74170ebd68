import { createSigner, createVerifier } from 'fast-jwt';
import { limits } from '../limits.js';

export interface TokenClaims {
  /** The workspace id. */
  readonly sub: string;
  /** The workspace's credential version when the token was minted; a rotation makes older tokens invalid. */
  readonly cv: number;
  readonly exp: number;
}

/**
 * Access tokens are HS256 JWTs signed with a key every process shares (stored in the database), so any process
 * verifies any token without a round trip. Expiry is checked here against the injected clock.
 */
export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly verify: (token: string) => Record<string, unknown>;

  constructor(signingKey: Buffer) {
    this.sign = createSigner({ key: signingKey, algorithm: 'HS256', noTimestamp: true });
    this.verify = createVerifier({ key: signingKey, algorithms: ['HS256'], ignoreExpiration: true, cache: 10_000 });
  }

  mint(workspaceId: string, credentialVersion: number, nowMs: number): { token: string; expiresInSeconds: number } {
    const iat = Math.floor(nowMs / 1000);
    const expiresInSeconds = limits.accessTokenLifetimeSeconds;
    const token = this.sign({ sub: workspaceId, cv: credentialVersion, iat, exp: iat + expiresInSeconds });
    return { token, expiresInSeconds };
  }

  /** The claims of a genuine, unexpired token; undefined for anything else. */
  read(token: string, nowMs: number): TokenClaims | undefined {
    let payload: Record<string, unknown>;
    try {
      payload = this.verify(token);
    } catch {
      return undefined;
    }
    const { sub, cv, exp } = payload;
    if (typeof sub !== 'string' || typeof cv !== 'number' || typeof exp !== 'number') return undefined;
    if (exp * 1000 <= nowMs) return undefined;
    return { sub, cv, exp };
  }
}
