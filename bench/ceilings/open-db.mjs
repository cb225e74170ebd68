// The ceilings' own connection to the store, opened as src/storage/ opens the server's (postgres.js with int8 as
// bigint, PGlite persisted under a directory), behind the same tiny interface: query(text, params) -> rows,
// transaction(fn), close().

import { schema } from './sql.mjs';

export async function openDb({ store, databaseUrl, dataDir, maxConnections = 10 }) {
  return store === 'pglite' ? openPglite(dataDir) : openPostgres(databaseUrl, maxConnections);
}

async function openPostgres(url, max) {
  const [{ default: postgres }, { postgresJs }] = await Promise.all([
    import('postgres'),
    import('../lib/postgres-js.mjs'),
  ]);
  const sql = postgresJs(url, { max, types: { bigint: postgres.BigInt }, onnotice: () => {}, prepare: true });
  // Prepared, as postgres.js prepares its tagged-template queries: the ceiling is the stack at its best. (sql.unsafe
  // does not prepare unless told, whatever the pool's `prepare` option says.)
  const q = (s) => ({ query: (text, params = []) => s.unsafe(text, params, { prepare: true }) });
  await sql`select 1`;
  return { ...q(sql), transaction: (fn) => sql.begin((tx) => fn(q(tx))), close: () => sql.end({ timeout: 5 }) };
}

async function openPglite(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite({ dataDir });
  await pg.waitReady;
  await pg.exec(schema);
  const q = (s) => ({ query: async (text, params) => (await s.query(text, params)).rows });
  return { ...q(pg), transaction: (fn) => pg.transaction((tx) => fn(q(tx))), close: () => pg.close() };
}
