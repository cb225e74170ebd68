import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './app-context.js';
import { checkCatalogue } from './catalogue/index.js';
import type { Config } from './config.js';
import { WebhookDispatcher } from './events/dispatcher.js';
import { type JobHandler, JobRunner } from './jobs/runner.js';
import { limits } from './limits.js';
import { type Clock, systemClock } from './platform/clock.js';
import { createLogger } from './platform/logger.js';
import { TokenService } from './platform/tokens.js';
import { catalogueCorridors } from './providers/corridors/catalogue-corridors.js';
import type { CorridorProvider } from './providers/corridors/corridor-provider.js';
import type { MailProvider } from './providers/mail/mail-provider.js';
import { sandboxMailbox } from './providers/mail/sandbox-mailbox.js';
import type { PriceSource } from './providers/prices/price-source.js';
import { referenceTablePrices } from './providers/prices/reference-table.js';
import type { RailProvider } from './providers/rails/rail-provider.js';
import { sandboxRails } from './providers/rails/sandbox-rails.js';
import { listScreening } from './providers/screening/list-screening.js';
import { sandboxEntries } from './providers/screening/sandbox-list.js';
import type { ScreeningProvider } from './providers/screening/screening-provider.js';
import { manualReviewVerification } from './providers/verification/manual-review.js';
import { sandboxVerification } from './providers/verification/sandbox-verification.js';
import type { VerificationProvider } from './providers/verification/verification-provider.js';
import { depositInboundHandler, depositInboundJob } from './resources/deposits/inbound.js';
import { depositMethodActivateHandler, depositMethodActivateJob } from './resources/deposits/methods.js';
import { verificationCheckHandlers } from './resources/kyc/checks.js';
import { openBankingJobHandlers } from './resources/openbanking/settlement.js';
import { orderJobHandlers } from './resources/orders/legs.js';
import { pendingRefundHandler, pendingRefundJob } from './resources/pending-payments/service.js';
import {
  withdrawalPayoutHandler,
  withdrawalPayoutJob,
  withdrawalReturnHandler,
  withdrawalReturnJob,
} from './resources/withdrawals/payout.js';
import type { Db } from './storage/db.js';
import { sharedKey } from './storage/server-keys.js';
import { WorkspaceCache } from './workspaces/cache.js';

export interface ContextOptions {
  readonly adminToken: string;
  readonly secretsKey: Buffer;
  readonly clock?: Clock;
  readonly prices?: PriceSource;
  readonly corridors?: CorridorProvider;
  readonly rails?: RailProvider;
  readonly verification?: VerificationProvider;
  readonly mail?: MailProvider;
  readonly screening?: ScreeningProvider;
  readonly logger?: FastifyBaseLogger;
  /** Job handlers beside the built-in ones: a provider's own jobs, such as queued mail's delivery (jobs/mail-delivery.ts). */
  readonly extraJobHandlers?: readonly (readonly [string, JobHandler])[];
}

/** Wires the context every route receives; the sandbox providers are the defaults. */
export async function createContext(config: Config, db: Db, options: ContextOptions): Promise<AppContext> {
  checkCatalogue();
  const clock = options.clock ?? systemClock;
  const signingKey = await sharedKey(db, 'token_signing_key', 32);
  const logger = options.logger ?? createLogger(config.logLevel);
  const rails = options.rails ?? sandboxRails;
  const verification =
    options.verification ?? (config.brokerageEnv === 'production' ? manualReviewVerification : sandboxVerification);
  const handlers = new Map<string, JobHandler>([
    [depositInboundJob, depositInboundHandler(clock)],
    [depositMethodActivateJob, depositMethodActivateHandler(clock, rails, db)],
    [pendingRefundJob, pendingRefundHandler(clock, rails, db)],
    [withdrawalPayoutJob, withdrawalPayoutHandler({ clock, rails, config, db })],
    [withdrawalReturnJob, withdrawalReturnHandler({ clock })],
    ...orderJobHandlers({ clock, rails, config, db }),
    ...openBankingJobHandlers({ clock, rails, config, db }),
    ...verificationCheckHandlers({ clock, verification, config, db }),
    ...(options.extraJobHandlers ?? []),
  ]);
  return {
    config,
    db,
    clock,
    jobs: new JobRunner(db, clock, handlers, logger),
    webhooks: new WebhookDispatcher(db, clock, options.secretsKey, logger, {
      allowInsecure: config.webhookAllowInsecure,
      pollIntervalMs: 1_000,
      leaseMs: limits.webhookLeaseMs,
      timeoutMs: limits.webhookTimeoutMs,
      batchSize: 50,
      maxInFlight: limits.webhookSendsInFlightMax,
    }),
    rails,
    verification,
    mail: options.mail ?? sandboxMailbox,
    // Stage screens the built-in sandbox list too, whose test names give every status (sandbox-list.ts).
    screening: options.screening ?? listScreening(db, config.brokerageEnv === 'stage' ? { sandboxEntries } : {}),
    tokens: new TokenService(signingKey),
    workspaces: new WorkspaceCache(db, () => clock.nowMs()),
    adminToken: options.adminToken,
    secretsKey: options.secretsKey,
    prices: options.prices ?? referenceTablePrices,
    corridors: options.corridors ?? catalogueCorridors,
  };
}
