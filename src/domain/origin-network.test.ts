import { describe, expect, it } from 'vitest';
import type { NetworkEntry } from '../catalogue/types.js';
import { resolveOriginNetwork } from './origin-network.js';

const net = (
  id: string,
  country: string,
  rampTypes: NetworkEntry['rampTypes'] = ['deposit', 'withdraw'],
): NetworkEntry => ({
  id,
  name: id,
  rail: 'MOBILE_MONEY_XOF',
  currency: 'XOF',
  country,
  rampTypes,
});
const published = [
  net('sn-orange', 'SN'),
  net('sn-wave', 'SN'),
  net('ci-mtn', 'CI'),
  net('ml-payout', 'ML', ['withdraw']),
];

describe('resolveOriginNetwork', () => {
  it.each([
    ['a bank rail without the field', 'SEPA', undefined, undefined, { ok: true, networkId: undefined }],
    ['a bank rail with the field', 'SEPA', 'sn-wave', undefined, 'applies only to a mobile-money rail'],
    ['a published id', 'MOBILE_MONEY_XOF', 'sn-wave', undefined, { ok: true, networkId: 'sn-wave' }],
    ['an unpublished id', 'MOBILE_MONEY_XOF', 'sn-free', undefined, 'is not a collection network'],
    ['a payout-only network', 'MOBILE_MONEY_XOF', 'ml-payout', undefined, 'is not a collection network'],
    ['several offered, none sent', 'MOBILE_MONEY_XOF', undefined, 'SN', 'originNetworkId is required'],
    ['exactly one offered', 'MOBILE_MONEY_XOF', undefined, 'CI', { ok: true, networkId: 'ci-mtn' }],
    ['an id of another country', 'MOBILE_MONEY_XOF', 'sn-wave', 'CI', 'is not a collection network'],
    ['none offered', 'MOBILE_MONEY_XOF', undefined, 'ML', 'has no collection network'],
  ])('%s', (_case, rail, sent, country, expected) => {
    const result = resolveOriginNetwork(rail, sent, published, country);
    if (typeof expected === 'string') {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toContain(expected);
    } else {
      expect(result).toEqual(expected);
    }
  });
});
