import { externalService } from '../../domain/errors.js';
import type { PriceSource } from './price-source.js';

/**
 * Production with no price source configured: it covers nothing (discovery lists no pair) and refuses every price with
 * 503 ExternalServiceError, so no quote is ever made from the stage's reference table by default (issue #18, part 1).
 */
export const noPriceSource: PriceSource = {
  async referenceRates() {
    throw externalService('No price source is configured: quotes are unavailable');
  },
  covers: () => false,
  describe: () => ({ name: 'none', asOf: null, base: null, currencies: [] }),
};
