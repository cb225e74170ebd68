import pg from 'pg';
import { hostLabel, urlsPerHost } from './postgres-hosts.js';

// Which of the hosts DATABASE_URL names is the writable primary (issue 31, "The server follows the primary without
// a restart"). A connection is used only when the server it reached is the primary: every new connection asks (one
// round trip, `pg_is_in_recovery()` and `transaction_read_only`), and one that reached a standby, or a server that
// refuses writes, is closed and the next host tried. The host that last answered as the primary is tried first.
//
// When a host stops being the primary (its connections fail, or a statement is refused as read-only), the next host
// becomes the first to try and the pool's connections to the old one are drained: each carries the epoch it was
// opened in, and a connection of an earlier epoch is closed when it is next taken from the pool instead of being used
// (postgres.ts). So a fenced old primary that comes back still accepting connections takes no write through a
// connection opened before the failover, and a new connection to it takes none unless it answers as a writable
// primary. While no host answers as the primary, every statement fails as unavailable (the API's 503).
//
// With several hosts, what an operator reads in the log during a failover or a switchover (docs/deployment.md): one
// warn line when a host stops being the primary for this process ("database: 127.0.0.1:5433 is not the writable
// primary (…); trying 127.0.0.1:5434 first"), and one info line when a connection finds the primary on a host other
// than the last one ("database: writing to 127.0.0.1:5434, the writable primary (was 127.0.0.1:5433)").

/** A new connection reached a server that is not the writable primary. */
export class NotPrimaryError extends Error {
  constructor(readonly hostIndex: number) {
    super(`host ${hostIndex + 1} of DATABASE_URL is not the writable primary`);
    this.name = 'NotPrimaryError';
  }
}

/** What a process says of its primary, with several hosts (a log's two methods). */
export interface PrimaryLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

/** Why a host was left: it answered as a standby or read-only, a write was refused as read-only, or it was lost. */
export type LeftBecause = 'not the primary' | 'a write refused as read-only' | 'its connection lost';

/** The hosts, the one to try first, and the epoch of the connections opened since it last changed. */
export class PrimaryHosts {
  readonly urls: readonly string[];
  private first = 0;
  private currentEpoch = 0;
  /** The host a connection last found to be the primary. */
  private confirmed: number | undefined;

  constructor(
    url: string,
    private readonly log?: PrimaryLog,
  ) {
    this.urls = urlsPerHost(url);
  }

  private label(index: number): string {
    return hostLabel(this.urls[index] ?? '');
  }

  get count(): number {
    return this.urls.length;
  }

  /** The host a new connection tries. */
  get current(): number {
    return this.first;
  }

  get epoch(): number {
    return this.currentEpoch;
  }

  /**
   * The host at `index` failed or is not the primary: the next one is tried first, and every connection opened
   * before is drained. Several connections failing on the same host move on once, not once each.
   */
  moveOn(index: number, because: LeftBecause): void {
    if (index !== this.first) return;
    this.first = (this.first + 1) % this.urls.length;
    this.currentEpoch += 1;
    if (this.count > 1) {
      this.log?.warn(
        { host: this.label(index), because, next: this.label(this.first) },
        `database: ${this.label(index)} is not the writable primary (${because}); trying ${this.label(this.first)} first`,
      );
    }
  }

  /** A connection to the host at `index` answered as the writable primary. */
  isPrimary(index: number): void {
    if (this.confirmed === index) return;
    const previous = this.confirmed;
    this.confirmed = index;
    if (this.count <= 1) return;
    const was = previous === undefined ? '' : ` (was ${this.label(previous)})`;
    this.log?.info(
      { host: this.label(index), ...(previous === undefined ? {} : { previous: this.label(previous) }) },
      `database: writing to ${this.label(index)}, the writable primary${was}`,
    );
  }
}

/** What a connection remembers of its opening: which host, in which epoch. */
export interface HostTagged {
  readonly hostIndex: number;
  readonly epoch: number;
}

/** The node-postgres client class of a pool on these hosts: each new client connects to the host to try first. */
export function clientOn(hosts: PrimaryHosts): typeof pg.Client {
  return class HostClient extends pg.Client implements HostTagged {
    readonly hostIndex: number;
    readonly epoch: number;
    constructor(config?: pg.ClientConfig) {
      const hostIndex = hosts.current;
      super({ ...config, connectionString: hosts.urls[hostIndex] });
      this.hostIndex = hostIndex;
      this.epoch = hosts.epoch;
    }
  };
}

const roleQuery = `select pg_is_in_recovery() as in_recovery, current_setting('transaction_read_only') as read_only`;

/** Asks a new connection whether its server is the writable primary; throws NotPrimaryError when it is not. */
export async function checkPrimary(client: pg.ClientBase & HostTagged, hosts: PrimaryHosts): Promise<void> {
  const { rows } = await client.query<{ in_recovery: boolean; read_only: string }>(roleQuery);
  const role = rows[0];
  if (role !== undefined && !role.in_recovery && role.read_only === 'off') {
    hosts.isPrimary(client.hostIndex);
    return;
  }
  hosts.moveOn(client.hostIndex, 'not the primary');
  throw new NotPrimaryError(client.hostIndex);
}
