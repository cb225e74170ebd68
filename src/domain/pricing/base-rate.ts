// A currency's price as a price source publishes it: against that source's base currency, in the direction the source
// quotes, as the exact decimal it printed. Nothing is converted on the way in; the one rounding of a cross rate
// happens in quote-pricing.ts (midRate), on the exact ratio of the two published numbers.

/**
 * One currency's price against a base currency. The European Central Bank and the brokerage's JSON feed quote units of
 * the currency per one unit of the base (1 EUR = 1.0876 USD: `{ base: 'EUR', unitsPerBase: '1.0876' }`); the shipped
 * reference table quotes US dollars per one unit of the currency (`{ base: 'USD', basePerUnit: '96250' }` for BTC).
 * Both are kept as printed, so no inversion ever rounds.
 */
export type BaseRate =
  | { readonly base: string; readonly unitsPerBase: string }
  | { readonly base: string; readonly basePerUnit: string };

/** An exact positive rational number. */
export interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

const positiveDecimal = /^(\d+)(?:\.(\d+))?$/;

/** Whether `text` is a plain positive decimal ("1.0876", "0.0000105"): no sign, exponent, or spaces. */
export function isPositiveDecimal(text: string): boolean {
  const match = positiveDecimal.exec(text);
  return match !== null && /[1-9]/.test(text);
}

/**
 * A decimal string as an exact ratio (any number of decimals); RangeError for anything else, and for zero unless
 * allowed (a rate is never zero; a network fee may be).
 */
export function ratioOfDecimal(decimal: string, zero: 'refused' | 'allowed' = 'refused'): Ratio {
  const match = positiveDecimal.exec(decimal);
  if (!match || (zero === 'refused' && !/[1-9]/.test(decimal))) {
    throw new RangeError(`${decimal} is not a ${zero === 'refused' ? 'positive' : 'non-negative'} decimal`);
  }
  const [, whole = '', fraction = ''] = match;
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

/** Base units one unit of the currency is worth, exactly: the published number, or its exact reciprocal. */
export function basePerUnitOf(rate: BaseRate): Ratio {
  if ('basePerUnit' in rate) return ratioOfDecimal(rate.basePerUnit);
  const units = ratioOfDecimal(rate.unitsPerBase);
  return { numerator: units.denominator, denominator: units.numerator };
}

/** Refuses to combine rates of different bases: a cross rate is exact only within one source's document. */
export function requireSameBase(rates: readonly BaseRate[]): void {
  const [first, ...rest] = rates;
  for (const rate of rest) {
    if (rate.base !== first?.base) {
      throw new Error(`rates on bases ${first?.base} and ${rate.base} cannot be crossed: one quote, one source`);
    }
  }
}
