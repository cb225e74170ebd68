import type { Config } from './config.js';
import type { WebhookDispatcher } from './events/dispatcher.js';
import type { JobRunner } from './jobs/runner.js';
import type { PayoutSubjects } from './payouts/outcomes.js';
import type { Clock } from './platform/clock.js';
import type { RequestLogWriter } from './platform/request-log/writer.js';
import type { SecretsKeyring } from './platform/secrets/keyring.js';
import type { TokenService } from './platform/tokens.js';
import type { OwnBankAccounts } from './providers/bank-files/own-accounts.js';
import type { Capabilities } from './providers/capabilities.js';
import type { CorridorProvider } from './providers/corridors/corridor-provider.js';
import type { MailProvider } from './providers/mail/mail-provider.js';
import type { PayoutFileBuilder } from './providers/payout-files/payout-file-builder.js';
import type { PriceSource } from './providers/prices/price-source.js';
import type { ProviderServiceCallbacks } from './providers/production-providers.js';
import type { RailProvider } from './providers/rails/rail-provider.js';
import type { ScreeningProvider } from './providers/screening/screening-provider.js';
import type { VerificationProvider } from './providers/verification/verification-provider.js';
import type { Db } from './storage/db.js';
import type { WorkspaceCache } from './workspaces/cache.js';

/** Everything a route or service needs, passed explicitly (no container, no globals). */
export interface AppContext {
  readonly config: Config;
  readonly db: Db;
  readonly clock: Clock;
  readonly tokens: TokenService;
  readonly workspaces: WorkspaceCache;
  readonly adminToken: string;
  /** Seals stored secrets such as webhook signing secrets (SECRETS_KEY) and opens them (every key of the ring). */
  readonly secretsKeyring: SecretsKeyring;
  /**
   * The banking accounts' fingerprint key, stored sealed in server_keys so that fingerprints stay the same across a
   * rotation of SECRETS_KEY; read and opened on first use (banking-accounts/instrument.ts).
   */
  readonly bankingFingerprintKey: () => Promise<Buffer>;
  readonly prices: PriceSource;
  readonly corridors: CorridorProvider;
  readonly rails: RailProvider;
  /** What is live: everything on stage; what the providers file connects in production. */
  readonly capabilities: Capabilities;
  /** Production: the payout file of each bank-file rail (SEPA's pain.001, ACH's NACHA), by rail. */
  readonly payoutFiles: ReadonlyMap<string, PayoutFileBuilder>;
  /**
   * The brokerage's own bank accounts as the providers file configures them: the only accounts a bank file may
   * report on (none on stage, whose deposits collect through the sandbox).
   */
  readonly ownBankAccounts: OwnBankAccounts;
  /** Where a payout outcome reported by a bank file or a provider is applied (payouts/outcomes.ts). */
  readonly payoutSubjects: PayoutSubjects;
  /** Identity checks behind the hosted verification page. */
  readonly verification: VerificationProvider;
  /** Sanctions screening of people and businesses (POST /v1/aml-screenings). */
  readonly screening: ScreeningProvider;
  /** Customer mail (the verification's one-time codes). */
  readonly mail: MailProvider;
  /** What connected providers run in the background (a live price feed's refresh); main starts and stops it. */
  readonly providers: { start(): Promise<void>; stop(): void };
  /**
   * The brokerage's provider service, when production connects one: its callbacks to /provider/v1 are checked with
   * its secret, and it credits only the deposits of the rails it collects. Absent on stage and in production without
   * one (the callback routes then answer 503).
   */
  readonly providerService?: ProviderServiceCallbacks | undefined;
  /** Durable background work; main starts it, tests call runDue(). */
  readonly jobs: JobRunner;
  readonly webhooks: WebhookDispatcher;
  /** The partner request log's writer (platform/request-log/): the /v1 hook appends, the app's close flushes. */
  readonly requestLog: RequestLogWriter;
}
