// What every live price adapter reads a published document into: units of each currency per one unit of the
// document's base, as the exact decimal printed, each with the moment the publisher says it was set. The adapters
// check the document whole and refuse it whole: a feed half-understood is a feed not used.

import { isPositiveDecimal } from '../../domain/pricing/base-rate.js';

export interface DocumentRate {
  /** Units of the currency per one unit of the base, exact decimal as published. */
  readonly unitsPerBase: string;
  readonly asOfMs: number;
}

export interface RateDocument {
  readonly base: string;
  /** Every priced currency, the base itself included (at "1", dated like the document's newest rate). */
  readonly rates: ReadonlyMap<string, DocumentRate>;
}

/** A document that does not follow its published format; the message names what is wrong and where. */
export class MalformedPriceDocument extends Error {
  override readonly name = 'MalformedPriceDocument';
}

/** ISO 4217 codes and the catalogue's crypto tickers (USDC, CUSD, MATIC): upper-case letters and digits. */
export const currencyCodePattern = '^[A-Z][A-Z0-9]{1,9}$';
const currencyCode = new RegExp(currencyCodePattern);

/** Collects a document's rates, refusing bad codes, bad decimals and duplicates; adds the base at "1". */
export class RateCollector {
  private readonly rates = new Map<string, DocumentRate>();

  constructor(
    private readonly base: string,
    private readonly where: string,
  ) {
    if (!currencyCode.test(base))
      throw new MalformedPriceDocument(`${where}: base ${JSON.stringify(base)} is not a currency code`);
  }

  add(currency: unknown, unitsPerBase: unknown, asOfMs: number, at: string): void {
    if (typeof currency !== 'string' || !currencyCode.test(currency)) {
      throw new MalformedPriceDocument(
        `${this.where}: ${at}: currency ${JSON.stringify(currency)} is not a currency code`,
      );
    }
    if (typeof unitsPerBase !== 'string' || !isPositiveDecimal(unitsPerBase)) {
      throw new MalformedPriceDocument(
        `${this.where}: ${at}: rate ${JSON.stringify(unitsPerBase)} of ${currency} is not a positive decimal string`,
      );
    }
    if (this.rates.has(currency)) throw new MalformedPriceDocument(`${this.where}: ${at}: ${currency} is listed twice`);
    if (currency === this.base && !isOne(unitsPerBase)) {
      throw new MalformedPriceDocument(`${this.where}: ${at}: the base ${currency} is priced ${unitsPerBase}, not 1`);
    }
    this.rates.set(currency, { unitsPerBase, asOfMs });
  }

  /** The document, the base added at "1" (dated like the newest rate) when the publisher left it implicit. */
  finish(): RateDocument {
    if (this.rates.size === 0) throw new MalformedPriceDocument(`${this.where}: no rates`);
    if (!this.rates.has(this.base)) {
      const newestMs = Math.max(...[...this.rates.values()].map((r) => r.asOfMs));
      this.rates.set(this.base, { unitsPerBase: '1', asOfMs: newestMs });
    }
    return { base: this.base, rates: this.rates };
  }
}

/** Whether YYYY-MM-DD names a real day (Date.parse rolls 2026-02-30 over into March, so the round trip decides). */
export function isCalendarDate(text: string): boolean {
  const ms = Date.parse(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

const isOne = (decimal: string) => /^0*1(\.0*)?$/.test(decimal);

/** The newest rate's timestamp of a document. */
export const newestAsOfMs = (document: RateDocument): number =>
  Math.max(...[...document.rates.values()].map((r) => r.asOfMs));
