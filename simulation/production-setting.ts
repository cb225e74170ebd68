import { productionProviders } from '../src/providers/production-providers.js';
import { providerServiceCollection, providerServicePayouts } from '../src/providers/provider-service/channels.js';
import { providerServiceClient } from '../src/providers/provider-service/client.js';
import type { ProviderServiceConfig } from '../src/providers/provider-service/provider-service-config.js';
import type { ProvidersFile } from '../src/providers/providers-file.js';
import type { RailProvider } from '../src/providers/rails/rail-provider.js';
import { routedRails, routeKey } from '../src/providers/rails/routed-rails.js';
import type { Db } from '../src/storage/db.js';
import { bankProviders } from '../test/support/bank-providers.js';
import type { SimClock } from './sim-clock.js';

// Production as the simulator runs it (docs/reliability/simulator.md, "Production mode"): the providers the
// production tests connect (test/production/bank-files.test.ts and provider-service.test.ts), EUR collected into a
// bank account under RF references and paid out in pain.001 batches, GBP collected and paid out through the
// provider service, whose side runs in memory here, as the webhook receivers do: it gives instructions and accepts
// payouts at once, without sockets, so a run follows its seed. The provider's callbacks and the bank's files are
// the operations' (operations-provider.ts, operations-bank-files.ts).

/** The secret the provider service and the server sign with, both ways. */
export const providerSecret = 'simulation-provider-secret-0123456789abcdef';

const providerService: ProviderServiceConfig = {
  // Never dialled: the simulation's client sends through SimProviderService.fetch.
  url: 'http://127.0.0.1:9/provider',
  secret: providerSecret,
  collects: [{ currency: 'GBP', rail: 'GBP_BANK_TRANSFER' }],
  pays: [{ currency: 'GBP', rail: 'GBP_BANK_TRANSFER' }],
  timeoutMs: 2_000,
  maxAttempts: 2,
};

/** The bank-file test's banks (EUR by SEPA, USD by ACH, manual identity review) and the provider-service test's GBP. */
export const simProvidersFile: ProvidersFile = { ...bankProviders, providerService };

/** A GBP payout of an amount whose pence are .91 is refused by the provider at once (422), as a closed account is. */
const refusedPence = '.91';

interface AcceptedPayout {
  readonly payoutId: string;
  readonly currency: string;
  readonly amount: string;
}

/**
 * The provider service's side, in memory: idempotent by its Idempotency-Key as the protocol asks
 * (examples/reference-provider/server.mjs answers the same), and it outlives the app's crashes, as an outside
 * service does. Its callbacks are sent by the operations, from what it accepted.
 */
export class SimProviderService {
  readonly payouts = new Map<string, AcceptedPayout>();

  fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input)).pathname.replace(/^\/provider/, '');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, string | undefined>;
    const answer = (status: number, value: object) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/deposit-instructions') {
      return answer(200, {
        depositType: 'GBP_BANK_TRANSFER',
        accountHolder: 'Simulated Provider Client Money',
        accountNumber: '40474784',
        sortCode: '40-47-84',
        bankName: 'Simulated Provider Bank',
        ...(body.amount === undefined ? {} : { amount: Number(body.amount) }),
        referenceCode: `RP${body.depositId}`,
      });
    }
    if (path === '/payouts') {
      const payoutId = String(body.payoutId);
      if (String(body.amount).endsWith(refusedPence)) {
        return answer(422, { outcome: 'rejected', reason: 'account closed' });
      }
      if (!this.payouts.has(payoutId)) {
        this.payouts.set(payoutId, { payoutId, currency: String(body.currency), amount: String(body.amount) });
      }
      return answer(202, { payoutId, status: 'accepted' });
    }
    return answer(404, { error: `no ${path} here` });
  };
}

/**
 * Production's rails as productionProviders routes them (the file's bank accounts and payout files), with the
 * provider service's routes through the real protocol client over the in-memory service: the same client, retries
 * and answer checks, without a socket, a real sleep or real randomness.
 */
export function productionRails(db: Db, clock: SimClock, service: SimProviderService): RailProvider {
  const { providerService: config, ...banks } = simProvidersFile;
  const bankRails = productionProviders(banks, { db, nowMs: () => clock.nowMs() }).rails;
  if (config === undefined) return bankRails;
  const client = providerServiceClient(config, {
    fetch: service.fetch,
    sleep: async () => {},
    random: () => 0.5,
    nowMs: () => clock.nowMs(),
  });
  const collection = new Map(
    config.collects.map((r) => [routeKey(r.currency, r.rail), providerServiceCollection(client)]),
  );
  const payout = new Map(config.pays.map((r) => [routeKey(r.currency, r.rail), providerServicePayouts(client)]));
  const serviceRails = routedRails({ collection, payout });
  return {
    depositInstructions: (request) =>
      (collection.has(routeKey(request.currency, request.rail)) ? serviceRails : bankRails).depositInstructions(
        request,
      ),
    payout: (request) =>
      (payout.has(routeKey(request.currency, request.rail)) ? serviceRails : bankRails).payout(request),
  };
}
