// A PostgreSQL server of a test's own, from Debian's packages (as scripts/with-postgres.sh starts one), that the
// test may restart, stop and whose connections it may cut, without touching the run's shared database. Durable
// settings by default (fsync and synchronous_commit on), as a brokerage runs it.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './net.js';

/** The newest PostgreSQL's bin directory from Debian's packages, when installed. */
export const binaries = (() => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((v) => join(base, v, 'bin')).find((dir) => existsSync(join(dir, 'initdb')));
  return found;
})();

/** Whether this machine can start a server of its own (the PostgreSQL run of CI installs the packages). */
export const canStartPostgres = binaries !== undefined;

/** Whether this process is root, so that the servers' files must be handed to the postgres user. */
export const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the postgres user (initdb refuses root). */
export function runAsPostgres(binary: string, args: readonly string[], timeoutMs = 60_000): void {
  const path = join(binaries as string, binary);
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, [...args]];
  execFileSync(command, commandArgs, { stdio: 'pipe', timeout: timeoutMs });
}

export interface ThrowawayPostgres {
  readonly url: string;
  /** `pg_ctl restart -m immediate`: every backend ends at once, as after a crash; recovery runs on start. */
  restartImmediate(downMs?: number): Promise<void>;
  /** `pg_terminate_backend` of every other connection to the database. Returns how many it cut. */
  terminateConnections(): Promise<number>;
  /** Whether it accepts a connection now. */
  accepts(): Promise<boolean>;
  remove(): void;
}

export async function startThrowawayPostgres(settings: Record<string, string> = {}): Promise<ThrowawayPostgres> {
  if (binaries === undefined) throw new Error('PostgreSQL binaries not installed');
  const dir = mkdtempSync(join(tmpdir(), 'brokerage-pg-drill-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=100',
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const start = () =>
    runAsPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', options, 'start']);
  runAsPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  start();
  runAsPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'brokerage']);
  const url = `postgres://postgres@127.0.0.1:${port}/brokerage`;

  const adminQuery = async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  };

  return {
    url,
    async restartImmediate(downMs = 0) {
      runAsPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    async terminateConnections() {
      const rows = await adminQuery<{ cut: boolean }>(
        `select pg_terminate_backend(pid) as cut from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      return rows.filter((r) => r.cut).length;
    },
    accepts: () =>
      adminQuery('select 1').then(
        () => true,
        () => false,
      ),
    remove() {
      try {
        runAsPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'], 30_000);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
