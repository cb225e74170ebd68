import type { CorridorLimits, NetworkEntry, RampType } from '../../catalogue/types.js';

export interface NetworkQuery {
  readonly rail?: string | undefined;
  readonly rampType?: RampType | undefined;
  readonly country?: string | undefined;
}

/**
 * Corridor data that a real deployment reads from its clearing partners at run time: networks and amount limits.
 * An unavailable lookup throws ApiError ExternalServiceError (503), which the discovery endpoints and quotes pass on.
 */
export interface CorridorProvider {
  networks(currency: string, query: NetworkQuery): Promise<readonly NetworkEntry[]>;
  /** null when no bounds are published for the currency. */
  limits(currency: string): Promise<CorridorLimits | null>;
}
