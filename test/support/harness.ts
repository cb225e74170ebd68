// The shared test harness: one migrated database for the whole run (PGlite in memory, or the PostgreSQL server of
// DATABASE_URL), and a real app built on it per test file. Tests isolate themselves by creating their own
// workspace, never by truncating tables.

import type { FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/app-context.js';
import { type LogLevel, loadConfig } from '../../src/config.js';
import { type ContextOptions, createContext } from '../../src/context.js';
import { limits } from '../../src/limits.js';
import type { Clock } from '../../src/platform/clock.js';
import { createLogger } from '../../src/platform/logger.js';
import { SecretsKeyring } from '../../src/platform/secrets/keyring.js';
import type { CorridorProvider } from '../../src/providers/corridors/corridor-provider.js';
import type { MailProvider } from '../../src/providers/mail/mail-provider.js';
import type { PriceSource } from '../../src/providers/prices/price-source.js';
import type { ProvidersFile } from '../../src/providers/providers-file.js';
import type { VerificationProvider } from '../../src/providers/verification/verification-provider.js';
import type { Db } from '../../src/storage/db.js';
import { migrate } from '../../src/storage/migrate.js';
import { openPglite } from '../../src/storage/pglite.js';
import { openPostgres } from '../../src/storage/postgres.js';
import { checkAnswersAgainstDocument } from './openapi-conformance.js';
import { testSecretsKey } from './test-secrets.js';

export const adminToken = 'test-admin-token-0123456789';
/** What a production configuration must carry beyond BROKERAGE_ENV. */
export const productionEnv = { BROKERAGE_ENV: 'production', ADMIN_TOKEN: 'x'.repeat(20), SECRETS_KEY: 'a'.repeat(64) };
/** The SECRETS_KEY of every test app unless a test gives its own ring. */
export const testSecretsKeyring = SecretsKeyring.of(testSecretsKey);

/** The driver's bounds in tests: the defaults, as a server process would run. */
const testPostgresBounds = {
  acquireTimeoutMs: limits.databaseAcquireTimeoutDefaultMs,
  statementTimeoutMs: limits.databaseStatementTimeoutDefaultMs,
  idleInTransactionTimeoutMs: limits.databaseIdleInTransactionTimeoutDefaultMs,
};

let shared: Promise<Db> | undefined;

/** The run's one database, opened and migrated on first use. */
export function testDb(): Promise<Db> {
  shared ??= (async () => {
    const url = process.env.DATABASE_URL;
    const db = url
      ? await openPostgres({ ...testPostgresBounds, url, maxConnections: 10 })
      : await openPglite(undefined);
    await migrate(db);
    return db;
  })();
  return shared;
}

/** A clock tests can move; starts at the real time so that tokens and quotes look ordinary. */
export class TestClock implements Clock {
  private offsetMs = 0;
  nowMs(): number {
    return Date.now() + this.offsetMs;
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface TestAppOptions {
  readonly env?: Record<string, string>;
  readonly clock?: Clock;
  readonly prices?: PriceSource;
  readonly corridors?: CorridorProvider;
  readonly verification?: VerificationProvider;
  /** Customer mail instead of the sandbox mailbox, with the job handlers it brings (jobs/mail-delivery.ts). */
  readonly mail?: MailProvider;
  readonly extraJobHandlers?: ContextOptions['extraJobHandlers'];
  /** A logger to capture the server's lines (createLogger over a test stream); none by default. */
  readonly logger?: Logger;
  /** Wraps the run's database, to inject its failures (test/support/faulty-db.ts). */
  readonly wrapDb?: (db: Db) => Db;
  /** Production: what the providers file connects (nothing when absent). */
  readonly providersFile?: ProvidersFile;
  /** SECRETS_KEY and the decrypt-only keys: testSecretsKeyring unless given (a rotation's steps). */
  readonly secretsKeyring?: SecretsKeyring;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = await testDb();
  const db = options.wrapDb ? options.wrapDb(shared) : shared;
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const ctx = await createContext(config, db, {
    adminToken,
    secretsKeyring: options.secretsKeyring ?? testSecretsKeyring,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.prices ? { prices: options.prices } : {}),
    ...(options.corridors ? { corridors: options.corridors } : {}),
    ...(options.verification ? { verification: options.verification } : {}),
    ...(options.providersFile ? { providersFile: options.providersFile } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    ...(options.extraJobHandlers ? { extraJobHandlers: options.extraJobHandlers } : {}),
    // One logger for requests, jobs and webhook dispatch, as main.ts builds them.
    ...(options.logger ? { logger: options.logger } : {}),
  });
  // TEST_LOG_LEVEL=error npm test shows the server's own log lines when a test needs explaining.
  const testLogLevel = process.env.TEST_LOG_LEVEL;
  const app = await buildApp(ctx, {
    logger: options.logger ?? (testLogLevel ? createLogger(testLogLevel as LogLevel, pino.destination(1)) : false),
  });
  await app.ready();
  // Every answer a test receives must be one the served OpenAPI document describes, errors included.
  checkAnswersAgainstDocument(app);
  return { app, ctx };
}
