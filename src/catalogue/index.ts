// Lookups over the catalogue, and the start-up self-check that its parts agree with each other.

import { corridorLimits } from './corridor-limits.js';
import { currencies } from './currencies.js';
import { networkGasFees } from './network-gas-fees.js';
import { networks } from './networks.js';
import { payoutRailByRail, payoutRails } from './payout-rails/index.js';
import { destinationRailValues, originRailValues } from './rail-values.js';
import { referenceRates } from './reference-rates.js';
import type { CurrencyEntry } from './types.js';

const currencyByCode = new Map(currencies.map((c) => [c.code, c]));

export function currencyOf(code: string): CurrencyEntry | undefined {
  return currencyByCode.get(code);
}

/** Rails by which `currency` may be the origin of a quote: its accepted payin rails, and BALANCE when holdable. */
export function originRailsOf(currency: CurrencyEntry): readonly string[] {
  return currency.holdable ? [...currency.acceptedOriginRails, 'BALANCE'] : currency.acceptedOriginRails;
}

export function payoutRailsOf(currency: CurrencyEntry): readonly string[] {
  return currency.holdable ? [...currency.payoutRails, 'BALANCE'] : currency.payoutRails;
}

/** "BASE/QUOTE" as the spec writes pairs: here origin/destination. */
export const pairOf = (origin: string, destination: string): string => `${origin}/${destination}`;

/** Every pair the catalogue supports: an origin-capable currency to a different destination-capable one. */
export const supportedPairs: readonly string[] = currencies
  .filter((o) => o.originAllowed)
  .flatMap((o) =>
    currencies.filter((d) => d.destinationAllowed && d.code !== o.code).map((d) => pairOf(o.code, d.code)),
  );

const supportedPairSet = new Set(supportedPairs);
export const isSupportedPair = (pair: string): boolean => supportedPairSet.has(pair);

/** Throws at start-up when the data disagrees with itself; a catalogue edit that breaks a link never ships. */
export function checkCatalogue(): void {
  const problems: string[] = [];
  const origins = new Set<string>(originRailValues);
  const destinations = new Set<string>(destinationRailValues);
  for (const c of currencies) {
    for (const rail of c.acceptedOriginRails)
      if (!origins.has(rail)) problems.push(`${c.code}: unknown origin rail ${rail}`);
    for (const rail of c.payoutRails) {
      if (!destinations.has(rail)) problems.push(`${c.code}: unknown destination rail ${rail}`);
      if (!payoutRailByRail(rail)) problems.push(`${c.code}: payout rail ${rail} has no field set`);
    }
    if (!referenceRates.some((r) => r.currency === c.code)) problems.push(`${c.code}: no reference rate`);
    if (!corridorLimits.some((l) => l.currency === c.code)) problems.push(`${c.code}: no corridor limits`);
  }
  for (const rail of payoutRails) {
    if (rail.kind === 'crypto' && !networkGasFees.some((g) => g.rail === rail.rail)) {
      problems.push(`${rail.rail}: crypto payout rail without a gas fee`);
    }
  }
  for (const n of networks) if (!currencyByCode.has(n.currency)) problems.push(`network ${n.id}: unknown currency`);
  if (currencyByCode.size !== currencies.length) problems.push('duplicate currency code');
  if (problems.length > 0) throw new Error(`catalogue self-check failed:\n${problems.join('\n')}`);
}
