import { referenceRates } from '../../catalogue/reference-rates.js';
import { externalService } from '../../domain/errors.js';
import type { PriceSource } from './price-source.js';

const byCurrency = new Map(referenceRates.map((r) => [r.currency, r]));

/** The stage and default price source: the catalogue's dated table of reference mid rates. */
export const referenceTablePrices: PriceSource = {
  async referenceRate(currency) {
    const rate = byCurrency.get(currency);
    if (!rate) throw externalService(`No reference price is available for ${currency}`);
    return rate;
  },
};
