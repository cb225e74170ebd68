import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './app-context.js';
import { checkCatalogue } from './catalogue/index.js';
import type { Config } from './config.js';
import { type DispatcherOptions, WebhookDispatcher } from './events/dispatcher.js';
import { eventRetention } from './events/outbox.js';
import { housekeepingHandler, startHousekeeping } from './jobs/housekeeping/job.js';
import type { Horizons, Target } from './jobs/housekeeping/targets.js';
import { queuedMail } from './jobs/mail-delivery.js';
import { jobRetention } from './jobs/queue.js';
import { defaultJobRunnerOptions, type JobHandler, JobRunner } from './jobs/runner.js';
import { limits } from './limits.js';
import type { PayoutSubjects } from './payouts/outcomes.js';
import { auditBeforeCommit } from './platform/audit/record.js';
import { type Clock, systemClock } from './platform/clock.js';
import { idempotencyKeyRetention } from './platform/idempotency-retention.js';
import { createLogger } from './platform/logger.js';
import { requestLogRetention } from './platform/request-log/repo.js';
import { RequestLogWriter, requestLogWriterDefaults } from './platform/request-log/writer.js';
import type { SecretsKeyring } from './platform/secrets/keyring.js';
import { TokenService } from './platform/tokens.js';
import { noOwnBankAccounts } from './providers/bank-files/own-accounts.js';
import { sandboxCapabilities } from './providers/capabilities.js';
import { catalogueCorridors } from './providers/corridors/catalogue-corridors.js';
import type { CorridorProvider } from './providers/corridors/corridor-provider.js';
import type { MailProvider } from './providers/mail/mail-provider.js';
import { sandboxMailbox } from './providers/mail/sandbox-mailbox.js';
import type { PriceSource } from './providers/prices/price-source.js';
import { referenceTablePrices } from './providers/prices/reference-table.js';
import type { ProductionProviders } from './providers/production-providers.js';
import { loadProvidersFile, type ProvidersFile } from './providers/providers-file.js';
import type { RailProvider } from './providers/rails/rail-provider.js';
import { sandboxRails } from './providers/rails/sandbox-rails.js';
import { listScreening } from './providers/screening/list-screening.js';
import { sandboxEntries } from './providers/screening/sandbox-list.js';
import type { ScreeningProvider } from './providers/screening/screening-provider.js';
import { sandboxVerification } from './providers/verification/sandbox-verification.js';
import type { VerificationProvider } from './providers/verification/verification-provider.js';
import { fingerprintKeyLoader, storeFingerprintKeyIfAbsent } from './resources/banking-accounts/instrument.js';
import { depositInboundHandler, depositInboundJob } from './resources/deposits/inbound.js';
import { depositMethodActivateHandler, depositMethodActivateJob } from './resources/deposits/methods.js';
import { verificationCheckHandlers } from './resources/kyc/checks.js';
import { kycSessionRetention } from './resources/kyc/repo.js';
import { openBankingSessionRetention } from './resources/openbanking/repo.js';
import { openBankingJobHandlers } from './resources/openbanking/settlement.js';
import { foldOrderDayCounts } from './resources/orders/day-counts.js';
import { orderJobHandlers, orderPayoutSubject } from './resources/orders/legs.js';
import { orderKeyHold } from './resources/orders/repo.js';
import { pendingRefundHandler, pendingRefundJob, pendingRefundSubject } from './resources/pending-payments/service.js';
import { quoteRetention } from './resources/quotes/repo.js';
import {
  withdrawalPayoutHandler,
  withdrawalPayoutJob,
  withdrawalPayoutSubject,
  withdrawalReturnHandler,
  withdrawalReturnJob,
} from './resources/withdrawals/payout.js';
import { withdrawalKeyHold } from './resources/withdrawals/repo.js';
import { type Db, withBeforeCommit } from './storage/db.js';
import { WorkspaceCache } from './workspaces/cache.js';

export interface ContextOptions {
  readonly adminToken: string;
  readonly secretsKeyring: SecretsKeyring;
  readonly clock?: Clock;
  readonly prices?: PriceSource;
  readonly corridors?: CorridorProvider;
  readonly rails?: RailProvider;
  readonly verification?: VerificationProvider;
  readonly mail?: MailProvider;
  readonly screening?: ScreeningProvider;
  readonly logger?: FastifyBaseLogger;
  /** Production: the providers file's content (tests); otherwise it is read from BROKERAGE_PROVIDERS_FILE. */
  readonly providersFile?: ProvidersFile;
  /** Job handlers beside the built-in ones: a provider's own jobs, such as queued mail's delivery (jobs/mail-delivery.ts). */
  readonly extraJobHandlers?: readonly (readonly [string, JobHandler])[];
  /** The webhook transport and the retries' jitter, replaced by a simulation (simulation/receivers.ts). */
  readonly webhookTransport?: Pick<DispatcherOptions, 'post' | 'random'>;
}

/**
 * What housekeeping prunes (jobs/housekeeping/): each table's owner's prune statement, an Idempotency-Key held while
 * the order or withdrawal it created says so. In this order, which a run's resume position counts in: nothing
 * removed later depends on a row removed earlier, and none the other way round.
 */
export const retentionTargets: readonly Target[] = [
  eventRetention,
  jobRetention,
  idempotencyKeyRetention<Horizons>([orderKeyHold, withdrawalKeyHold]),
  kycSessionRetention,
  openBankingSessionRetention,
  quoteRetention,
  requestLogRetention,
];

/**
 * Production's providers from the providers file; undefined on stage, whose providers are the sandboxes. An option
 * given explicitly (tests) replaces the one the file would give. Their modules (SMTP, the price feeds' XML, the
 * wallets' key derivation) are loaded only in production.
 */
async function connectedProviders(
  config: Config,
  db: Db,
  clock: Clock,
  logger: FastifyBaseLogger,
  options: ContextOptions,
): Promise<ProductionProviders | undefined> {
  if (config.brokerageEnv !== 'production') return undefined;
  const file = options.providersFile ?? (config.providersFile ? loadProvidersFile(config.providersFile) : {});
  const { productionProviders } = await import('./providers/production-providers.js');
  return productionProviders(file, { db, nowMs: () => clock.nowMs(), logger });
}

/** Wires the context every route receives: the sandbox providers on stage, the connected ones in production. */
export async function createContext(config: Config, store: Db, options: ContextOptions): Promise<AppContext> {
  checkCatalogue();
  const clock = options.clock ?? systemClock;
  // Every transaction of an operator's change writes its audit row before COMMIT (platform/audit/record.ts).
  const db = withBeforeCommit(store, auditBeforeCommit(clock));
  const tokens = await TokenService.open(db, clock.nowMs());
  await storeFingerprintKeyIfAbsent(db, options.secretsKeyring);
  const logger = options.logger ?? createLogger(config.logLevel);
  const live = await connectedProviders(config, db, clock, logger, options);
  const rails = options.rails ?? live?.rails ?? sandboxRails;
  const verification = options.verification ?? live?.verification ?? sandboxVerification;
  const capabilities = live?.capabilities ?? sandboxCapabilities;
  const payoutSubjects: PayoutSubjects = {
    withdrawal: withdrawalPayoutSubject(clock, config),
    order: orderPayoutSubject({ clock, config, capabilities, secretsKeyring: options.secretsKeyring }),
    refund: pendingRefundSubject(clock),
  };
  // Production mail leaves through SMTP from the job queue, sealed under SECRETS_KEY (jobs/mail-delivery.ts).
  const queued =
    live?.mailTransport === undefined
      ? undefined
      : queuedMail(live.mailTransport, { secretsKeyring: options.secretsKeyring, log: logger });
  const handlers = new Map<string, JobHandler>([
    [depositInboundJob, depositInboundHandler(clock)],
    [depositMethodActivateJob, depositMethodActivateHandler(clock, rails, db, config)],
    [pendingRefundJob, pendingRefundHandler(clock, rails, db, options.secretsKeyring)],
    [
      withdrawalPayoutJob,
      withdrawalPayoutHandler({ clock, rails, config, db, secretsKeyring: options.secretsKeyring }),
    ],
    [withdrawalReturnJob, withdrawalReturnHandler(clock, config)],
    ...orderJobHandlers({ clock, rails, config, db, capabilities, secretsKeyring: options.secretsKeyring }),
    ...openBankingJobHandlers({ clock, config, capabilities, secretsKeyring: options.secretsKeyring }),
    ...verificationCheckHandlers({ clock, verification, config, db }),
    ...(queued?.jobHandlers ?? []),
    ...(options.extraJobHandlers ?? []),
    housekeepingHandler({ db, clock, config, targets: retentionTargets }),
  ]);
  await startHousekeeping(db, clock, config);
  return {
    config,
    db,
    clock,
    jobs: new JobRunner(db, clock, handlers, logger, defaultJobRunnerOptions, [() => foldOrderDayCounts(db)]),
    webhooks: new WebhookDispatcher(db, clock, options.secretsKeyring, logger, {
      allowInsecure: config.webhookAllowInsecure,
      pollIntervalMs: limits.webhookPollIntervalMs,
      leaseMs: limits.webhookLeaseMs,
      timeoutMs: limits.webhookTimeoutMs,
      batchSize: limits.webhookSendBatchSize,
      maxInFlight: limits.webhookSendsInFlightMax,
      disableAfterMs: config.webhookDisableAfterHours * 3_600_000,
      ...options.webhookTransport,
    }),
    rails,
    capabilities,
    payoutFiles: live?.payoutFiles ?? new Map(),
    ownBankAccounts: live?.ownBankAccounts ?? noOwnBankAccounts,
    providers: live?.lifecycle ?? { start: async () => {}, stop: () => {} },
    providerService: live?.providerService,
    payoutSubjects,
    verification,
    mail: options.mail ?? queued?.provider ?? live?.mail ?? sandboxMailbox,
    // Stage screens the built-in sandbox list too, whose test names give every status (sandbox-list.ts).
    screening: options.screening ?? live?.screening ?? listScreening(db, { sandboxEntries }),
    tokens,
    workspaces: new WorkspaceCache(db, () => clock.nowMs()),
    adminToken: options.adminToken,
    secretsKeyring: options.secretsKeyring,
    bankingFingerprintKey: fingerprintKeyLoader(db, options.secretsKeyring),
    prices: options.prices ?? live?.prices ?? referenceTablePrices,
    corridors: options.corridors ?? catalogueCorridors,
    requestLog: new RequestLogWriter(db, logger, { ...requestLogWriterDefaults, enabled: config.requestLogEnabled }),
  };
}
