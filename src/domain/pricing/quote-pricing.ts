// Pricing of one quote in exact integer arithmetic. Rates are fixed-point with 18 decimals (RATE_SCALE); amounts
// are minor units. Every rounding favours neither party by accident: what the payer pays rounds up, what the
// beneficiary receives rounds down, and each rounding direction is stated where it happens.

import { minorOfDecimal, mulDiv } from '../money/amount.js';
import { type BaseRate, basePerUnitOf, ratioOfDecimal, requireSameBase } from './base-rate.js';

export const RATE_DECIMALS = 18;
export const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
const PPM = 1_000_000n;

export interface CurrencyPricing {
  readonly precision: number;
  /** The currency's price against the source's base, as published; both sides of a quote share one base. */
  readonly rate: BaseRate;
  readonly spreadBps: number;
}

/** The network fee of a crypto payout: US dollars, and USD's own rate in the source that priced the quote. */
export interface GasCharge {
  readonly usd: string;
  readonly usdRate: BaseRate;
}

export interface PricingInput {
  readonly origin: CurrencyPricing;
  readonly destination: CurrencyPricing;
  /** The workspace's fee for this pair. */
  readonly feeBps: number;
  /** creatorMarkup as an exact decimal fraction ("0.015"), or undefined. */
  readonly creatorMarkup: string | undefined;
  /** Network fee of a crypto payout, or undefined for other rails. */
  readonly gas: GasCharge | undefined;
  readonly amount: { readonly side: 'origin' | 'destination'; readonly minor: bigint };
}

export interface Pricing {
  readonly originMinor: bigint;
  readonly destinationMinor: bigint;
  /** Workspace fee plus creator markup, in origin minor units. */
  readonly feeMinor: bigint;
  readonly markupFeeMinor: bigint;
  /** Network fee, in origin minor units. */
  readonly gasMinor: bigint;
  /** Destination units per origin unit after the spread, scaled by RATE_SCALE. */
  readonly rateScaled: bigint;
}

export type PricingResult = { ok: true; pricing: Pricing } | { ok: false; reason: string };

const decimalScaled = (decimal: string, decimals: number): bigint => {
  const parsed = minorOfDecimal(decimal, decimals);
  if (!parsed.ok) throw new RangeError(`catalogue decimal ${decimal} ${parsed.reason}`);
  return parsed.minor;
};

const pow10 = (n: number) => 10n ** BigInt(n);

/**
 * Destination per origin unit at the source's mid rates, before any spread, rounded down once: the exact ratio
 * (origin's base value) / (destination's base value), so a cross through EUR or USD loses nothing before this rounding.
 */
export function midRate(origin: CurrencyPricing, destination: CurrencyPricing): bigint {
  requireSameBase([origin.rate, destination.rate]);
  const o = basePerUnitOf(origin.rate);
  const d = basePerUnitOf(destination.rate);
  return mulDiv(o.numerator * d.denominator, RATE_SCALE, o.denominator * d.numerator, 'down');
}

/**
 * A network fee in US dollars as minor units of the paying currency, rounded up (the payer covers the whole fee):
 * gas × (USD's base value) / (the currency's base value), one rounding.
 */
export function gasMinorOf(gas: GasCharge, paying: { readonly precision: number; readonly rate: BaseRate }): bigint {
  requireSameBase([paying.rate, gas.usdRate]);
  const usd = ratioOfDecimal(gas.usd, 'allowed');
  const usdValue = basePerUnitOf(gas.usdRate);
  const payingValue = basePerUnitOf(paying.rate);
  return mulDiv(
    usd.numerator * pow10(paying.precision) * usdValue.numerator * payingValue.denominator,
    1n,
    usd.denominator * usdValue.denominator * payingValue.numerator,
    'up',
  );
}

/** Destination per origin unit after the spread of both sides, rounded down (the house never gives extra). */
export function effectiveRate(origin: CurrencyPricing, destination: CurrencyPricing): bigint {
  const mid = midRate(origin, destination);
  const spreadBps = BigInt(origin.spreadBps + destination.spreadBps);
  return mulDiv(mid, 10_000n - spreadBps, 10_000n, 'down');
}

export function priceQuote(input: PricingInput): PricingResult {
  const { origin, destination } = input;
  const rate = effectiveRate(origin, destination);
  if (rate <= 0n) return { ok: false, reason: 'no price is available for this pair' };
  const originUnit = pow10(origin.precision);
  const destinationUnit = pow10(destination.precision);
  const feePpm = BigInt(input.feeBps) * 100n;
  const markupPpm = input.creatorMarkup === undefined ? 0n : decimalScaled(input.creatorMarkup, 6);
  const gasMinor = input.gas === undefined ? 0n : gasMinorOf(input.gas, origin);

  // Fees are charged on the gross origin amount and round up, each separately, as they are posted separately.
  const feesOn = (gross: bigint) => ({
    fee: mulDiv(gross, feePpm, PPM, 'up'),
    markup: mulDiv(gross, markupPpm, PPM, 'up'),
  });
  const toDestination = (net: bigint) => mulDiv(net * rate, destinationUnit, RATE_SCALE * originUnit, 'down');

  let originMinor: bigint;
  let destinationMinor: bigint;
  if (input.amount.side === 'origin') {
    originMinor = input.amount.minor;
    const { fee, markup } = feesOn(originMinor);
    const net = originMinor - fee - markup - gasMinor;
    if (net <= 0n) return { ok: false, reason: 'originAmount does not cover the fees' };
    destinationMinor = toDestination(net);
    if (destinationMinor <= 0n) return { ok: false, reason: 'originAmount is too small to deliver anything' };
  } else {
    destinationMinor = input.amount.minor;
    // The smallest net origin amount that converts to at least the requested destination amount.
    const net = mulDiv(destinationMinor * RATE_SCALE, originUnit, rate * destinationUnit, 'up');
    originMinor = mulDiv(net + gasMinor, PPM, PPM - feePpm - markupPpm, 'up');
    // Fees round up separately, so the estimate can fall a minor unit or two short; walk up to the first that covers.
    for (;;) {
      const { fee, markup } = feesOn(originMinor);
      if (originMinor - fee - markup - gasMinor >= net) break;
      originMinor += 1n;
    }
  }
  const { fee, markup } = feesOn(originMinor);
  return {
    ok: true,
    pricing: {
      originMinor,
      destinationMinor,
      feeMinor: fee + markup,
      markupFeeMinor: markup,
      gasMinor,
      rateScaled: rate,
    },
  };
}

/** A scaled rate as a decimal string with at most `digits` significant digits, rounded half up. */
export function rateDecimal(rateScaled: bigint, digits = 10): string {
  if (rateScaled <= 0n) return '0';
  const text = rateScaled.toString();
  const drop = Math.max(0, text.length - digits);
  const divisor = pow10(drop);
  const rounded = ((rateScaled + divisor / 2n) / divisor) * divisor;
  const padded = rounded.toString().padStart(RATE_DECIMALS + 1, '0');
  const whole = padded.slice(0, padded.length - RATE_DECIMALS);
  const fraction = padded.slice(padded.length - RATE_DECIMALS).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The inverse rate (origin per destination unit), scaled by RATE_SCALE, rounded up. */
export function inverseRate(rateScaled: bigint): bigint {
  return mulDiv(RATE_SCALE, RATE_SCALE, rateScaled, 'up');
}

export interface ConversionSplit {
  /** What the spread earned, in origin minor units: the net amount beyond its value at the mid rate. */
  readonly spreadMinor: bigint;
  /** What the liquidity account receives for the destination amount it delivers, at the mid rate. */
  readonly liquidityMinor: bigint;
}

/**
 * How the net origin amount of a conversion (after fees and gas) divides between the brokerage's spread and its
 * liquidity account. Liquidity is paid the destination amount's worth at the mid rate, rounded up (it never sells
 * below mid); the spread is the rest, never negative.
 */
export function conversionSplit(input: {
  readonly netOriginMinor: bigint;
  readonly destinationMinor: bigint;
  readonly midScaled: bigint;
  readonly originPrecision: number;
  readonly destinationPrecision: number;
}): ConversionSplit {
  const atMid = mulDiv(
    input.destinationMinor * RATE_SCALE,
    pow10(input.originPrecision),
    input.midScaled * pow10(input.destinationPrecision),
    'up',
  );
  // biome-ignore lint/complexity/useMathMinMax: bigints; Math.min takes numbers only
  const liquidityMinor = atMid < input.netOriginMinor ? atMid : input.netOriginMinor;
  return { spreadMinor: input.netOriginMinor - liquidityMinor, liquidityMinor };
}
