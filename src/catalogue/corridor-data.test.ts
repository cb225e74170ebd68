import { describe, expect, it } from 'vitest';
import { minorOfDecimal } from '../domain/money/amount.js';
import { corridorLimits } from './corridor-limits.js';
import { currencies } from './currencies.js';
import { identityIntake, identityIntakeFor } from './identity-intake.js';
import { networkGasFees } from './network-gas-fees.js';
import { networks } from './networks.js';
import { partyIdentityKeys } from './party-identity-keys.js';
import { payoutRails } from './payout-rails/index.js';
import { referenceRates } from './reference-rates.js';
import type { CurrencyEntry } from './types.js';

const byCode = new Map(currencies.map((c) => [c.code, c]));

function currency(code: string): CurrencyEntry {
  const found = byCode.get(code);
  if (!found) throw new Error(`unknown currency ${code}`);
  return found;
}

const payinRails = (c: CurrencyEntry) => c.payinMethods.map((m) => m.rail);
const isMobileMoney = (rail: string) => rail.startsWith('MOBILE_MONEY_');
const decimal = /^\d+(\.\d+)?$/;

function countBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

describe('corridor limits', () => {
  const counts = countBy(corridorLimits, (row) => row.currency);

  it.each(currencies.map((c) => c.code))('%s has exactly one limits row', (code) => {
    expect(counts.get(code)).toBe(1);
  });

  it('names no unknown currency', () => {
    expect(corridorLimits.filter((row) => !byCode.has(row.currency)).map((row) => row.currency)).toEqual([]);
  });

  it.each(corridorLimits.map((row) => [row.currency, row] as const))(
    '%s bounds parse and fit the precision',
    (code, row) => {
      const c = currency(code);
      expect(row.payin === null).toBe(c.payinMethods.length === 0);
      expect(row.payout === null).toBe(c.payoutRails.length === 0);
      expect(row.asOf).toBe('2026-11-21');
      expect(row.source.length).toBeGreaterThan(0);
      for (const bounds of [row.payin, row.payout]) {
        if (bounds === null) continue;
        const min = minorOfDecimal(bounds.min, c.precision);
        const max = minorOfDecimal(bounds.max, c.precision);
        expect(bounds.min).toMatch(decimal);
        expect(bounds.max).toMatch(decimal);
        if (!min.ok || !max.ok)
          throw new Error(`${code} bounds ${bounds.min}..${bounds.max} do not fit ${c.precision}`);
        expect(min.minor).toBeGreaterThan(0n);
        expect(min.minor).toBeLessThan(max.minor);
      }
    },
  );
});

describe('reference rates', () => {
  const counts = countBy(referenceRates, (row) => row.currency);

  it.each(currencies.map((c) => c.code))('%s has exactly one reference rate', (code) => {
    expect(counts.get(code)).toBe(1);
  });

  it('are positive decimals with a sane half-spread and no unknown currency', () => {
    for (const row of referenceRates) {
      expect(byCode.has(row.currency), row.currency).toBe(true);
      expect(row.usdPerUnit).toMatch(decimal);
      expect(Number(row.usdPerUnit)).toBeGreaterThan(0);
      expect(Number.isInteger(row.spreadBps)).toBe(true);
      expect(row.spreadBps).toBeGreaterThan(0);
      expect(row.spreadBps).toBeLessThanOrEqual(150);
      expect(row.asOf).toBe('2026-11-20');
    }
  });
});

describe('networks', () => {
  it('have unique, lowercase readable ids', () => {
    const ids = networks.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
  });

  it('sit on a rail, currency and country the currency offers, in the directions it offers', () => {
    for (const n of networks) {
      const c = currency(n.currency);
      expect([...payinRails(c), ...c.payoutRails], n.id).toContain(n.rail);
      expect(c.countries, n.id).toContain(n.country);
      expect(n.rampTypes.length, n.id).toBeGreaterThan(0);
      expect(new Set(n.rampTypes).size, n.id).toBe(n.rampTypes.length);
      if (n.rampTypes.includes('deposit')) expect(payinRails(c), n.id).toContain(n.rail);
      if (n.rampTypes.includes('withdraw')) expect(c.payoutRails, n.id).toContain(n.rail);
      expect(n.name.trim().length, n.id).toBeGreaterThan(0);
    }
  });

  const mobileMoneyRails = currencies.flatMap((c) =>
    [...new Set([...payinRails(c), ...c.payoutRails])].filter(isMobileMoney).map((rail) => [rail, c] as const),
  );

  it.each(mobileMoneyRails)('%s has a network in every country of its currency, both ways where offered', (rail, c) => {
    for (const country of c.countries) {
      const here = networks.filter((n) => n.rail === rail && n.currency === c.code && n.country === country);
      if (payinRails(c).includes(rail)) {
        expect(
          here.some((n) => n.rampTypes.includes('deposit')),
          `${rail} ${country} deposit`,
        ).toBe(true);
      }
      if (c.payoutRails.includes(rail)) {
        expect(
          here.some((n) => n.rampTypes.includes('withdraw')),
          `${rail} ${country} withdraw`,
        ).toBe(true);
      }
    }
  });

  it.each(['BANK_DEPOSIT_AR', 'BANK_DEPOSIT_BW', 'BANK_DEPOSIT_KE', 'BANK_DEPOSIT_NG', 'BANK_DEPOSIT_COL'])(
    '%s (whose field set names destinationNetworkId) has bank networks',
    (rail) => {
      expect(networks.filter((n) => n.rail === rail).length).toBeGreaterThanOrEqual(3);
    },
  );
});

describe('identity intake', () => {
  const keys: readonly string[] = partyIdentityKeys;

  it('covers exactly the directions each currency supports, for both entity types', () => {
    const expected = currencies.flatMap((c) =>
      [
        ...(c.payinMethods.length > 0 ? ['payin' as const] : []),
        ...(c.payoutRails.length > 0 ? ['payout' as const] : []),
      ].flatMap((direction) => [`${c.code} ${direction} individual`, `${c.code} ${direction} business`]),
    );
    const actual = identityIntake.map((row) => `${row.currency} ${row.direction} ${row.entityType}`);
    expect([...actual].sort()).toEqual([...expected].sort());
    for (const key of expected) {
      const [code = '', direction, entityType] = key.split(' ');
      expect(
        identityIntakeFor(code, direction as 'payin' | 'payout', entityType as 'individual' | 'business'),
      ).toBeDefined();
    }
    expect(identityIntakeFor('ARS', 'payin', 'individual')).toBeUndefined();
  });

  it.each(identityIntake.map((row) => [`${row.currency} ${row.direction} ${row.entityType}`, row] as const))(
    '%s uses party identity keys only, each once, required or optional',
    (_, row) => {
      for (const key of [...row.required, ...row.optional]) expect(keys).toContain(key);
      expect(row.required.filter((key) => row.optional.includes(key))).toEqual([]);
      expect(new Set(row.required).size).toBe(row.required.length);
      expect(new Set(row.optional).size).toBe(row.optional.length);
      expect([...row.required, ...row.optional].sort()).toEqual([...keys].sort());
      // The spec's baseline, and nothing else outside the corridor's extras (lastName is optional).
      const baseline =
        row.entityType === 'business'
          ? ['firstName', 'userEmail', 'country', 'businessName']
          : ['firstName', 'userEmail', 'country'];
      expect(row.required).toEqual([...baseline, ...row.extras]);
      expect(row.optional).toContain('lastName');
      expect(row.asOf).toBe('2026-11-25');
      expect(row.source.length).toBeGreaterThan(0);
    },
  );

  it('carries the corridor extras the spec names', () => {
    for (const code of ['EUR', 'USD', 'GBP']) {
      expect(identityIntakeFor(code, 'payout', 'individual')?.extras).toEqual(['city', 'postalCode']);
    }
    expect(identityIntakeFor('BRL', 'payout', 'individual')?.extras).toEqual(['taxId']);
  });

  it('asks nothing beyond the baseline of a payer who pays EUR, USD, GBP or crypto into a balance', () => {
    const holdable = currencies.filter((c) => c.holdable).map((c) => c.code);
    for (const code of holdable) expect(identityIntakeFor(code, 'payin', 'individual')?.extras, code).toEqual([]);
  });

  it('names only party identity keys as the facts payout instruments carry', () => {
    const carried = payoutRails.flatMap((rail) => rail.fields.flatMap((f) => (f.carries ? [f.carries] : [])));
    expect(carried.length).toBeGreaterThan(20);
    for (const key of carried) expect(keys).toContain(key);
  });
});

describe('network gas fees', () => {
  const cryptoPayoutRails = [...new Set(currencies.filter((c) => c.kind === 'crypto').flatMap((c) => c.payoutRails))];

  it.each(cryptoPayoutRails)('%s has a gas fee', (rail) => {
    expect(networkGasFees.filter((fee) => fee.rail === rail)).toHaveLength(1);
  });

  it('are positive decimals, one per rail', () => {
    expect(new Set(networkGasFees.map((fee) => fee.rail)).size).toBe(networkGasFees.length);
    for (const fee of networkGasFees) {
      expect(fee.usd).toMatch(decimal);
      expect(Number(fee.usd)).toBeGreaterThan(0);
      expect(fee.asOf).toBe('2026-11-20');
    }
  });
});
