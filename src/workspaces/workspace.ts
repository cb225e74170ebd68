import type { VerificationProfile } from '../catalogue/verification-profiles.js';

/** Fees a workspace pays, in basis points of the origin amount: a default and overrides per pair ("EUR/USDC"). */
export interface FeeSchedule {
  readonly defaultBps: number;
  readonly pairs: Readonly<Record<string, number>>;
}

export const defaultFeeSchedule: FeeSchedule = { defaultBps: 50, pairs: {} };

/** What a request knows about its workspace; cached per process for a short while (limits.workspaceCacheTtlMs). */
export interface WorkspaceContext {
  readonly id: string;
  readonly name: string;
  readonly enabled: boolean;
  readonly simulation: boolean;
  readonly credentialVersion: number;
  /**
   * Until when the previous credential version (credentialVersion - 1: the password a rotation replaced, and the
   * tokens minted with it) still works; null when it does not (credentials.ts).
   */
  readonly previousCredentialUntilMs: number | null;
  /** null: every pair the catalogue supports. */
  readonly enabledPairs: ReadonlySet<string> | null;
  readonly feeSchedule: FeeSchedule;
  /** null: the server default. */
  readonly writeLimitPerMinute: number | null;
  readonly readThrottleLifted: boolean;
  /** Which KYC fields the verification provider requires. */
  readonly verificationProfile: VerificationProfile;
}

export function feeBpsFor(schedule: FeeSchedule, pair: string): number {
  return schedule.pairs[pair] ?? schedule.defaultBps;
}
