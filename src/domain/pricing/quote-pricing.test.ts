import { describe, expect, it } from 'vitest';
import { mulDiv } from '../money/amount.js';
import {
  conversionSplit,
  effectiveRate,
  inverseRate,
  midRate,
  type PricingInput,
  priceQuote,
  RATE_SCALE,
  rateDecimal,
} from './quote-pricing.js';

const usd = (basePerUnit: string) => ({ base: 'USD', basePerUnit });
const usdGas = (amount: string) => ({ usd: amount, usdRate: usd('1') });

const eur = { precision: 2, rate: usd('1.16'), spreadBps: 10 };
const usdc = { precision: 6, rate: usd('1'), spreadBps: 5 };
const btc = { precision: 8, rate: usd('96250'), spreadBps: 50 };
const clp = { precision: 0, rate: usd('0.001064'), spreadBps: 60 };

const base: PricingInput = {
  origin: eur,
  destination: usdc,
  feeBps: 50,
  creatorMarkup: undefined,
  gas: undefined,
  amount: { side: 'origin', minor: 100_00n },
};

describe('effectiveRate', () => {
  it('is the mid cross rate less both half-spreads, rounded down', () => {
    // 1.16 USDC per EUR, less 15 bps = 1.15826
    expect(effectiveRate(eur, usdc)).toBe(1_158_260_000_000_000_000n);
  });
  it('keeps precision for tiny cross rates', () => {
    expect(effectiveRate(clp, btc) > 0n).toBe(true);
  });
});

describe('priceQuote from the origin amount', () => {
  it.each([
    // originMinor, feeBps, markup, gas, expected destination, expected fee
    [100_00n, 50, undefined, undefined, 115_246_870n, 50n],
    [100_00n, 0, undefined, undefined, 115_826_000n, 0n],
    [100_00n, 50, '0.01', undefined, 114_088_610n, 150n],
    [100_01n, 50, undefined, undefined, 115_246_870n, 51n], // fee 0.5001 rounds up to 0.51
  ] as const)('%s EUR cents at %s bps, markup %s → %s USDC micro, fee %s', (minor, feeBps, markup, gas, dest, fee) => {
    const result = priceQuote({
      ...base,
      feeBps,
      creatorMarkup: markup,
      gas: gas === undefined ? undefined : usdGas(gas),
      amount: { side: 'origin', minor },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.pricing.destinationMinor).toBe(dest);
    expect(result.pricing.feeMinor).toBe(fee);
  });

  it('converts network gas into the origin currency, rounded up', () => {
    const result = priceQuote({ ...base, gas: usdGas('1.2') });
    expect(result.ok && result.pricing.gasMinor).toBe(104n); // 1.2 USD / 1.16 = 1.0345 EUR → 1.04
  });

  it('refuses an amount that does not cover the fees', () => {
    const result = priceQuote({ ...base, gas: usdGas('5'), amount: { side: 'origin', minor: 4_00n } });
    expect(result).toEqual({ ok: false, reason: 'originAmount does not cover the fees' });
  });

  it('rounds the delivered amount down at a zero-decimal currency', () => {
    const result = priceQuote({ ...base, destination: clp, amount: { side: 'origin', minor: 10_00n } });
    expect(result.ok && result.pricing.destinationMinor).toBe(10_771n); // 9.95 EUR × 1082.59 CLP
  });
});

describe('priceQuote from the destination amount', () => {
  it.each([
    [100_000_000n, 50, undefined],
    [1n, 50, undefined],
    [123_456_789n, 75, '0.1'],
    [99_999_999n, 0, '0.000001'],
  ] as const)('delivers exactly %s and charges the smallest origin that covers it', (destMinor, feeBps, markup) => {
    const input: PricingInput = {
      ...base,
      feeBps,
      creatorMarkup: markup,
      amount: { side: 'destination', minor: destMinor },
    };
    const result = priceQuote(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.pricing.destinationMinor).toBe(destMinor);
    // Re-pricing from the chosen origin amount delivers at least what was asked, one minor unit less does not.
    const forward = priceQuote({ ...input, amount: { side: 'origin', minor: result.pricing.originMinor } });
    expect(forward.ok && forward.pricing.destinationMinor >= destMinor).toBe(true);
    const less = priceQuote({ ...input, amount: { side: 'origin', minor: result.pricing.originMinor - 1n } });
    expect(!less.ok || less.pricing.destinationMinor < destMinor).toBe(true);
  });
});

describe('rate formatting', () => {
  it.each([
    [1_158_260_000_000_000_000n, '1.15826'],
    [RATE_SCALE, '1'],
    [12_345_678_901_234n, '0.00001234567890'.replace(/0+$/, '')],
    [123n, '0.000000000000000123'],
  ])('%s → %s', (scaled, decimal) => {
    expect(rateDecimal(scaled)).toBe(decimal);
  });
  it('inverts a rate rounding up', () => {
    expect(inverseRate(2n * RATE_SCALE)).toBe(RATE_SCALE / 2n);
    expect(inverseRate(3n * RATE_SCALE)).toBe(333_333_333_333_333_334n);
  });
});

describe('conversionSplit', () => {
  const usdFiat = { precision: 2, rate: usd('1'), spreadBps: 10 };
  it.each([
    ['EUR->USD', eur, usdFiat, 10_000n],
    ['USD->EUR', usdFiat, eur, 10_000n],
    ['USD->BTC', usdFiat, btc, 1_000_000n],
    ['BTC->USD', btc, usdFiat, 100_000_000n],
    ['tiny USD->EUR', usdFiat, eur, 1n],
  ] as const)('%s: spread plus liquidity is the net amount, the spread is what the rate kept', (_, o, d, net) => {
    const destinationMinor = mulDiv(
      net * effectiveRate(o, d),
      10n ** BigInt(d.precision),
      RATE_SCALE * 10n ** BigInt(o.precision),
      'down',
    );
    const split = conversionSplit({
      netOriginMinor: net,
      destinationMinor,
      midScaled: midRate(o, d),
      originPrecision: o.precision,
      destinationPrecision: d.precision,
    });
    expect(split.spreadMinor + split.liquidityMinor).toBe(net);
    expect(split.spreadMinor).toBeGreaterThanOrEqual(0n);
    // The spread is at most the quoted spread on the net amount, plus one unit of rounding.
    const quotedSpread = mulDiv(net, BigInt(o.spreadBps + d.spreadBps), 10_000n, 'up');
    expect(split.spreadMinor).toBeLessThanOrEqual(quotedSpread + 1n);
  });
});
