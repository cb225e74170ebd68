import { corridorLimits } from '../../catalogue/corridor-limits.js';
import { networks } from '../../catalogue/networks.js';
import { externalService } from '../../domain/errors.js';
import type { CorridorProvider } from './corridor-provider.js';

const limitsByCurrency = new Map(corridorLimits.map((l) => [l.currency, l]));

/** The sandbox corridor provider: answers from the shipped catalogue. */
export const catalogueCorridors: CorridorProvider = {
  async networks(currency, query) {
    // rampType narrows the list only alongside a mobile-money rail (spec, Discovery).
    const narrowByRamp = query.rampType !== undefined && query.rail?.startsWith('MOBILE_MONEY_') === true;
    return networks.filter(
      (n) =>
        n.currency === currency &&
        (query.rail === undefined || n.rail === query.rail) &&
        (query.country === undefined || n.country === query.country) &&
        (!narrowByRamp || n.rampTypes.includes(query.rampType as 'deposit' | 'withdraw')),
    );
  },
  async limits(currency) {
    return limitsByCurrency.get(currency) ?? null;
  },
};

/** A provider whose upstream is down: every lookup is a 503. Used by tests and by operators to rehearse outages. */
export const unavailableCorridors: CorridorProvider = {
  async networks() {
    throw externalService('The corridor network lookup is unavailable; retry with backoff');
  },
  async limits() {
    throw externalService('The corridor limits lookup is unavailable; retry with backoff');
  },
};
