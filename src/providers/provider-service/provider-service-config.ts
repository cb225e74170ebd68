import { type Static, Type } from 'typebox';
import { currencyOf } from '../../catalogue/index.js';
import { limits } from '../../limits.js';
import { routeKey } from '../rails/routed-rails.js';

// The brokerage's provider service (issue #18, part 5): one signed HTTP contract for every rail the brokerage does
// not reach by bank file or wallet (PIX, SPEI, mobile money, crypto custody, ...). The operator names the service,
// the one secret both directions are signed with, and which currencies and rails it collects and pays out.

const RailRoute = Type.Object(
  {
    currency: Type.String({ pattern: '^[A-Z]{3,5}$', description: 'A currency of the catalogue' }),
    rail: Type.String({ pattern: '^[A-Z0-9_]{2,40}$', description: 'One of the currency’s rails in the catalogue' }),
  },
  { additionalProperties: false },
);

export const ProviderServiceConfig = Type.Object(
  {
    url: Type.String({
      pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$',
      maxLength: 500,
      description: 'The service’s base URL; https unless it is on this machine (127.0.0.1, ::1, localhost)',
    }),
    secret: Type.String({
      minLength: limits.providerServiceSecretLengthMin,
      maxLength: 256,
      description: 'The shared HMAC-SHA256 key: the server signs its requests with it and checks the callbacks with it',
    }),
    collects: Type.Array(RailRoute, { description: 'Payin rails the service gives deposit instructions for' }),
    pays: Type.Array(RailRoute, { description: 'Payout rails the service pays out on' }),
    timeoutMs: Type.Integer({
      minimum: limits.providerServiceTimeoutMinMs,
      maximum: limits.providerServiceTimeoutMaxMs,
      description: 'Per attempt, the answer included',
    }),
    maxAttempts: Type.Integer({
      minimum: 1,
      maximum: limits.providerServiceAttemptsMax,
      description: 'Attempts of one call, the first included (retried on network errors, timeouts and 5xx)',
    }),
  },
  { additionalProperties: false },
);
export type ProviderServiceConfig = Static<typeof ProviderServiceConfig>;

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * What is wrong with the section beyond its schema, each problem naming its entry: a rail the currency does not
 * collect (collects) or pay out on (pays) in the catalogue, an entry given twice, plain http to another machine.
 */
export function providerServiceProblems(config: ProviderServiceConfig): string[] {
  const problems: string[] = [];
  const url = URL.canParse(config.url) ? new URL(config.url) : undefined;
  if (url === undefined) problems.push(`providerService.url: ${config.url} is not a URL`);
  else if (url.protocol === 'http:' && !loopbackHosts.has(url.hostname)) {
    problems.push(`providerService.url: ${config.url} must use https (plain http only to this machine)`);
  }
  const check = (list: 'collects' | 'pays') => {
    const seen = new Set<string>();
    for (const [index, { currency, rail }] of config[list].entries()) {
      const where = `providerService.${list}[${index}] ${currency}/${rail}`;
      const entry = currencyOf(currency);
      const rails = list === 'collects' ? entry?.acceptedOriginRails : entry?.payoutRails;
      if (entry === undefined) problems.push(`${where}: ${currency} is not a currency of the catalogue`);
      else if (!rails?.includes(rail)) {
        const what = list === 'collects' ? 'a payin' : 'a payout';
        problems.push(`${where}: ${rail} is not ${what} rail of ${currency} (${rails?.join(', ') || 'none'})`);
      }
      if (seen.has(routeKey(currency, rail))) problems.push(`${where}: given twice`);
      seen.add(routeKey(currency, rail));
    }
  };
  check('collects');
  check('pays');
  return problems;
}
