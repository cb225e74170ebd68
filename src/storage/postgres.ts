import pg from 'pg';
import { limits } from '../limits.js';
import { type Db, pgErrorCode, pgErrorCodes, type Queryable, type Row, StoreUnavailableError } from './db.js';
import { DescribedOnceQuery } from './pg-described-query.js';
import {
  checkPrimary,
  clientOn,
  type HostTagged,
  type LeftBecause,
  NotPrimaryError,
  PrimaryHosts,
  type PrimaryLog,
} from './postgres-primary.js';
import { unavailableCause } from './unavailable.js';

export interface PostgresOptions {
  readonly url: string;
  readonly maxConnections: number;
  /** How long a query may wait for a pooled connection, or for a new one to open. */
  readonly acquireTimeoutMs: number;
  /** How long one statement may run (PostgreSQL's statement_timeout; the client gives up a little later). */
  readonly statementTimeoutMs: number;
  /** How long a transaction may sit idle between statements before PostgreSQL ends it. */
  readonly idleInTransactionTimeoutMs: number;
}

const retryable = new Set<string>([pgErrorCodes.deadlockDetected, pgErrorCodes.serializationFailure]);

/**
 * PostgreSQL aborts one of two transactions that deadlock (or fail serialization); the aborted one did nothing, so
 * running it again is safe. Transaction bodies here only talk to the database, which is what makes this retry
 * sound: calls to the outside world happen before or after a transaction, never inside.
 */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= limits.databaseTransactionAttemptsMax || code === undefined || !retryable.has(code)) throw error;
    }
  }
}

// int8 as bigint (money is integer minor units) and int8[] as bigint[]; numeric stays a string; json and jsonb
// are parsed, as before. These apply to this pool's clients only, not to pg's global parsers.
const int8 = 20;
const int8Array = 1016;
const parseInt8Array = pg.types.getTypeParser(int8Array as never) as (value: string) => (string | null)[];
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === int8) return (value: string) => BigInt(value);
    if (oid === int8Array) return (value: string) => parseInt8Array(value).map((v) => (v === null ? null : BigInt(v)));
    return pg.types.getTypeParser(oid as never, format as never);
  }) as typeof pg.types.getTypeParser,
};

/**
 * Statement names by text: each distinct statement is prepared once per connection and reused, so PostgreSQL
 * parses and plans it once (most statements here are fixed texts). Statements assembled per call (ledger entries
 * with a varying number of postings) are few distinct texts too.
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * node-postgres (`pg` with its pool) behind the Db interface. What a database outage must not do, it cannot here:
 * - end the process: every client carries an error listener from birth to end (pg-pool removes its own while a
 *   client is checked out, and an unheard 'error' event would be thrown), and the pool's errors are logged;
 * - hang a request: acquiring a connection, each statement and each transaction's idle time are bounded, and a
 *   failure is a StoreUnavailableError (the API's 503);
 * - poison the pool: a client that failed is released with its error, which destroys it; the next request opens
 *   a new connection, with no backoff carried over from the outage.
 */
/** What the pool reports besides query results: errors of idle connections, and each new connection. */
export interface PoolEvents {
  readonly onError?: (error: Error) => void;
  readonly onConnect?: () => void;
  /** Where the primary moved, with several hosts (postgres-primary.ts). */
  readonly primaryLog?: PrimaryLog;
}

export async function openPostgres(options: PostgresOptions, events: PoolEvents = {}): Promise<Db> {
  const onError = events.onError ?? (() => {});
  // Each new connection goes to the host to try first and is used only if it answers as the writable primary
  // (postgres-primary.ts); DATABASE_URL may name several hosts.
  const hosts = new PrimaryHosts(options.url, events.primaryLog);
  const pool = new pg.Pool({
    Client: clientOn(hosts) as unknown as new () => pg.ClientBase,
    // pg-pool awaits the promise and closes a connection whose check failed.
    onConnect: (client) => checkPrimary(client as pg.ClientBase & HostTagged, hosts),
    max: options.maxConnections,
    connectionTimeoutMillis: options.acquireTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    statement_timeout: options.statementTimeoutMs,
    query_timeout: options.statementTimeoutMs + limits.databaseClientGraceMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
    types: typeParsers,
  });
  pool.on('error', (error) => onError(error));
  pool.on('connect', (client) => {
    events.onConnect?.();
    client.on('error', (error) => onError(error));
    // NOTICE messages (e.g. "relation already exists, skipping" from migrations) are not ours to log.
    client.on('notice', () => {});
  });

  /** Runs a statement on a client; a connection failure becomes StoreUnavailableError. */
  const run = async <T extends Row>(client: pg.PoolClient, text: string, params?: readonly unknown[]) => {
    const query = new DescribedOnceQuery(statementName(text), text, params ? [...params] : []);
    try {
      const result = await new Promise<pg.QueryResult<T>>((resolve, reject) => {
        // A Submittable gets no promise from pg: the callback is its answer.
        (client.query as (q: unknown, callback: (error: Error | undefined, result: pg.QueryResult<T>) => void) => void)(
          query,
          (error, result) => (error ? reject(error) : resolve(result)),
        );
      });
      return result.rows;
    } catch (error) {
      const unavailable = asUnavailable(error, true);
      const because = lostItsPrimary(error, unavailable, hosts);
      if (because !== undefined) hosts.moveOn((client as unknown as HostTagged).hostIndex, because);
      throw unavailable;
    }
  };
  /**
   * A statement on its own pooled connection. The connection goes back to the pool after a statement's own error
   * (a constraint refusing an overdraft, a duplicate key): the server answered and is ready for the next one.
   * pg-pool's own query() destroyed the connection after any error, so every refused withdrawal opened a new one.
   * Only a failure of the connection itself (StoreUnavailableError) destroys it.
   */
  const runPooled = async <T extends Row>(text: string, params?: readonly unknown[]) => {
    const client = await acquire();
    let broken: Error | undefined;
    try {
      return await run<T>(client, text, params);
    } catch (error) {
      if (error instanceof StoreUnavailableError || !(error instanceof Error)) broken = asError(error);
      throw error;
    } finally {
      client.release(broken);
    }
  };
  const exec = async (client: pg.Pool | pg.PoolClient, script: string) => {
    try {
      await client.query(script);
    } catch (error) {
      throw asUnavailable(error, true);
    }
  };
  /**
   * A pooled connection to the writable primary. A connection opened before the primary last changed is closed, not
   * used (postgres-primary.ts, the epochs). When a new connection fails, or reaches a host that is not the primary,
   * the next host is tried, each once, before the request is answered as unavailable.
   */
  const acquire = async (): Promise<pg.PoolClient> => {
    for (let hostsTried = 1; ; ) {
      const tried = hosts.current;
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        const unavailable = asUnavailable(error, false);
        if (hosts.count > 1 && unavailable instanceof StoreUnavailableError && hostsTried < hosts.count) {
          // A NotPrimaryError has moved on already (checkPrimary): this changes nothing then.
          hosts.moveOn(tried, 'its connection lost');
          hostsTried += 1;
          continue;
        }
        throw unavailable;
      }
      if ((client as unknown as HostTagged).epoch === hosts.epoch) return client;
      client.release(new Error('opened before the primary changed'));
    }
  };

  /**
   * A transaction's client runs one statement at a time: statements a body issues together (Promise.all) are
   * queued here, in the order issued, instead of in pg's own queue, which it deprecates.
   */
  const inOrder = (client: pg.PoolClient): Queryable => {
    let last: Promise<unknown> = Promise.resolve();
    const queued = <T>(next: () => Promise<T>): Promise<T> => {
      const result = last.then(next, next);
      last = result.catch(() => {});
      return result;
    };
    return {
      query: <T extends Row = Row>(text: string, params?: readonly unknown[]) =>
        queued(() => run<T>(client, text, params)),
      exec: (script: string) => queued(() => exec(client, script)),
    };
  };

  const transaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const client = await acquire();
    let broken: Error | undefined;
    try {
      await run(client, 'begin');
      let result: T;
      try {
        result = await fn(inOrder(client));
      } catch (error) {
        // Before COMMIT the outcome is known: the database rolls back a transaction whose session ended.
        throw error instanceof StoreUnavailableError ? error.withOutcomeKnown() : error;
      }
      await run(client, 'commit');
      return result;
    } catch (error) {
      if (error instanceof StoreUnavailableError) broken = error;
      else await run(client, 'rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      // A client released with an error is destroyed, never handed to the next request.
      client.release(broken);
    }
  };

  await runPooled('select 1');
  return {
    kind: 'postgres',
    query: runPooled,
    exec: (script) => exec(pool, script),
    transaction: (fn) => withRetry(() => transaction(fn)),
    listen: (channel, onNotify) => listenWithReconnect(pool, hosts, channel, onNotify, onError),
    ping: async () => {
      await runPooled('select 1');
    },
    close: () => pool.end(),
  };
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** Failures that say nothing about which host is the primary: the server answered, slowly or busy. */
const hostStillAnswering = new Set<string>([
  pgErrorCodes.statementTimeout,
  pgErrorCodes.idleInTransactionTimeout,
  pgErrorCodes.tooManyConnections,
]);

/**
 * Whether a statement's failure means its host is not (or no longer) the writable primary: it refused a write as
 * read-only (a demoted primary), or, where DATABASE_URL names several hosts, its connection was lost.
 */
function lostItsPrimary(error: unknown, unavailable: unknown, hosts: PrimaryHosts): LeftBecause | undefined {
  const code = pgErrorCode(error);
  if (code === pgErrorCodes.readOnlyTransaction) return 'a write refused as read-only';
  const lost = hosts.count > 1 && unavailable instanceof StoreUnavailableError && !hostStillAnswering.has(code ?? '');
  return lost ? 'its connection lost' : undefined;
}

/** A driver error as the API's StoreUnavailableError when it means the database is away; anything else unchanged. */
function asUnavailable(error: unknown, statementSent: boolean): unknown {
  const cause = unavailableCause(error);
  return cause === undefined ? error : new StoreUnavailableError(cause, statementSent, error);
}

/**
 * LISTEN on a connection of its own, outside the pool. When that connection ends (a restart, a terminated backend),
 * it is opened again after a pause that grows to a few seconds, and the listener is told once it is back so it
 * can look for what it may have missed meanwhile.
 */
async function listenWithReconnect(
  pool: pg.Pool,
  hosts: PrimaryHosts,
  channel: string,
  onNotify: () => void,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const identifier = pg.escapeIdentifier(channel);
  const HostClient = clientOn(hosts);

  /** A connection of its own on the primary, as every connection: a standby takes no LISTEN. Each host once. */
  const onPrimary = async (): Promise<pg.Client & HostTagged> => {
    for (let hostsTried = 1; ; hostsTried++) {
      const next = new HostClient({ ...pool.options, types: typeParsers }) as pg.Client & HostTagged;
      next.on('error', (error) => onError(error));
      try {
        await next.connect();
        await checkPrimary(next, hosts);
        return next;
      } catch (error) {
        if (!(error instanceof NotPrimaryError) && hosts.count > 1) hosts.moveOn(next.hostIndex, 'its connection lost');
        await next.end().catch(() => {});
        if (hostsTried >= hosts.count) throw error;
      }
    }
  };
  const connect = async (): Promise<void> => {
    const next = await onPrimary();
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('end', () => {
      if (client === next) client = undefined;
      if (!stopped) schedule();
    });
    await next.query(`listen ${identifier}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
    onNotify();
  };
  const schedule = () => {
    if (stopped || retry !== undefined) return;
    const delayMs = Math.min(250 * 2 ** failures, 5_000);
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: Error) => {
        onError(error);
        schedule();
      });
    }, delayMs);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry !== undefined) clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}
