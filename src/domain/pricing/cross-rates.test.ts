import { describe, expect, it } from 'vitest';
import { type BaseRate, basePerUnitOf, isPositiveDecimal, ratioOfDecimal } from './base-rate.js';
import { gasMinorOf, midRate, priceQuote } from './quote-pricing.js';

// Cross rates through a source's base, checked against values computed by hand with exact fractions
// (Python's fractions.Fraction, floor for the mid rate, ceiling for gas). The ECB rates are those of a daily file:
// units of the currency per 1 EUR.

const ecb = (unitsPerBase: string): BaseRate => ({ base: 'EUR', unitsPerBase });
const at = (precision: number, rate: BaseRate, spreadBps = 0) => ({ precision, rate, spreadBps });

const eur = at(2, ecb('1'));
const usd = at(2, ecb('1.0876'));
const gbp = at(2, ecb('0.83215'));
const jpy = at(0, ecb('161.13'));
const brl = at(2, ecb('6.2151'));

describe('midRate through EUR: (destination per EUR) / (origin per EUR), rounded down once', () => {
  it.each([
    ['EUR→USD', eur, usd, 1_087_600_000_000_000_000n],
    ['USD→EUR', usd, eur, 919_455_682_236_116_219n], // 1 / 1.0876 = 0.91945568223611621919...
    ['GBP→USD', gbp, usd, 1_306_975_905_786_216_427n], // 1.0876 / 0.83215
    ['USD→GBP', usd, gbp, 765_125_045_972_784_111n], // 0.83215 / 1.0876
    ['JPY→BRL', jpy, brl, 38_571_960_528_765_592n], // 6.2151 / 161.13
    ['BRL→JPY', brl, jpy, 25_925_568_373_799_295_264n], // 161.13 / 6.2151
  ] as const)('%s', (_, origin, destination, expected) => {
    expect(midRate(origin, destination)).toBe(expected);
  });

  it('rounds down, never to nearest: 0.83215 / 1.0876 = 0.765125045972784111|8..., kept at ...111', () => {
    const exactTimesScale = (83_215n * 10n ** 18n * 10_000n) / (10_876n * 100_000n); // bigint division truncates
    expect(exactTimesScale).toBe(765_125_045_972_784_111n);
    expect(midRate(usd, gbp)).toBe(exactTimesScale);
  });

  it('keeps digits beyond 18 decimals exact before the one rounding', () => {
    const tiny = at(0, ecb('0.0000000000000000000123'));
    expect(midRate(eur, tiny)).toBe(0n); // 1.23e-20 per EUR is below the scale: rounds down to zero
    expect(midRate(tiny, eur)).toBe(81_300_813_008_130_081_300_813_008_130_081_300_813n); // 1e38 / 123
  });

  it('gives one value whichever way the source quotes the same price', () => {
    const half = at(2, { base: 'USD', basePerUnit: '0.5' });
    const twoPerBase = at(2, { base: 'USD', unitsPerBase: '2' });
    const dollar = at(2, { base: 'USD', basePerUnit: '1' });
    expect(midRate(half, dollar)).toBe(midRate(twoPerBase, dollar));
    expect(midRate(dollar, half)).toBe(midRate(dollar, twoPerBase));
    expect(midRate(dollar, half)).toBe(2_000_000_000_000_000_000n);
  });

  it('refuses to cross rates of two bases', () => {
    expect(() => midRate(eur, at(2, { base: 'USD', basePerUnit: '1' }))).toThrow(/one quote, one source/);
  });
});

describe('gas in US dollars through EUR, rounded up', () => {
  it.each([
    ['EUR', eur, 111n], // 1.20 / 1.0876 = 1.10334... EUR → 1.11
    ['GBP', gbp, 92n], // 1.20 / 1.0876 × 0.83215 = 0.91814... GBP → 0.92
    ['USD', usd, 120n],
    ['JPY', jpy, 178n], // 1.20 / 1.0876 × 161.13 = 177.78... JPY → 178
  ] as const)('1.20 USD paid in %s is %s minor units', (_, paying, expected) => {
    expect(gasMinorOf({ usd: '1.20', usdRate: usd.rate }, paying)).toBe(expected);
  });

  it('is zero for a zero fee and refuses a USD rate of another base', () => {
    expect(gasMinorOf({ usd: '0', usdRate: usd.rate }, eur)).toBe(0n);
    expect(() => gasMinorOf({ usd: '1', usdRate: { base: 'USD', basePerUnit: '1' } }, eur)).toThrow();
  });
});

describe('priceQuote on ECB rates, with the existing rounding rules', () => {
  const input = {
    origin: at(2, gbp.rate, 10),
    destination: at(2, usd.rate, 10),
    feeBps: 50,
    creatorMarkup: undefined,
    gas: undefined,
  };

  it('from 100.00 GBP: fee 0.50 up, rate less 20 bps down, 129.78 USD down', () => {
    const result = priceQuote({ ...input, amount: { side: 'origin', minor: 100_00n } });
    expect(result).toEqual({
      ok: true,
      pricing: {
        originMinor: 100_00n,
        destinationMinor: 129_78n, // 99.50 × 1.304361953974643994 = 129.784...
        feeMinor: 50n,
        markupFeeMinor: 0n,
        gasMinor: 0n,
        rateScaled: 1_304_361_953_974_643_994n, // 1.306975905786216427 × 0.998, rounded down
      },
    });
  });

  it('for 100.00 USD delivered: the smallest GBP amount that covers it', () => {
    const result = priceQuote({ ...input, amount: { side: 'destination', minor: 100_00n } });
    expect(result.ok && [result.pricing.originMinor, result.pricing.feeMinor]).toEqual([77_06n, 39n]);
  });
});

describe('decimals', () => {
  it.each([
    ['1.0876', { numerator: 10_876n, denominator: 10_000n }],
    ['161.13', { numerator: 16_113n, denominator: 100n }],
    ['96250', { numerator: 96_250n, denominator: 1n }],
    ['0.0000105', { numerator: 105n, denominator: 10_000_000n }],
  ])('%s is exactly %o', (decimal, ratio) => {
    expect(ratioOfDecimal(decimal)).toEqual(ratio);
  });

  it.each(['0', '0.000', '-1', '1e5', '1.', '.5', ' 1', '1,5', '', 'NaN'])('refuses %j as a rate', (text) => {
    expect(isPositiveDecimal(text)).toBe(false);
    expect(() => ratioOfDecimal(text)).toThrow(RangeError);
  });

  it('inverts units per base exactly', () => {
    expect(basePerUnitOf(ecb('1.0876'))).toEqual({ numerator: 10_000n, denominator: 10_876n });
  });
});
