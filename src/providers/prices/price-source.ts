import { externalService } from '../../domain/errors.js';
import type { BaseRate } from '../../domain/pricing/base-rate.js';

/** One currency's mid rate as a source answers it, with the moment the source says it was set. */
export interface SourcedRate {
  readonly currency: string;
  readonly rate: BaseRate;
  /** Half-spread in basis points on this currency's side of a conversion (the source's configuration). */
  readonly spreadBps: number;
  /** When the rate was set, by the source's own timestamp (ms since the epoch); a quote records it. */
  readonly asOfMs: number;
}

/** Rates answered together: from one document of one source, so on one base and crossable exactly. */
export interface PriceSet {
  /** The source's kind, recorded on each quote: 'reference-table', 'ecb-daily-xml', 'json-feed'. */
  readonly source: string;
  readonly rates: ReadonlyMap<string, SourcedRate>;
}

/** What the operator sees of a source (start-up line, doctor, operator API). */
export interface PriceSourceDescription {
  readonly name: string;
  /** The address it reads, for a live source. */
  readonly url?: string;
  /** The newest rate's timestamp (ISO 8601), or null before a first good document. */
  readonly asOf: string | null;
  readonly base: string | null;
  readonly currencies: readonly string[];
  /** The last refresh's failure, if the last attempt failed. */
  readonly lastError?: string;
}

/**
 * Where mid rates come from: the shipped, dated table (stage) or a live feed (ecb-daily-xml, json-feed). A rate that
 * is missing or older than the source accepts is refused with ApiError ExternalServiceError (503), never guessed.
 */
export interface PriceSource {
  /** The rates of these currencies, all from one document; 503 ExternalServiceError if any cannot be given. */
  referenceRates(currencies: readonly string[]): Promise<PriceSet>;
  /** Whether the source prices this currency at all (its latest good document lists it); says nothing of age. */
  covers(currency: string): boolean;
  describe(): PriceSourceDescription;
}

/** The rate of one currency in a set the source answered; the source answers every currency asked or throws. */
export function rateIn(set: PriceSet, currency: string): SourcedRate {
  const rate = set.rates.get(currency);
  if (!rate) throw externalService(`The price source ${set.source} gave no price for ${currency}`);
  return rate;
}
