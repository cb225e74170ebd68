import type { ReferenceRate } from '../../catalogue/types.js';

/**
 * Where mid rates come from. The embedded default reads the shipped, dated table; a live feed would implement the
 * same method. An unavailable source throws ApiError ExternalServiceError (503), translated at this boundary.
 */
export interface PriceSource {
  referenceRate(currency: string): Promise<ReferenceRate>;
}
