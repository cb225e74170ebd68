import type { Config } from '../config.js';
import { lockDataDir } from './data-dir-lock.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { OutageLog, type OutageLogger } from './outage-log.js';
import type { PostgresOptions } from './postgres.js';

// Each store's driver is imported when that store is opened: a server on PostgreSQL never loads PGlite's module or
// its WebAssembly engine, and one on PGlite never loads node-postgres (test/e2e/lazy-loading.test.ts).

/** The driver's settings from the configuration. */
export const postgresOptions = (config: Config): Omit<PostgresOptions, 'url'> => ({
  maxConnections: config.databasePoolSize,
  acquireTimeoutMs: config.databaseAcquireTimeoutMs,
  statementTimeoutMs: config.databaseStatementTimeoutMs,
  idleInTransactionTimeoutMs: config.databaseIdleInTransactionTimeoutMs,
});

export interface Store {
  readonly db: Db;
  readonly description: string;
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR (one process only). */
export async function openStore(config: Config, logger?: OutageLogger): Promise<Store> {
  if (config.databaseUrl !== undefined) {
    // Connections that fail while idle (a restart, a terminated backend) are dropped by the pool; one line an outage.
    const connections = logger === undefined ? undefined : new OutageLog(logger, 'database connections');
    const { openPostgres } = await import('./postgres.js');
    const db = await openPostgres(
      { ...postgresOptions(config), url: config.databaseUrl },
      {
        onError: (error) => connections?.failed(error),
        onConnect: () => connections?.recovered(),
        ...(logger === undefined ? {} : { primaryLog: logger }),
      },
    );
    await migrate(db);
    return { db, description: 'PostgreSQL (DATABASE_URL)', close: () => db.close() };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const { openPglite } = await import('./pglite.js');
    const db = await openPglite(`${config.dataDir}/pglite`);
    await migrate(db);
    return {
      db,
      description: `embedded PGlite in ${config.dataDir}`,
      close: async () => {
        await db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
