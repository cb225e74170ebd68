// The originNetworkId rules of a mobile-money collection (spec: Deposit): not free text; resolved when the corridor
// offers exactly one network; required (400 naming the field) when it offers several; refused when the corridor
// does not publish the id, or when the rail is not mobile money. Used by deposits and by orders' origin legs.

import type { NetworkEntry } from '../catalogue/types.js';

export type NetworkResolution = { ok: true; networkId: string | undefined } | { ok: false; reason: string };

export function resolveOriginNetwork(
  rail: string,
  sent: string | undefined,
  published: readonly NetworkEntry[],
  country?: string,
): NetworkResolution {
  if (!rail.startsWith('MOBILE_MONEY_')) {
    return sent === undefined
      ? { ok: true, networkId: undefined }
      : { ok: false, reason: `originNetworkId applies only to a mobile-money rail, not ${rail}` };
  }
  const offered = published.filter(
    (n) => n.rail === rail && n.rampTypes.includes('deposit') && (country === undefined || n.country === country),
  );
  if (sent !== undefined) {
    return offered.some((n) => n.id === sent)
      ? { ok: true, networkId: sent }
      : {
          ok: false,
          reason: `originNetworkId ${sent} is not a collection network of ${rail}${country ? ` in ${country}` : ''}`,
        };
  }
  if (offered.length === 1) return { ok: true, networkId: offered[0]?.id };
  if (offered.length === 0)
    return { ok: false, reason: `${rail} has no collection network${country ? ` in ${country}` : ''}` };
  return {
    ok: false,
    reason: `originNetworkId is required for ${rail}: one of ${offered.map((n) => n.id).join(', ')}`,
  };
}
