import type { Db } from './db.js';

// What the database the server writes to says of itself (issue 31, "Operators' part": `doctor` reports the database
// role and replication state): whether it is the writable primary, which server it is, whether a commit waits for a
// standby, and each standby streaming from it. Read on a pooled connection, so on the primary the server writes to
// (postgres-primary.ts); the embedded store is its own primary with no standby.

export interface StandbyState {
  /** The standby's application_name (pg_auto_failover's `pgautofailover_standby_N`). */
  readonly name: string;
  /** streaming, catchup, …: pg_stat_replication.state. */
  readonly state: string;
  /** sync, quorum, potential or async: whether a commit waits for it. */
  readonly sync: string;
  /** How far behind it replays, in milliseconds; null while it is caught up with nothing to replay. */
  readonly replayLagMs: number | null;
}

export interface DatabaseRole {
  readonly primary: boolean;
  /** address:port of the server the pool reached; null for the embedded store. */
  readonly server: string | null;
  readonly synchronousStandbyNames: string;
  readonly synchronousCommit: string;
  readonly standbys: readonly StandbyState[];
}

interface RoleRow {
  in_recovery: boolean;
  address: string | null;
  port: number | null;
  standby_names: string;
  synchronous_commit: string;
  [column: string]: unknown;
}

interface StandbyRow {
  name: string;
  state: string;
  sync: string;
  replay_lag_ms: number | null;
  [column: string]: unknown;
}

export async function databaseRole(db: Db): Promise<DatabaseRole> {
  const [role] = await db.query<RoleRow>(
    `select pg_is_in_recovery() as in_recovery, host(inet_server_addr()) as address, inet_server_port() as port,
            current_setting('synchronous_standby_names') as standby_names,
            current_setting('synchronous_commit') as synchronous_commit`,
  );
  const standbys =
    db.kind === 'postgres'
      ? await db.query<StandbyRow>(
          `select application_name as name, state, sync_state as sync,
                  (extract(epoch from replay_lag) * 1000)::float8 as replay_lag_ms
             from pg_stat_replication order by application_name`,
        )
      : [];
  return {
    primary: role?.in_recovery === false,
    server: role?.address ? `${role.address}:${role.port}` : null,
    synchronousStandbyNames: role?.standby_names ?? '',
    synchronousCommit: role?.synchronous_commit ?? 'on',
    standbys: standbys.map((s) => ({
      name: s.name,
      state: s.state,
      sync: s.sync,
      replayLagMs: s.replay_lag_ms === null ? null : Math.round(Number(s.replay_lag_ms)),
    })),
  };
}
