import { ApiError } from '../domain/errors.js';
import { StoreUnavailableError } from '../storage/db.js';
import { KeyTaken } from './idempotency-claim.js';

// What differs between the keyed writes, as data: the engine (idempotency.ts) is one, and each write names its
// policy. What every keyed write shares is not here: a key is bound to the endpoint it was first used on (the same key
// on another endpoint is 409, which is how the spec's "scoped per endpoint" reads), the same payload replays the first
// answer byte for byte for 24 hours of the workspace's clock, another payload is 409, and a refusal before the write
// runs (a malformed key, the body, the stateless checks) leaves the key unused. docs/decisions/api-contract.md,
// "One idempotency engine, its policy a parameter".

export interface KeyPolicy {
  /**
   * A request that fails once its write runs (a refusal of the stateful checks, a 503 whose outcome is unknown, an
   * unexpected error). `consume`: the failure is stored with the key, so later requests with it are 409 until an
   * operator releases it (spec, Idempotent writes 5). `leave-unused`: nothing is stored, so a retry with the same key
   * runs afresh (AML screenings, whose only failure is a 503 after which the spec asks for the retry). A store that
   * wrote nothing (503, outcome known) leaves the key unused under either.
   */
  readonly onFailure: 'consume' | 'leave-unused';
  /**
   * Which keys share a key space within the workspace. `account`: those of one account, the one the write acts for
   * (the write's `accountScope`: a customer's email on an on-behalf order; none is the workspace's own account, `''`),
   * spec rule 2. `workspace`: all of the workspace's, whatever account or end user the request names; such a write
   * passes no `accountScope`.
   */
  readonly scope: 'account' | 'workspace';
}

/** The spec's rules for the three money writes (Idempotent writes 1 to 7), which answerWrite applies by default. */
export const moneyWriteKeys: KeyPolicy = { onFailure: 'consume', scope: 'account' };

/** The account part of a key's primary key: `''` is the workspace's own account, and every key of a workspace scope. */
export function accountScopeOf(policy: KeyPolicy, accountScope: string | undefined): string {
  if (policy.scope === 'workspace' && accountScope !== undefined) {
    throw new Error(`a workspace-scoped key takes no account scope (given ${accountScope})`);
  }
  return accountScope ?? '';
}

/** What the engine does when a keyed write throws. */
export type FailureAction =
  /** Another request holds the key (the claim found it taken): the answer is what that key says, a replay or 409. */
  | 'answer-as-key-says'
  /** Nothing is stored with the key: the error is the answer, and the key stays free for a retry. */
  | 'leave-key-unused'
  /** The failure is stored with the key; if another request took the key first, the answer is what it says. */
  | 'consume-key'
  /**
   * The write reached the database and its answer did not come back: it may have committed. The key is consumed as
   * for `consume-key`, and when the store cannot take that record now, it is retried in the background.
   */
  | 'consume-key-outcome-unknown';

export function failureAction(policy: KeyPolicy, error: unknown): FailureAction {
  if (error instanceof KeyTaken) return 'answer-as-key-says';
  // Nothing was written: the client's retry (spec: 503, retry with backoff) runs afresh under either policy.
  if (error instanceof StoreUnavailableError && !error.outcomeUnknown) return 'leave-key-unused';
  if (policy.onFailure === 'leave-unused') return 'leave-key-unused';
  return error instanceof StoreUnavailableError ? 'consume-key-outcome-unknown' : 'consume-key';
}

/** What a consumed key records: the refusal, or that the write's outcome is unknown. */
export function failureOf(error: unknown): string {
  if (error instanceof ApiError) return `${error.type}: ${error.message}`;
  if (error instanceof StoreUnavailableError && error.outcomeUnknown) return `outcome unknown: ${error.reason}`;
  return 'unexpected failure';
}
