// Pricing of one quote in exact integer arithmetic. Rates are fixed-point with 18 decimals (RATE_SCALE); amounts
// are minor units. Every rounding favours neither party by accident: what the payer pays rounds up, what the
// beneficiary receives rounds down, and each rounding direction is stated where it happens.

import { minorOfDecimal, mulDiv } from '../money/amount.js';

export const RATE_DECIMALS = 18;
export const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
const PPM = 1_000_000n;

export interface CurrencyPricing {
  readonly precision: number;
  /** US dollars per unit, exact decimal string. */
  readonly usdPerUnit: string;
  readonly spreadBps: number;
}

export interface PricingInput {
  readonly origin: CurrencyPricing;
  readonly destination: CurrencyPricing;
  /** The workspace's fee for this pair. */
  readonly feeBps: number;
  /** creatorMarkup as an exact decimal fraction ("0.015"), or undefined. */
  readonly creatorMarkup: string | undefined;
  /** Network fee of a crypto payout in US dollars, exact decimal string, or undefined for other rails. */
  readonly gasUsd: string | undefined;
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

/** Destination per origin unit at the reference mid rates, before any spread, rounded down. */
export function midRate(origin: CurrencyPricing, destination: CurrencyPricing): bigint {
  const originUsd = decimalScaled(origin.usdPerUnit, RATE_DECIMALS);
  const destinationUsd = decimalScaled(destination.usdPerUnit, RATE_DECIMALS);
  return mulDiv(originUsd, RATE_SCALE, destinationUsd, 'down');
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
  const gasMinor =
    input.gasUsd === undefined
      ? 0n
      : mulDiv(
          decimalScaled(input.gasUsd, RATE_DECIMALS),
          originUnit,
          decimalScaled(origin.usdPerUnit, RATE_DECIMALS),
          'up',
        );

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
