import type { Config } from '../config.js';
import { lockDataDir } from './data-dir-lock.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export interface Store {
  readonly db: Db;
  readonly description: string;
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR (one process only). */
export async function openStore(config: Config): Promise<Store> {
  if (config.databaseUrl !== undefined) {
    const db = await openPostgres({ url: config.databaseUrl, maxConnections: config.databasePoolSize });
    await migrate(db);
    return { db, description: 'PostgreSQL (DATABASE_URL)', close: () => db.close() };
  }
  const release = lockDataDir(config.dataDir);
  try {
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
