import type { NetworkEntry, RampType } from './types.js';

export const both: readonly RampType[] = ['deposit', 'withdraw'];
export const payoutOnly: readonly RampType[] = ['withdraw'];

/** A row builder for one rail: rail and currency fixed, country, id and name per row; ramp types default per rail. */
export function networkRows(rail: string, currency: string, railRampTypes: readonly RampType[] = both) {
  return (country: string, id: string, name: string, rampTypes: readonly RampType[] = railRampTypes): NetworkEntry => ({
    id,
    name,
    rail,
    currency,
    country,
    rampTypes,
  });
}
