import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db.js';

/** Opens the embedded store: persisted under dataDir, or in memory when dataDir is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const pg = new PGlite({
    ...(dataDir === undefined ? {} : { dataDir }),
    parsers: { [types.INT8]: (value: string) => BigInt(value) },
  });
  await pg.waitReady;
  const asQueryable = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row = Row>(text: string, params?: readonly unknown[]) {
      const result = await q.query<T>(text, params ? [...params] : undefined);
      return result.rows;
    },
    async exec(script: string) {
      await q.exec(script);
    },
  });
  const root = asQueryable(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(asQueryable(tx))),
    listen: (channel, onNotify) => pg.listen(channel, () => onNotify()),
    ping: async () => {
      await pg.query('select 1');
    },
    close: () => pg.close(),
  };
}
