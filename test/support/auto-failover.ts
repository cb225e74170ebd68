// A pg_auto_failover formation of a test's own (issue 31): a monitor and three PostgreSQL nodes on loopback ports,
// each node run by its keeper (`pg_autoctl run`), from Debian's packages (postgresql-NN-auto-failover,
// pg-auto-failover-cli). With three nodes the formation keeps number_sync_standbys at 1: the primary's
// synchronous_standby_names is `ANY 1 (…)`, so a commit returns once one standby has it. The monitor's health checks
// are tightened (deploy/pg-auto-failover/monitor-drill.conf and keeper-drill.ini, checked in beside the production
// values) so that a drill fails over in seconds rather than the defaults' half minute. The formation's URL for
// DATABASE_URL is what `pg_autoctl show uri` answers, every node's host in it, without TLS on loopback.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './net.js';
import { asRoot, binaries } from './throwaway-postgres.js';

const autoctl = '/usr/bin/pg_autoctl';

/** Whether pg_auto_failover is installed (CI's PostgreSQL run installs it). */
export const canRunAutoFailover = binaries !== undefined && existsSync(autoctl);

/** The checked-in configuration the drill runs with (docs/deployment.md, "High availability: pg_auto_failover"). */
const configDir = fileURLToPath(new URL('../../deploy/pg-auto-failover/', import.meta.url));

/**
 * The `name = value` lines of a configuration file, comments left out; under an ini file's `[section]`, named
 * `section.name` (as `pg_autoctl config set` names a keeper's settings).
 */
export function settingsOf(file: string): [string, string][] {
  const settings: [string, string][] = [];
  let section = '';
  for (const raw of readFileSync(join(configDir, file), 'utf8').split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = `${header[1]}.`;
    else if (line.includes('=')) {
      const [name = '', value = ''] = line.split('=').map((part) => part.trim());
      settings.push([`${section}${name}`, value]);
    }
  }
  return settings;
}

/** The monitor's health checks for a drill (monitor-drill.conf). */
export const drillHealthChecks = Object.fromEntries(settingsOf('monitor-drill.conf'));

/** The keepers' settings for a drill (keeper-drill.ini). */
const drillKeeperSettings = settingsOf('keeper-drill.ini');

export interface FormationNode {
  readonly name: string;
  readonly port: number;
  readonly url: string;
}

export interface NodeState {
  readonly name: string;
  readonly reported: string;
  readonly goal: string;
}

export interface Formation {
  /** For DATABASE_URL: every node's host, as `pg_autoctl show uri` answers it. */
  readonly url: string;
  readonly nodes: readonly FormationNode[];
  /** Each node's reported and assigned state, as the monitor holds them. */
  states(): Promise<NodeState[]>;
  /** The node the monitor has as the primary (reported and assigned), if any. */
  primary(): Promise<FormationNode | undefined>;
  /** Waits until one node is primary and every other one secondary; answers the primary. */
  settled(timeoutMs?: number): Promise<FormationNode>;
  /** SIGKILL of a node's keeper, its PostgreSQL and every process of it: the node's machine dies. */
  killNode(node: FormationNode): void;
  /** SIGKILL of a node's PostgreSQL only (its postmaster); the keeper lives on and restarts it. */
  killPostgres(node: FormationNode): void;
  /** Runs a node's keeper again: it rejoins the formation (as a secondary, rewound, when it was the old primary). */
  restartNode(node: FormationNode): void;
  /** `pg_autoctl perform switchover`: the monitor hands the primary's role to a secondary, planned. */
  switchover(): void;
  /**
   * SIGSTOP of the primary's WAL senders: nothing more reaches the standbys until resumeReplication() (or the
   * primary's death). Synchronous, the primary's commits wait meanwhile; asynchronous, they are acknowledged with
   * the standbys behind (the negative control's loss).
   */
  pauseReplication(): Promise<void>;
  resumeReplication(): void;
  /** No commit waits for a standby any more (replication-quorum false on every node): the negative control. */
  makeAsynchronous(): Promise<void>;
  /** The end of every node's keeper log, for a failure's message. */
  logs(): string;
  remove(): void;
}

/** One statement on a node of its own connection (the monitor, or a node by its URL). */
export async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number, logs: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}\n${logs()}`);
}

export async function startFormation(): Promise<Formation> {
  if (!canRunAutoFailover) throw new Error('pg_auto_failover is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'brokerage-autofailover-'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  // pg_autoctl keeps its state under XDG directories, and finds pg_ctl on the PATH.
  // pg_autoctl's runtime files (its processes' pid and state files) under the formation's directory, which remove()
  // deletes; without the directory it falls back to /tmp/pg_autoctl.
  mkdirSync(join(dir, 'run'));
  if (asRoot) execFileSync('chown', ['postgres:postgres', join(dir, 'run')]);
  const env = {
    PATH: `${binaries}:/usr/bin:/bin`,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'share'),
    XDG_RUNTIME_DIR: join(dir, 'run'),
  };
  const asPostgres = (args: readonly string[]): [string, string[]] => {
    const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    return asRoot
      ? ['runuser', ['-u', 'postgres', '--', 'env', ...envArgs, autoctl, ...args]]
      : ['env', [...envArgs, autoctl, ...args]];
  };
  const autoctlSync = (args: readonly string[], timeoutMs = 120_000) => {
    const [command, commandArgs] = asPostgres(args);
    try {
      return execFileSync(command, commandArgs, { stdio: 'pipe', timeout: timeoutMs, encoding: 'utf8' });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      throw new Error(`pg_autoctl ${args.join(' ')} failed:\n${stderr.split('\n').slice(-8).join('\n')}`);
    }
  };
  const keepers = new Map<string, ChildProcess>();
  /** A keeper in a process group of its own, so that killing the node kills every process it started. */
  const run = (name: string) => {
    const [command, commandArgs] = asPostgres(['run', '--pgdata', join(dir, name)]);
    const log = join(dir, `${name}.log`);
    const child = spawn('sh', ['-c', `exec "$0" "$@" >>"${log}" 2>&1`, command, ...commandArgs], {
      detached: true,
      stdio: 'ignore',
    });
    child.unref();
    keepers.set(name, child);
  };
  const tail = (name: string) => {
    try {
      return readFileSync(join(dir, `${name}.log`), 'utf8')
        .split('\n')
        .slice(-25)
        .join('\n');
    } catch {
      return '';
    }
  };
  const names = ['node1', 'node2', 'node3'];
  const logs = () => ['monitor', ...names].map((n) => `${n}.log:\n${tail(n)}`).join('\n');
  const killGroup = (name: string) => {
    const keeper = keepers.get(name);
    if (keeper?.pid !== undefined) {
      try {
        process.kill(-keeper.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  const postmasterOf = (name: string) => {
    try {
      return Number(readFileSync(join(dir, name, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  };
  const killPostmaster = (name: string) => {
    const pid = postmasterOf(name);
    if (pid === undefined) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  /**
   * The postmaster and every process it started, at once, as a machine's death ends them: PostgreSQL's children each
   * lead a process group of their own, so the keeper's group does not hold them, and left alive they would notice
   * the postmaster's death only later (a WAL sender could still send, a backend still commit).
   */
  const killPostgresTree = (name: string) => {
    const postmaster = postmasterOf(name);
    if (postmaster === undefined) return;
    const children = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    for (const pid of [postmaster, ...children]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  const remove = () => {
    for (const name of ['monitor', ...names]) {
      killGroup(name);
      killPostmaster(name);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const monitorPort = await freePort();
    autoctlSync([
      ...['create', 'monitor', '--pgdata', join(dir, 'monitor'), '--pgport', String(monitorPort)],
      ...['--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl'],
    ]);
    run('monitor');
    const monitorAdmin = `postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover`;
    await until('the monitor', () => query(monitorAdmin, 'select 1').then(() => true), 30_000, logs);
    for (const [setting, value] of Object.entries(drillHealthChecks)) {
      await query(monitorAdmin, `alter system set ${setting} = '${value}'`);
    }
    await query(monitorAdmin, 'select pg_reload_conf()');
    const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;

    const nodes: FormationNode[] = [];
    for (const name of names) {
      const port = await freePort();
      autoctlSync([
        ...['create', 'postgres', '--pgdata', join(dir, name), '--pgport', String(port), '--name', name],
        ...['--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--dbname', 'brokerage'],
        ...['--monitor', monitorUrl],
      ]);
      for (const [setting, value] of drillKeeperSettings) {
        autoctlSync(['config', 'set', '--pgdata', join(dir, name), setting, value]);
      }
      run(name);
      nodes.push({ name, port, url: `postgres://postgres@127.0.0.1:${port}/brokerage` });
      // One node at a time: the first becomes the primary, each next one a secondary cloned from it.
      await until(
        `${name} to join`,
        async () => {
          const rows = await query<{ reportedstate: string }>(
            monitorAdmin,
            'select reportedstate from pgautofailover.node where nodename = $1',
            [name],
          );
          return ['primary', 'secondary', 'single'].includes(rows[0]?.reportedstate ?? '') || undefined;
        },
        120_000,
        logs,
      );
    }

    const states = async (): Promise<NodeState[]> =>
      (
        await query<{ nodename: string; reportedstate: string; goalstate: string }>(
          monitorAdmin,
          'select nodename, reportedstate, goalstate from pgautofailover.node order by nodeid',
        )
      ).map((row) => ({ name: row.nodename, reported: row.reportedstate, goal: row.goalstate }));
    const primary = async () => {
      const row = (await states()).find((s) => s.reported === 'primary' && s.goal === 'primary');
      return nodes.find((n) => n.name === row?.name);
    };
    let lastStates: NodeState[] = [];
    const settled = (timeoutMs = 60_000) =>
      until(
        'one primary and every other node secondary',
        async () => {
          const all = await states();
          lastStates = all;
          const primaries = all.filter((s) => s.reported === 'primary' && s.goal === 'primary');
          const secondaries = all.filter((s) => s.reported === 'secondary' && s.goal === 'secondary');
          if (primaries.length !== 1 || secondaries.length !== all.length - 1) return undefined;
          return nodes.find((n) => n.name === primaries[0]?.name);
        },
        timeoutMs,
        () => `states: ${lastStates.map((n) => `${n.name} ${n.reported}/${n.goal}`).join(', ')}\n${logs()}`,
      );
    await settled();
    let paused: number[] = [];

    const shown = autoctlSync(['show', 'uri', '--pgdata', join(dir, 'monitor'), '--formation', 'default']).trim();
    // postgres://127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3/brokerage?target_session_attrs=read-write&sslmode=prefer
    const url = shown
      .replace(/^postgres(ql)?:\/\//, 'postgres://postgres@')
      .replace(/sslmode=[a-z-]+/, 'sslmode=disable');

    return {
      url,
      nodes,
      states,
      primary,
      settled,
      killNode: (node) => {
        killPostgresTree(node.name);
        killGroup(node.name);
      },
      killPostgres: (node) => killPostmaster(node.name),
      restartNode: (node) => run(node.name),
      switchover: () => {
        autoctlSync(['perform', 'switchover', '--pgdata', join(dir, 'monitor'), '--formation', 'default']);
      },
      async pauseReplication() {
        // The primary's WAL senders, not the standbys' receivers: a stopped receiver still finds in its socket what
        // was sent before the primary died, a stopped sender has sent nothing.
        const current = await primary();
        const senders = await query<{ pid: number }>(current?.url ?? '', 'select pid from pg_stat_replication');
        paused = senders.map((sender) => sender.pid);
        for (const pid of paused) process.kill(pid, 'SIGSTOP');
      },
      resumeReplication() {
        for (const pid of paused) {
          try {
            process.kill(pid, 'SIGCONT');
          } catch {
            // ended meanwhile
          }
        }
        paused = [];
      },
      async makeAsynchronous() {
        // The monitor's own functions (pg_autoctl 2.0's `set formation number-sync-standbys 0` refuses 0): the
        // formation first, since it refuses a quorum smaller than number_sync_standbys + 1, then each node.
        await query(monitorAdmin, `select pgautofailover.set_formation_number_sync_standbys('default', 0)`);
        for (const node of nodes) {
          await query(monitorAdmin, `select pgautofailover.set_node_replication_quorum('default', $1, false)`, [
            node.name,
          ]);
        }
        const current = await primary();
        await until(
          'the primary to wait for no standby',
          async () => {
            const [row] = await query<{ names: string }>(
              current?.url ?? nodes[0]?.url ?? '',
              `select current_setting('synchronous_standby_names') as names`,
            );
            return row?.names === '' || undefined;
          },
          60_000,
          logs,
        );
      },
      logs,
      remove,
    };
  } catch (error) {
    const message = `${error instanceof Error ? error.message : String(error)}\n${logs()}`;
    remove();
    throw new Error(message);
  }
}
