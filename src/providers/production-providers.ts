import { currencies } from '../catalogue/currencies.js';
import type { Db } from '../storage/db.js';
import { type OwnBankAccounts, ownBankAccountsOf } from './bank-files/own-accounts.js';
import { type Capabilities, liveCapabilities } from './capabilities.js';
import { bankAccountCollection } from './collection/bank-account-collection.js';
import type { MailProvider, MailTransport } from './mail/mail-provider.js';
import { smtpTransport } from './mail/smtp-mail.js';
import { achPayoutFile } from './payout-files/ach-payout-file.js';
import { bankFilePayouts, type PayoutFileBuilder } from './payout-files/payout-file-builder.js';
import { sepaPayoutFile } from './payout-files/sepa-payout-file.js';
import type { PriceSourceLogger } from './prices/live-price-source.js';
import { noPriceSource } from './prices/no-price-source.js';
import type { PriceSource } from './prices/price-source.js';
import { createPriceSource } from './prices/price-source-config.js';
import { providerServiceCollection, providerServicePayouts } from './provider-service/channels.js';
import { providerServiceClient } from './provider-service/client.js';
import type { ProvidersFile } from './providers-file.js';
import type { RailProvider } from './rails/rail-provider.js';
import { type CollectionChannel, type PayoutChannel, routedRails, routeKey } from './rails/routed-rails.js';
import { listScreening } from './screening/list-screening.js';
import type { ScreeningProvider } from './screening/screening-provider.js';
import { unconnectedMail, unconnectedScreening, unconnectedVerification } from './unconnected.js';
import { manualReviewVerification } from './verification/manual-review.js';
import type { VerificationProvider } from './verification/verification-provider.js';
import { xpubWallets } from './wallets/wallet-config.js';

/** The secret the provider service's callbacks are signed with, and the routeKeys it may credit deposits of. */
export interface ProviderServiceCallbacks {
  readonly secret: string;
  readonly collects: ReadonlySet<string>;
}

export interface ProductionProviders {
  readonly capabilities: Capabilities;
  readonly rails: RailProvider;
  readonly prices: PriceSource;
  readonly mail: MailProvider;
  readonly verification: VerificationProvider;
  readonly screening: ScreeningProvider;
  readonly payoutFiles: ReadonlyMap<string, PayoutFileBuilder>;
  /** The accounts bank files may report on (bank-files/own-accounts.ts). */
  readonly ownBankAccounts: OwnBankAccounts;
  /** SMTP, when the file connects mail: the composition root queues messages for it (jobs/mail-delivery.ts). */
  readonly mailTransport: MailTransport | undefined;
  /** Starts and stops what runs in the background (the price feed's refresh). */
  readonly lifecycle: { start(): Promise<void>; stop(): void };
  /** What the provider service's callbacks to /provider/v1 are checked against; absent when none is connected. */
  readonly providerService?: ProviderServiceCallbacks;
}

const dayMs = 86_400_000;

/**
 * Production's providers, each from its section of the providers file and nothing else: a section left out is a
 * capability not offered (unconnected.ts), never a sandbox.
 */
export function productionProviders(
  file: ProvidersFile,
  deps: { readonly db: Db; readonly nowMs: () => number; readonly logger?: PriceSourceLogger },
) {
  const livePrices =
    file.prices &&
    createPriceSource(file.prices, { nowMs: deps.nowMs, ...(deps.logger ? { logger: deps.logger } : {}) });
  const prices: PriceSource = livePrices ?? noPriceSource;
  const collection = new Map<string, CollectionChannel>();
  for (const account of file.collectionAccounts ?? []) {
    collection.set(routeKey(account.currency, account.rail), bankAccountCollection(account));
  }
  const payout = new Map<string, PayoutChannel>();
  const payoutFiles = new Map<string, PayoutFileBuilder>();
  const bankPayouts = file.bankPayouts ?? {};
  const fileRails: [PayoutFileBuilder | undefined, string][] = [
    [bankPayouts.sepa && sepaPayoutFile(bankPayouts.sepa), `debtor account ${bankPayouts.sepa?.iban.slice(-4) ?? ''}`],
    [bankPayouts.ach && achPayoutFile(bankPayouts.ach), `originator ${bankPayouts.ach?.companyName ?? ''}`],
  ];
  for (const [builder, description] of fileRails) {
    if (builder === undefined) continue;
    payoutFiles.set(builder.rail, builder);
    payout.set(routeKey(builder.currency, builder.rail), bankFilePayouts(builder, description));
  }
  // Crypto deposits to the brokerage's own xpub-derived addresses, for every currency collected on a served network;
  // the provider service reports what arrives (checkProvidersFile requires it with wallets).
  const walletRoutes: string[] = [];
  if (file.wallets !== undefined && file.wallets.length > 0) {
    const wallets = xpubWallets(deps.db, file.wallets, { nowMs: deps.nowMs });
    const channel: CollectionChannel = {
      description: 'the brokerage’s own addresses (xpub), one per deposit; arrivals reported by the provider service',
      depositInstructions: (request) => wallets.depositInstructions(request),
    };
    for (const rail of wallets.networks()) {
      for (const currency of currencies) {
        if (!currency.acceptedOriginRails.includes(rail)) continue;
        collection.set(routeKey(currency.code, rail), channel);
        walletRoutes.push(routeKey(currency.code, rail));
      }
    }
  }
  const service = file.providerService;
  if (service !== undefined) {
    const client = providerServiceClient(service);
    for (const { currency, rail } of service.collects) {
      collection.set(routeKey(currency, rail), providerServiceCollection(client));
    }
    for (const { currency, rail } of service.pays) payout.set(routeKey(currency, rail), providerServicePayouts(client));
  }
  const screening = file.screening;
  const smtp = file.mail?.smtp;
  const mailTransport = smtp === undefined ? undefined : smtpTransport(smtp);
  const providers: ProductionProviders = {
    capabilities: liveCapabilities({
      collection,
      payout,
      prices:
        livePrices === undefined
          ? undefined
          : {
              description: `${file.prices?.source} ${livePrices.describe().url ?? ''}`.trim(),
              covers: (currency) => prices.covers(currency),
            },
      mail: smtp === undefined ? undefined : `SMTP ${smtp.host}:${smtp.port} (${smtp.security}), from the job queue`,
      verification: file.verification === undefined ? undefined : 'manual review by compliance staff',
      screening:
        screening === undefined
          ? undefined
          : `imported sanctions lists, refused when older than ${screening.maxListAgeDays} days`,
    }),
    rails: routedRails({ collection, payout }),
    payoutFiles,
    ownBankAccounts: ownBankAccountsOf(file),
    prices,
    lifecycle: {
      start: async () => livePrices?.start(),
      stop: () => livePrices?.stop(),
    },
    mail: unconnectedMail,
    mailTransport,
    verification: file.verification === undefined ? unconnectedVerification : manualReviewVerification,
    screening:
      screening === undefined
        ? unconnectedScreening
        : listScreening(deps.db, {
            maxListAge: { ms: screening.maxListAgeDays * dayMs, nowMs: deps.nowMs },
          }),
    ...(service === undefined
      ? {}
      : {
          providerService: {
            secret: service.secret,
            collects: new Set([
              ...service.collects.map(({ currency, rail }) => routeKey(currency, rail)),
              ...walletRoutes,
            ]),
          },
        }),
  };
  return providers;
}
