// The spec's token advice (Authentication 3): cache the token server-side and mint a new one a few seconds before
// it expires. Concurrent callers share one mint; a 401 drops the token it was answered for, and the caller replays.

/** The token endpoint's answer (spec, Authentication 2). */
export interface TokenAnswer {
  readonly access_token: string;
  readonly expires_in: number;
}

/** Minted again this long before `expires_in` runs out, so a token never expires in flight. */
export const refreshMarginSeconds = 10;

export class TokenCache {
  private current: { token: string; expiresAtMs: number } | undefined;
  private minting: Promise<string> | undefined;

  constructor(
    private readonly mint: () => Promise<TokenAnswer>,
    private readonly nowMs: () => number,
  ) {}

  /** A token valid for at least refreshMarginSeconds more, minting one when needed (once for every caller). */
  token(): Promise<string> {
    const current = this.current;
    if (current !== undefined && this.nowMs() < current.expiresAtMs - refreshMarginSeconds * 1000) {
      return Promise.resolve(current.token);
    }
    this.minting ??= this.mintOnce().finally(() => {
      this.minting = undefined;
    });
    return this.minting;
  }

  /** The server refused `token` (401): forget it, unless a newer one has replaced it meanwhile. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async mintOnce(): Promise<string> {
    const startedMs = this.nowMs();
    const answer = await this.mint();
    // Counted from when the request was sent: the server's clock started expires_in no earlier than that.
    this.current = { token: answer.access_token, expiresAtMs: startedMs + answer.expires_in * 1000 };
    return answer.access_token;
  }
}
