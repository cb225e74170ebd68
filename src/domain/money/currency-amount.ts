// The one money boundary: every amount that crosses between integer minor units (inside) and a JSON number or a
// decimal string (the wire, rails, messages) crosses here, at its currency's scale from the catalogue. A currency
// the catalogue does not know has no scale: reading or writing an amount in it is refused, never scaled by zero.

import { currencyOf } from '../../catalogue/index.js';
import { type AmountParse, decimalOfMinor, minorOfDecimal, minorOfNumber, numberOfMinor } from './amount.js';

/** An amount stored or computed in a currency the catalogue lacks: a bug or a bad row, never a client's mistake. */
export class UnknownCurrencyError extends Error {
  constructor(readonly currency: string) {
    super(`currency ${currency} is not in the catalogue: its amounts have no scale`);
    this.name = 'UnknownCurrencyError';
  }
}

/** Decimal places of a currency's minor unit (EUR 2, BTC 8). Throws UnknownCurrencyError for an unknown code. */
export function scaleOf(currency: string): number {
  const entry = currencyOf(currency);
  if (entry === undefined) throw new UnknownCurrencyError(currency);
  return entry.precision;
}

/** Minor units to the JSON number written on the wire. */
export const amountToJson = (minor: bigint, currency: string): number => numberOfMinor(minor, scaleOf(currency));

/** Minor units to the exact decimal string a rail, a page or a message shows ("12.5"). */
export const amountToDecimal = (minor: bigint, currency: string): string => decimalOfMinor(minor, scaleOf(currency));

/** A client's JSON number to minor units; an unknown currency or an inexact amount is a refusal with a reason. */
export function amountFromJson(value: number, currency: string): AmountParse {
  const entry = currencyOf(currency);
  if (entry === undefined) return { ok: false, reason: `is in ${currency}, which is not a supported currency` };
  return minorOfNumber(value, entry.precision);
}

/** An exact decimal string (a rail's, a catalogue bound) to minor units, as amountFromJson. */
export function amountFromDecimal(decimal: string, currency: string): AmountParse {
  const entry = currencyOf(currency);
  if (entry === undefined) return { ok: false, reason: `is in ${currency}, which is not a supported currency` };
  return minorOfDecimal(decimal, entry.precision);
}
