/**
 * The console's login throttle (operator console issue, item 1; docs/decisions.md, "Operator accounts and the console's shell", "Login throttling"):
 * a lockout window, counted from the failures themselves. An account is locked while it has `accountFailuresMax`
 * failed attempts (a wrong password or a wrong second-factor code) in the last `windowMs` since its last success; an
 * address while it has `addressFailuresMax` failures in the window, whatever accounts they named (a success does not
 * clear an address: an attacker could sign in to their own account between guesses). A locked attempt is refused
 * before the password is checked, so guesses during the lockout teach nothing.
 */
export const loginThrottle = {
  windowMs: 15 * 60_000,
  accountFailuresMax: 5,
  addressFailuresMax: 20,
  /** Attempts are kept this long, then removed by the next sign-in (no table grows without bound). */
  retentionMs: 24 * 60 * 60_000,
} as const;

export interface RecentFailures {
  /** When the account's failures since its last success happened, within the window (epoch ms). */
  readonly account: readonly number[];
  /** When the address's failures happened, within the window. */
  readonly address: readonly number[];
}

export type ThrottleDecision = { readonly locked: false } | { readonly locked: true; readonly retryAtMs: number };

/** The moment fewer than `max` of these failures are left in the window, or undefined when that is already so. */
function unlockAt(failuresMs: readonly number[], max: number): number | undefined {
  if (failuresMs.length < max) return undefined;
  const ascending = [...failuresMs].sort((a, b) => a - b);
  // Once the (n - max + 1) oldest have left the window, max - 1 remain.
  return (ascending[failuresMs.length - max] as number) + loginThrottle.windowMs;
}

/** Whether a sign-in may be tried now, and when it may be tried again when it may not. */
export function throttleDecision(failures: RecentFailures): ThrottleDecision {
  const retryAts = [
    unlockAt(failures.account, loginThrottle.accountFailuresMax),
    unlockAt(failures.address, loginThrottle.addressFailuresMax),
  ].filter((at): at is number => at !== undefined);
  return retryAts.length === 0 ? { locked: false } : { locked: true, retryAtMs: Math.max(...retryAts) };
}
