// A primary PostgreSQL and its streaming-replication standby, of a test's own, from Debian's packages (as
// throwaway-postgres.ts starts one): the standby is a base backup of the primary (pg_basebackup) that streams its WAL,
// and replication is synchronous (synchronous_standby_names names the standby, synchronous_commit on): a commit
// returns to its client only once the standby has flushed it. The test may kill the primary's postmaster and promote
// the standby, as an operator fails over. Durable settings (fsync on), as a brokerage runs them.

import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './net.js';
import { asRoot, canStartPostgres, runAsPostgres } from './throwaway-postgres.js';

/** The standby's name on the primary: its walreceiver's application_name, which synchronous_standby_names lists. */
const standbyName = 'failover_standby';

export interface ReplicatedPostgres {
  readonly primaryUrl: string;
  readonly standbyUrl: string;
  /** How the primary sees the standby (pg_stat_replication.sync_state): 'sync' while its commits wait for it. */
  standbySyncState(): Promise<string | undefined>;
  /** SIGKILL of the primary's postmaster, as when its machine dies: no shutdown, no checkpoint, nothing more sent. */
  killPrimary(): Promise<void>;
  /** `pg_ctl promote -w`: the standby replays what it received, leaves recovery and takes writes. Returns the ms. */
  promoteStandby(): Promise<number>;
  /** The end of both servers' logs, for a failure's message. */
  logs(): string;
  remove(): void;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

async function twoFreePorts(): Promise<[number, number]> {
  const first = await freePort();
  for (;;) {
    const second = await freePort();
    if (second !== first) return [first, second];
  }
}

export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  if (!canStartPostgres) throw new Error('PostgreSQL binaries not installed');
  const dir = mkdtempSync(join(tmpdir(), 'brokerage-pg-failover-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const primaryData = join(dir, 'primary');
  const standbyData = join(dir, 'standby');
  const [primaryPort, standbyPort] = await twoFreePorts();
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/brokerage`;
  const primaryUrl = url(primaryPort);
  const standbyUrl = url(standbyPort);
  const start = (data: string, port: number, log: string) =>
    runAsPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, log),
      '-w',
      '-o',
      [
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`,
        '-c fsync=on -c synchronous_commit=on -c full_page_writes=on',
      ].join(' '),
      'start',
    ]);

  const standbySyncState = async () =>
    (
      await query<{ sync_state: string }>(
        primaryUrl,
        `select sync_state from pg_stat_replication where application_name = '${standbyName}'`,
      )
    )[0]?.sync_state;
  const tail = (log: string) => {
    try {
      return readFileSync(join(dir, log), 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '';
    }
  };
  const logs = () => `primary.log:\n${tail('primary.log')}\nstandby.log:\n${tail('standby.log')}`;
  const remove = () => {
    for (const data of [standbyData, primaryData]) {
      try {
        runAsPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'], 30_000);
      } catch {
        // not started, already stopped, or killed
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The primary, its database, then a copy of it (-X stream: with the WAL written meanwhile; -R: as a standby of it).
    // initdb's trust rules admit replication connections from 127.0.0.1, and wal_level replica is the default.
    runAsPostgres('initdb', ['-D', primaryData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    start(primaryData, primaryPort, 'primary.log');
    runAsPostgres('createdb', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', 'brokerage']);
    runAsPostgres('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', standbyData, '-X', 'stream', '-c', 'fast', '-R'],
    ]);
    // Named in its connection, so that the primary's synchronous_standby_names can list it (-R names none). The last
    // setting of a file wins over the line -R wrote.
    appendFileSync(
      join(standbyData, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=${standbyName}'\n`,
    );
    start(standbyData, standbyPort, 'standby.log');

    // Synchronous from now on: set only once the standby streams, or createdb above would have waited for it forever.
    await until('the standby to stream', async () => (await standbySyncState()) !== undefined, 30_000);
    await query(primaryUrl, `alter system set synchronous_standby_names = '${standbyName}'`);
    await query(primaryUrl, 'select pg_reload_conf()');
    await until('the standby to be synchronous', async () => (await standbySyncState()) === 'sync', 30_000);
  } catch (error) {
    const message = `${error instanceof Error ? error.message : String(error)}\n${logs()}`;
    remove();
    throw new Error(message);
  }

  const accepts = (target: string) =>
    query(target, 'select 1').then(
      () => true,
      () => false,
    );
  return {
    primaryUrl,
    standbyUrl,
    standbySyncState,
    async killPrimary() {
      const postmaster = Number(readFileSync(join(primaryData, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(postmaster, 'SIGKILL');
      // Its backends notice the postmaster's death and end; one waiting for the standby's confirmation ends without
      // telling its client the commit happened (PostgreSQL's syncrep.c), so no answer claims a write the standby lacks.
      await until('the primary to refuse connections', async () => !(await accepts(primaryUrl)), 10_000);
    },
    async promoteStandby() {
      const started = performance.now();
      runAsPostgres('pg_ctl', ['-D', standbyData, '-w', '-t', '30', 'promote']);
      const [state] = await query<{ recovering: boolean }>(standbyUrl, 'select pg_is_in_recovery() as recovering');
      if (state?.recovering !== false) throw new Error(`the standby is still in recovery\n${tail('standby.log')}`);
      return performance.now() - started;
    },
    logs,
    remove,
  };
}
