import { describe, expect, it } from 'vitest';
import { canMoveWithdrawal, undelivered, type WithdrawalStatus, withdrawalStatuses } from './withdrawal-status.js';

describe('withdrawal status moves', () => {
  const allowed = new Set(['Pending>Success', 'Pending>Failed', 'Success>Returned']);
  const pairs = withdrawalStatuses.flatMap((from) => withdrawalStatuses.map((to) => [from, to] as const));

  it.each(pairs)('%s to %s is allowed only along the payout path', (from: WithdrawalStatus, to: WithdrawalStatus) => {
    expect(canMoveWithdrawal(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it('counts a rejected and a returned payout as undelivered, and nothing else', () => {
    expect([...undelivered].sort()).toEqual(['Failed', 'Returned']);
  });
});
