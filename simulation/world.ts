import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import type { AppContext } from '../src/app-context.js';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/context.js';
import { SecretsKeyring } from '../src/platform/secrets/keyring.js';
import { noPriceSource } from '../src/providers/prices/no-price-source.js';
import { referenceTablePrices } from '../src/providers/prices/reference-table.js';
import { sandboxRails } from '../src/providers/rails/sandbox-rails.js';
import type { Db } from '../src/storage/db.js';
import { FaultyPrices } from './faulty-prices.js';
import { FaultyRails } from './faulty-rails.js';
import { FaultyStore } from './faulty-store.js';
import { productionRails, SimProviderService, simProvidersFile } from './production-setting.js';
import { Receivers } from './receivers.js';
import type { SimClock } from './sim-clock.js';

// The application under simulation: one real database for the run, and on it one app instance at a time (the
// composition root's own createContext and buildApp, as main.ts and the tests build it), each on its own
// FaultyStore, FaultyRails and FaultyPrices. A crash throws the instance away, cuts it off from the database and builds the next
// on the same database, as a process restarted by its supervisor would start.

export const simAdminToken = 'simulation-admin-token-0123456789';
export const simSecretsKeyring = SecretsKeyring.of(Buffer.alloc(32, 11));

/**
 * Stage, with the write limit and read throttle out of the way (one partner drives thousands of requests in little
 * simulated time), webhooks allowed to the receivers' plain-http IP literals, and every retention longer than any
 * sequence, so that housekeeping never prunes what the checks read.
 */
export const simEnv: Record<string, string> = {
  BROKERAGE_ENV: 'stage',
  LOG_LEVEL: 'silent',
  WEBHOOK_ALLOW_INSECURE: '1',
  WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
  READ_THROTTLE_PER_SECOND: '1000000',
  EVENT_RETENTION_DAYS: '3650',
  JOB_RETENTION_DAYS: '3650',
  IDEMPOTENCY_KEY_RETENTION_HOURS: '87600',
  QUOTE_RETENTION_DAYS: '3650',
  WITHDRAWAL_RETURN_WINDOW_DAYS: '3650',
  // Housekeeping rests this long, in real time, between its batches: nothing to rest for here.
  HOUSEKEEPING_BATCH_PAUSE_MS: '0',
  // The request log flushes on a real-time timer, between whatever statements the run counts to place its faults: a
  // seed would not repeat its run (docs/decisions/storage-and-reliability.md, "The partner request log (issue #30)").
  REQUEST_LOG_ENABLED: '0',
};

/** Which environment the app runs as: the stage sandbox (the default), or production with its real providers' paths. */
export type Environment = 'stage' | 'production';

/** Production (`--env production`): what config.ts requires of it, the rest as on the stage. */
export const simProductionEnv: Record<string, string> = {
  ...simEnv,
  BROKERAGE_ENV: 'production',
  ADMIN_TOKEN: simAdminToken,
  SECRETS_KEY: '0b'.repeat(32),
};

export interface Instance {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly store: FaultyStore;
  readonly rails: FaultyRails;
  readonly prices: FaultyPrices;
}

export class World {
  private current: Instance | undefined;
  /** App instances built so far in this world (1 + crashes). */
  instancesBuilt = 0;
  /** Production's provider service (in memory): an outside service, so it outlives the app's crashes. */
  readonly provider = new SimProviderService();

  constructor(
    readonly db: Db,
    readonly clock: SimClock,
    readonly receivers: Receivers = new Receivers(),
    readonly environment: Environment = 'stage',
  ) {}

  get instance(): Instance {
    if (this.current === undefined) throw new Error('no app instance: call start() first');
    return this.current;
  }

  async start(): Promise<void> {
    this.current = await this.build();
  }

  /** The current instance dies where it stands; a new one is built on the same database. */
  async crash(): Promise<void> {
    if (this.current) this.current.store.dead = true;
    this.current = await this.build();
  }

  private async build(): Promise<Instance> {
    const store = new FaultyStore(this.db);
    const production = this.environment === 'production';
    const rails = new FaultyRails(production ? productionRails(store, this.clock, this.provider) : sandboxRails);
    // Production prices nothing unless a price source is connected, and the simulator connects none.
    const prices = new FaultyPrices(production ? noPriceSource : referenceTablePrices);
    const logger = pino({ level: 'silent' });
    const ctx = await createContext(loadConfig(production ? simProductionEnv : simEnv), store, {
      adminToken: simAdminToken,
      secretsKeyring: simSecretsKeyring,
      ...(production ? { providersFile: simProvidersFile } : {}),
      clock: this.clock,
      rails,
      prices,
      logger,
      webhookTransport: { post: this.receivers.post, random: () => 0.5 },
    });
    const app = await buildApp(ctx, { logger: false });
    await app.ready();
    this.instancesBuilt += 1;
    return { app, ctx, store, rails, prices };
  }
}
