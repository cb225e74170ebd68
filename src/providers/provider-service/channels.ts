import type { CollectionChannel, PayoutChannel } from '../rails/routed-rails.js';
import type { ProviderServiceClient } from './client.js';

/** Deposit instructions from the provider service; the deposit is credited by its signed inbound-credit callback. */
export function providerServiceCollection(client: ProviderServiceClient): CollectionChannel {
  return {
    description: client.description,
    depositInstructions: (request) => client.depositInstructions(request),
  };
}

/** Payouts through the provider service: accepted ones wait, registered, for the signed outcome callback. */
export function providerServicePayouts(client: ProviderServiceClient): PayoutChannel {
  return {
    description: client.description,
    submit: (request) => client.submitPayout(request),
  };
}
