import { referenceRates } from '../../catalogue/reference-rates.js';
import { externalService } from '../../domain/errors.js';
import type { PriceSource, SourcedRate } from './price-source.js';

// The table quotes US dollars per unit: kept as printed (basePerUnit on a USD base), so nothing is inverted or
// rounded before the quote's one rounding. Its rows are dated (a day), taken at the start of that day in UTC.
const byCurrency = new Map<string, SourcedRate>(
  referenceRates.map((r) => [
    r.currency,
    {
      currency: r.currency,
      rate: { base: 'USD', basePerUnit: r.usdPerUnit },
      spreadBps: r.spreadBps,
      asOfMs: Date.parse(`${r.asOf}T00:00:00Z`),
    },
  ]),
);
const newestMs = Math.max(...[...byCurrency.values()].map((r) => r.asOfMs));

/** The stage's price source: the catalogue's dated table of reference mid rates. It never goes stale. */
export const referenceTablePrices: PriceSource = {
  async referenceRates(currencies) {
    const rates = new Map<string, SourcedRate>();
    for (const currency of currencies) {
      const rate = byCurrency.get(currency);
      if (!rate) throw externalService(`No reference price is available for ${currency}`);
      rates.set(currency, rate);
    }
    return { source: 'reference-table', rates };
  },
  covers: (currency) => byCurrency.has(currency),
  describe: () => ({
    name: 'reference-table',
    asOf: new Date(newestMs).toISOString(),
    base: 'USD',
    currencies: [...byCurrency.keys()],
  }),
};
