import postgres from 'postgres';
import { type Db, pgErrorCode, pgErrorCodes, type Queryable, type Row } from './db.js';

export interface PostgresOptions {
  readonly url: string;
  readonly maxConnections: number;
}

const retryable = new Set<string>([pgErrorCodes.deadlockDetected, pgErrorCodes.serializationFailure]);
const attemptsMax = 3;

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
      if (attempt >= attemptsMax || code === undefined || !retryable.has(code)) throw error;
    }
  }
}

export async function openPostgres(options: PostgresOptions): Promise<Db> {
  const sql = postgres(options.url, {
    max: options.maxConnections,
    types: { bigint: postgres.BigInt },
    onnotice: () => {},
    // Statements are prepared once per connection and reused: most queries here are fixed texts.
    prepare: true,
  });
  const asQueryable = (q: postgres.Sql | postgres.TransactionSql): Queryable => ({
    async query<T extends Row = Row>(text: string, params?: readonly unknown[]) {
      // unsafe() prepares only when asked: without it every statement is parsed and planned on every call.
      const rows = await q.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[], { prepare: true });
      return rows as unknown as T[];
    },
    async exec(script: string) {
      await q.unsafe(script);
    },
  });
  await sql`select 1`;
  const root = asQueryable(sql);
  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => withRetry(() => sql.begin((tx) => fn(asQueryable(tx))) as Promise<never>),
    // postgres.js keeps one dedicated connection for LISTEN and re-listens after a reconnect.
    listen: async (channel, onNotify) => {
      const { unlisten } = await sql.listen(channel, () => onNotify());
      return unlisten;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
