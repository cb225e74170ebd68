import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { type Static, Type } from 'typebox';
import { limits } from '../limits.js';
import { compileValidator } from '../platform/ajv.js';
import { AchOriginatorConfig, SepaDebtorConfig } from './bank-files/payout-file-config.js';
import { collectionAccountProblems } from './collection/bank-account-collection.js';
import { CollectionAccounts } from './collection/collection-accounts-config.js';
import { SmtpConfigSchema } from './mail/smtp-config.js';
import { PriceSourceOptions } from './prices/price-source-config.js';
import { ProviderServiceConfig, providerServiceProblems } from './provider-service/provider-service-config.js';
import { routeKey } from './rails/routed-rails.js';
import { checkWalletConfig, WalletConfigError, walletConfigSchema } from './wallets/wallet-config.js';
import { railsOf, walletNetworks } from './wallets/wallet-networks.js';

// The one place an operator connects production to the outside world (docs/operating.md): a JSON file named by
// BROKERAGE_PROVIDERS_FILE. Every capability left out is not offered (spec, Environments: production is real
// money, so nothing falls back to the sandbox). Unknown keys are refused by name, so a typo cannot silently leave a
// capability unconfigured.

export const ProvidersFile = Type.Object(
  {
    prices: Type.Optional(PriceSourceOptions),
    collectionAccounts: Type.Optional(CollectionAccounts),
    bankPayouts: Type.Optional(
      Type.Object(
        {
          sepa: Type.Optional(SepaDebtorConfig),
          ach: Type.Optional(AchOriginatorConfig),
        },
        { additionalProperties: false, description: 'Payouts by bank file: pain.001 (SEPA) and NACHA (ACH)' },
      ),
    ),
    mail: Type.Optional(
      Type.Object(
        { smtp: SmtpConfigSchema },
        { additionalProperties: false, description: 'Customer mail (the one-time codes), sent from the job queue' },
      ),
    ),
    verification: Type.Optional(
      Type.Object(
        {
          provider: Type.Literal('manual-review', {
            description: "The brokerage's compliance staff review every capture (operator API)",
          }),
        },
        { additionalProperties: false },
      ),
    ),
    providerService: Type.Optional(ProviderServiceConfig),
    wallets: Type.Optional(walletConfigSchema),
    screening: Type.Optional(
      Type.Object(
        {
          maxListAgeDays: Type.Integer({
            minimum: 1,
            maximum: limits.sanctionsListAgeMaxDays,
            description: 'A sanctions list imported longer ago makes screenings answer 503',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ProvidersFile = Static<typeof ProvidersFile>;

export class ProvidersFileError extends Error {
  constructor(
    readonly path: string,
    readonly problems: readonly string[],
  ) {
    super(`providers file ${path}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

// Compiled when a file is first checked (production's start), not by every process that imports the error class.
// The server's one Ajv configuration (platform/ajv.ts): a JSON file, so nothing coerced, with every problem reported.
let compiled: ValidateFunction | undefined;
const validator = (): ValidateFunction => {
  compiled ??= compileValidator(ProvidersFile, 'json', 'every');
  return compiled;
};

/** Reads and checks the providers file; every problem is reported at once, each naming its key. */
export function loadProvidersFile(path: string): ProvidersFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ProvidersFileError(path, [error instanceof Error ? error.message : String(error)]);
  }
  return checkProvidersFile(path, parsed);
}

export function checkProvidersFile(path: string, parsed: unknown): ProvidersFile {
  const validate = validator();
  if (!validate(parsed)) {
    const problems = (validate.errors ?? []).map((error) => {
      const at = error.instancePath === '' ? 'the top level' : error.instancePath;
      if (error.keyword === 'additionalProperties') {
        return `unknown key "${String(error.params.additionalProperty)}" at ${at}`;
      }
      return `${at}: ${error.message ?? 'is invalid'}`;
    });
    throw new ProvidersFileError(path, [...new Set(problems)]);
  }
  const file = parsed as ProvidersFile;
  const problems = (file.collectionAccounts ?? []).flatMap(collectionAccountProblems);
  const seen = new Set<string>();
  for (const account of file.collectionAccounts ?? []) {
    const key = `${account.currency}/${account.rail}`;
    if (seen.has(key)) problems.push(`collectionAccounts: ${key} is configured twice`);
    seen.add(key);
  }
  if (file.providerService !== undefined) {
    problems.push(...providerServiceProblems(file.providerService));
    const accounts = new Set((file.collectionAccounts ?? []).map((a) => routeKey(a.currency, a.rail)));
    for (const { currency, rail } of file.providerService.collects) {
      if (accounts.has(routeKey(currency, rail))) {
        problems.push(`providerService.collects ${currency}/${rail}: also a collection account; connect it once`);
      }
    }
    const files = new Set([
      ...(file.bankPayouts?.sepa ? [routeKey('EUR', 'SEPA')] : []),
      ...(file.bankPayouts?.ach ? [routeKey('USD', 'ACH_US')] : []),
    ]);
    for (const { currency, rail } of file.providerService.pays) {
      if (files.has(routeKey(currency, rail))) {
        problems.push(
          `providerService.pays ${currency}/${rail}: also paid by bank file (bankPayouts); connect it once`,
        );
      }
    }
  }
  if (file.wallets !== undefined) {
    try {
      checkWalletConfig(file.wallets);
    } catch (error) {
      if (!(error instanceof WalletConfigError)) throw error;
      problems.push(error.message);
    }
    // The provider service watches the chains and reports what arrives at the recorded addresses.
    if (file.providerService === undefined && file.wallets.length > 0) {
      problems.push('wallets: crypto deposits are credited by the provider service; connect providerService too');
    }
    const walletRails = new Set(
      file.wallets.flatMap((entry) => {
        const served = walletNetworks[entry.network];
        return served === undefined ? [] : railsOf(served.network);
      }),
    );
    for (const { currency, rail } of file.providerService?.collects ?? []) {
      if (walletRails.has(rail))
        problems.push(`providerService.collects ${currency}/${rail}: also a wallet; connect it once`);
    }
  }
  if (problems.length > 0) throw new ProvidersFileError(path, problems);
  return file;
}
