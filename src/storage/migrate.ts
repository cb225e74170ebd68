import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './db.js';

const migrationsDir = new URL('../../migrations/', import.meta.url);
/** Any fixed number: every process that migrates takes this lock, so concurrent starts apply each file once. */
const migrationLockKey = 7_262_001;

export interface MigrationReport {
  readonly applied: readonly string[];
}

/**
 * Applies the forward-only SQL files of migrations/ in name order, all in one transaction under an advisory lock:
 * a second process starting at the same moment waits, then finds them applied. DDL is transactional in PostgreSQL,
 * so a failed migration leaves nothing half done.
 */
export async function migrate(db: Db): Promise<MigrationReport> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    // Migrations and the wait for another process's run are not requests: the statement bounds do not apply.
    await tx.exec('set local statement_timeout = 0; set local idle_in_transaction_session_timeout = 0');
    await tx.query('select pg_advisory_xact_lock($1)', [migrationLockKey]);
    await tx.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(await readFile(new URL(file, migrationsDir), 'utf8'));
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
      applied.push(file);
    }
    return { applied };
  });
}
