import { describe, expect, it } from 'vitest';
import { applyInbound } from './deposit-status.js';

describe('applyInbound', () => {
  it.each([
    [
      'full amount',
      100n,
      0n,
      100n,
      'success',
      { status: 'Received', credit: 100n, hold: 0n, event: 'deposit_completed' },
    ],
    [
      'more than expected',
      100n,
      0n,
      150n,
      'success',
      { status: 'Received', credit: 150n, hold: 0n, event: 'deposit_completed' },
    ],
    [
      'part of it',
      100n,
      0n,
      40n,
      'success',
      { status: 'PartiallyReceived', credit: 40n, hold: 0n, event: 'deposit_partially_completed' },
    ],
    [
      'the rest after a part',
      100n,
      40n,
      60n,
      'success',
      { status: 'Received', credit: 60n, hold: 0n, event: 'deposit_completed' },
    ],
    [
      'an open amount',
      undefined,
      0n,
      7n,
      'success',
      { status: 'Received', credit: 7n, hold: 0n, event: 'deposit_completed' },
    ],
    ['a failed transfer', 100n, 0n, 100n, 'failed', { status: 'Failed', credit: 0n, hold: 0n, event: undefined }],
    [
      'a failed second part',
      100n,
      40n,
      60n,
      'failed',
      { status: 'PartiallyReceived', credit: 0n, hold: 0n, event: undefined },
    ],
    [
      'a compliance review',
      100n,
      0n,
      100n,
      'compliance_review',
      { status: 'ComplianceReview', credit: 0n, hold: 100n, event: undefined },
    ],
    [
      'a transfer in flight',
      100n,
      0n,
      100n,
      'processing',
      { status: 'Processing', credit: 0n, hold: 0n, event: undefined },
    ],
  ] as const)('%s', (_case, expected, credited, amount, scenario, outcome) => {
    expect(applyInbound(expected, credited, amount, scenario)).toEqual(outcome);
  });
});
