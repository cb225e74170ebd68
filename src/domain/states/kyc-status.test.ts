import { describe, expect, it } from 'vitest';
import { type KycStatus, kycRoute } from './kyc-status.js';

describe('kycRoute', () => {
  it.each<[KycStatus, KycStatus, KycStatus[] | string]>([
    ['NOT_AVAILABLE', 'APPROVED', ['PENDING', 'IN_PROGRESS', 'REVIEWING', 'APPROVED']],
    ['NOT_AVAILABLE', 'REJECTED', ['PENDING', 'IN_PROGRESS', 'REVIEWING', 'REJECTED']],
    ['NOT_AVAILABLE', 'PENDING', ['PENDING']],
    ['PENDING', 'REVIEWING', ['IN_PROGRESS', 'REVIEWING']],
    ['REVIEWING', 'APPROVED', ['APPROVED']],
    ['IN_PROGRESS', 'IN_PROGRESS', []],
    ['APPROVED', 'APPROVED', []],
    ['APPROVED', 'REJECTED', 'final state'],
    ['REJECTED', 'PENDING', 'final state'],
    ['REVIEWING', 'PENDING', 'cannot move back'],
    ['PENDING', 'NOT_AVAILABLE', 'cannot return'],
  ])('%s → %s', (from, to, expected) => {
    const route = kycRoute(from, to);
    if (typeof expected === 'string') {
      expect(route.ok).toBe(false);
      if (!route.ok) expect(route.reason).toContain(expected);
    } else {
      expect(route.ok && route.steps.map((s) => s.to)).toEqual(expected);
      if (route.ok && route.steps.length > 0) expect(route.steps[0]?.from).toBe(from);
    }
  });
});
