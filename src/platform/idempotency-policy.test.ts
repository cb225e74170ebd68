import { describe, expect, it } from 'vitest';
import { duplicity, externalService, funds, validation } from '../domain/errors.js';
import { StoreUnavailableError } from '../storage/db.js';
import { KeyTaken } from './idempotency-claim.js';
import {
  accountScopeOf,
  type FailureAction,
  failureAction,
  failureOf,
  type KeyPolicy,
  moneyWriteKeys,
} from './idempotency-policy.js';

const consume: KeyPolicy = { onFailure: 'consume', scope: 'account' };
const leaveUnused: KeyPolicy = { onFailure: 'leave-unused', scope: 'workspace' };

const unreachable = new StoreUnavailableError('the database is starting up', false, undefined);
const unknownOutcome = new StoreUnavailableError('the connection was lost', true, undefined);

describe('failureAction: what a keyed write that throws leaves with its key', () => {
  it.each<[string, unknown, FailureAction, FailureAction]>([
    // error, under consume, under leave-unused
    ['the key taken by another request', new KeyTaken(), 'answer-as-key-says', 'answer-as-key-says'],
    ['a store that wrote nothing', unreachable, 'leave-key-unused', 'leave-key-unused'],
    ['a store whose outcome is unknown', unknownOutcome, 'consume-key-outcome-unknown', 'leave-key-unused'],
    ['a refusal in execution (402)', funds('Insufficient EUR balance'), 'consume-key', 'leave-key-unused'],
    ['a 400 raised in execution', validation('amount outside the corridor'), 'consume-key', 'leave-key-unused'],
    ['a provider that is down (503)', externalService('no sanctions list'), 'consume-key', 'leave-key-unused'],
    ['an unexpected error', new TypeError('x is undefined'), 'consume-key', 'leave-key-unused'],
    ['a thrown non-error', 'boom', 'consume-key', 'leave-key-unused'],
  ])('%s: %s when consumed, %s when left unused', (_, error, underConsume, underLeaveUnused) => {
    expect(failureAction(consume, error)).toBe(underConsume);
    expect(failureAction(leaveUnused, error)).toBe(underLeaveUnused);
  });

  it('does not depend on the scope', () => {
    for (const error of [new KeyTaken(), unreachable, unknownOutcome, funds('short'), new Error('x')]) {
      expect(failureAction({ ...consume, scope: 'workspace' }, error)).toBe(failureAction(consume, error));
      expect(failureAction({ ...leaveUnused, scope: 'account' }, error)).toBe(failureAction(leaveUnused, error));
    }
  });

  it('is the spec rules for the money writes by default', () => {
    expect(moneyWriteKeys).toEqual({ onFailure: 'consume', scope: 'account' });
  });
});

describe('accountScopeOf: the account part of the key', () => {
  it.each<[KeyPolicy['scope'], string | undefined, string]>([
    ['account', undefined, ''],
    ['account', 'payer@example.com', 'payer@example.com'],
    ['workspace', undefined, ''],
  ])('scope %s with account %s: %j', (scope, accountScope, expected) => {
    expect(accountScopeOf({ onFailure: 'consume', scope }, accountScope)).toBe(expected);
  });

  it('refuses an account for a workspace-scoped key: a programming error, never a partner input', () => {
    expect(() => accountScopeOf({ onFailure: 'consume', scope: 'workspace' }, '')).toThrow(/workspace-scoped/);
    expect(() => accountScopeOf(leaveUnused, 'payer@example.com')).toThrow(/workspace-scoped/);
  });
});

describe('failureOf: what a consumed key records', () => {
  it.each<[string, unknown, string]>([
    ['an API error', funds('Insufficient EUR balance'), 'FundsError: Insufficient EUR balance'],
    ['a conflict', duplicity('quote already bound'), 'DuplicityError: quote already bound'],
    ['an unknown outcome', unknownOutcome, 'outcome unknown: the connection was lost'],
    ['a store that wrote nothing', unreachable, 'unexpected failure'],
    ['anything else', new Error('secret detail'), 'unexpected failure'],
  ])('%s', (_, error, recorded) => {
    expect(failureOf(error)).toBe(recorded);
  });
});
