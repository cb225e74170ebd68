import { payinRailAliases } from '../../catalogue/currencies.js';
import { externalService } from '../../domain/errors.js';
import type { DepositInfo } from './deposit-info.js';
import type { InstructionRequest, PayoutAnswer, PayoutRequest, RailProvider } from './rail-provider.js';

/** Issues the instructions of one collection rail (a bank account with a reference, a wallet, a provider service). */
export interface CollectionChannel {
  /** For operators: "bank account DE89…3000", "xpub wallet", "provider service". */
  readonly description: string;
  depositInstructions(request: InstructionRequest): Promise<DepositInfo>;
}

/** Submits the payouts of one rail; a real channel answers `submitted` and the outcome comes back later. */
export interface PayoutChannel {
  readonly description: string;
  submit(request: PayoutRequest): Promise<PayoutAnswer>;
}

/** The route key of a currency's rail: `EUR/SEPA`, `USDC/MATIC` (aliases folded). */
export const routeKey = (currency: string, rail: string): string => `${currency}/${payinRailAliases[rail] ?? rail}`;

export interface RailRoutes {
  /** By routeKey. */
  readonly collection: ReadonlyMap<string, CollectionChannel>;
  readonly payout: ReadonlyMap<string, PayoutChannel>;
}

/**
 * Production's rails: each currency and rail goes to the channel the operator configured, and what is not
 * configured is refused with 503 ExternalServiceError. Services check the capability before they store anything
 * (providers/capabilities.ts); this refusal is the second line, so no request reaches a rail nobody connected.
 */
export function routedRails(routes: RailRoutes): RailProvider {
  return {
    depositInstructions(request) {
      const channel = routes.collection.get(routeKey(request.currency, request.rail));
      if (channel === undefined) throw notConfigured('collection', request.currency, request.rail);
      return channel.depositInstructions(request);
    },
    payout(request) {
      const channel = routes.payout.get(routeKey(request.currency, request.rail));
      if (channel === undefined) throw notConfigured('payout', request.currency, request.rail);
      return channel.submit(request);
    },
  };
}

export const notConfigured = (what: 'collection' | 'payout', currency: string, rail: string) =>
  externalService(`${currency} ${what} on ${rail} is not connected on this server`);
