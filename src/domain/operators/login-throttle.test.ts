import { describe, expect, it } from 'vitest';
import { loginThrottle, throttleDecision } from './login-throttle.js';

const { windowMs, accountFailuresMax, addressFailuresMax } = loginThrottle;
const times = (n: number, from = 1_000) => Array.from({ length: n }, (_, i) => from + i * 1_000);

describe('throttleDecision', () => {
  it.each([
    ['no failures', [], [], undefined],
    ['one account failure short of the limit', times(accountFailuresMax - 1), [], undefined],
    ['the account at its limit', times(accountFailuresMax), [], 1_000 + windowMs],
    ['the account over its limit', times(accountFailuresMax + 2), [], 3_000 + windowMs],
    ['the address one short', [], times(addressFailuresMax - 1), undefined],
    ['the address at its limit', [], times(addressFailuresMax), 1_000 + windowMs],
    ['both, the later lift wins', times(accountFailuresMax, 50_000), times(addressFailuresMax), 50_000 + windowMs],
  ])('%s', (_name, account, address, retryAtMs) => {
    const decision = throttleDecision({ account, address });
    expect(decision).toEqual(retryAtMs === undefined ? { locked: false } : { locked: true, retryAtMs });
  });

  it('reads the failures in any order', () => {
    const decision = throttleDecision({ account: times(accountFailuresMax).reverse(), address: [] });
    expect(decision).toEqual({ locked: true, retryAtMs: 1_000 + windowMs });
  });
});
