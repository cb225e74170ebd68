import pg from 'pg';
import { limits } from '../src/limits.js';
import type { Db } from '../src/storage/db.js';
import { migrate } from '../src/storage/migrate.js';
import { openPglite } from '../src/storage/pglite.js';
import { openPostgres } from '../src/storage/postgres.js';
import type { Store } from './run.js';

// The stores a run may use, opened and migrated as the server opens them: PGlite in memory, or the PostgreSQL server
// of DATABASE_URL with the server's default bounds. A fresh store (a shrink's candidate, the suite's test) is a new
// PGlite, or a new database created on that server and dropped when let go.

export type StoreName = 'pglite' | 'postgres';

const postgresBounds = {
  maxConnections: 10,
  acquireTimeoutMs: limits.databaseAcquireTimeoutDefaultMs,
  statementTimeoutMs: limits.databaseStatementTimeoutDefaultMs,
  idleInTransactionTimeoutMs: limits.databaseIdleInTransactionTimeoutDefaultMs,
};

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('--store postgres needs DATABASE_URL (scripts/with-postgres.sh sets one)');
  return url;
}

async function migrated(db: Db, close: () => Promise<void>): Promise<Store> {
  await migrate(db);
  return { db, close };
}

/** The run's store: a new PGlite in memory, or the database DATABASE_URL names. */
export async function openStore(name: StoreName): Promise<Store> {
  if (name === 'pglite') {
    const db = await openPglite(undefined);
    return migrated(db, () => db.close());
  }
  const db = await openPostgres({ ...postgresBounds, url: databaseUrl() });
  return migrated(db, () => db.close());
}

let freshDatabases = 0;

/** An empty store of its own: a new PGlite, or a new database on DATABASE_URL's server (dropped by close). */
export async function openFreshStore(name: StoreName): Promise<Store> {
  if (name === 'pglite') return openStore('pglite');
  const serverUrl = databaseUrl();
  freshDatabases += 1;
  const database = `simulation_${process.pid}_${freshDatabases}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const db = await openPostgres({ ...postgresBounds, url: url.toString() });
  return migrated(db, async () => {
    await db.close();
    await admin(`drop database if exists ${database} with (force)`);
  });
}
