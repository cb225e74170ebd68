import { externalService } from '../domain/errors.js';
import { routeKey } from './rails/routed-rails.js';

/** One line of `brokerage doctor`, the start-up log and GET /admin/v1/capabilities. */
export interface CapabilityLine {
  /** "prices", "collection EUR/SEPA", "payout USD/ACH_US", "mail", … */
  readonly capability: string;
  readonly live: boolean;
  /** What serves it ("bank account DE89…3000 at …", "sandbox") or why it is not offered. */
  readonly detail: string;
}

/**
 * What this server can do with real counterparts. Stage answers yes to everything (the sandbox serves it);
 * production answers yes only for what the providers file connects. Discovery lists only what is live, and a
 * request that needs a missing capability is refused with 503 ExternalServiceError before anything is stored.
 */
export interface Capabilities {
  readonly sandbox: boolean;
  /** Whether the price source can price the currency now. */
  prices(currency: string): boolean;
  collects(currency: string, rail: string): boolean;
  paysOut(currency: string, rail: string): boolean;
  readonly mail: boolean;
  readonly verification: boolean;
  readonly openBanking: boolean;
  readonly screening: boolean;
  report(): readonly CapabilityLine[];
}

export const sandboxCapabilities: Capabilities = {
  sandbox: true,
  prices: () => true,
  collects: () => true,
  paysOut: () => true,
  mail: true,
  verification: true,
  openBanking: true,
  screening: true,
  report: () => [{ capability: 'everything', live: true, detail: 'stage sandbox (no real money moves)' }],
};

export interface LiveCapabilityInput {
  /** Descriptions by routeKey. */
  readonly collection: ReadonlyMap<string, { readonly description: string }>;
  readonly payout: ReadonlyMap<string, { readonly description: string }>;
  /** What prices, and which currencies it covers now. */
  readonly prices: { readonly description: string; covers(currency: string): boolean } | undefined;
  readonly mail: string | undefined;
  readonly verification: string | undefined;
  readonly screening: string | undefined;
}

export function liveCapabilities(input: LiveCapabilityInput): Capabilities {
  const line = (capability: string, detail: string | undefined): CapabilityLine => ({
    capability,
    live: detail !== undefined,
    detail: detail ?? 'not configured: not offered',
  });
  return {
    sandbox: false,
    prices: (currency) => input.prices?.covers(currency) ?? false,
    collects: (currency, rail) => input.collection.has(routeKey(currency, rail)),
    paysOut: (currency, rail) => input.payout.has(routeKey(currency, rail)),
    mail: input.mail !== undefined,
    verification: input.verification !== undefined,
    openBanking: false,
    screening: input.screening !== undefined,
    report: () => [
      line('prices', input.prices?.description),
      ...[...input.collection].map(([key, channel]) => line(`collection ${key}`, channel.description)),
      ...(input.collection.size === 0 ? [line('collection', undefined)] : []),
      ...[...input.payout].map(([key, channel]) => line(`payout ${key}`, channel.description)),
      ...(input.payout.size === 0 ? [line('payout', undefined)] : []),
      line('mail', input.mail),
      line('verification', input.verification),
      line('open banking', undefined),
      line('screening', input.screening),
    ],
  };
}

/** The refusal of a request that needs what is not connected: nothing has been stored or debited yet. */
export const notOffered = (what: string) =>
  externalService(`${what} is not available on this server: the brokerage has not connected it`);

export function requireCollection(capabilities: Capabilities, currency: string, rail: string): void {
  if (!capabilities.collects(currency, rail)) throw notOffered(`Collecting ${currency} on ${rail}`);
}

export function requirePayout(capabilities: Capabilities, currency: string, rail: string): void {
  if (!capabilities.paysOut(currency, rail)) throw notOffered(`Paying out ${currency} on ${rail}`);
}
