import postgres from 'postgres';
import type { Db, Queryable, Row } from './db.js';

export interface PostgresOptions {
  readonly url: string;
  readonly maxConnections: number;
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
      const rows = await q.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[]);
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
    transaction: async (fn) => (await sql.begin((tx) => fn(asQueryable(tx)))) as never,
    close: () => sql.end({ timeout: 5 }),
  };
}
