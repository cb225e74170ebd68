// A migrated database of a test file's own, for what must not touch the run's shared one: a rotation test rewrites
// every stored secret and retires signing keys, which would break the files that run after it. PGlite: a new
// in-memory instance; PostgreSQL: a new database on the run's server (DATABASE_URL), dropped after.

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { limits } from '../../src/limits.js';
import type { Db } from '../../src/storage/db.js';
import { migrate } from '../../src/storage/migrate.js';
import { openPglite } from '../../src/storage/pglite.js';
import { openPostgres } from '../../src/storage/postgres.js';

export interface OwnDatabase {
  readonly db: Db;
  /** Its connection URL on PostgreSQL, for server processes; undefined on PGlite (in memory, this process only). */
  readonly url: string | undefined;
  close(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function ownDatabase(): Promise<OwnDatabase> {
  const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (serverUrl === undefined) {
    const db = await openPglite(undefined);
    await migrate(db);
    return { db, url: undefined, close: () => db.close() };
  }
  const name = `brokerage_own_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres({
    url: url.toString(),
    maxConnections: 10,
    acquireTimeoutMs: limits.databaseAcquireTimeoutDefaultMs,
    statementTimeoutMs: limits.databaseStatementTimeoutDefaultMs,
    idleInTransactionTimeoutMs: limits.databaseIdleInTransactionTimeoutDefaultMs,
  });
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async close() {
      await db.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
