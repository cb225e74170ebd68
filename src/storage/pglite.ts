import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db.js';
import { initdbInChild, needsInitdb } from './pglite-initdb.js';

/**
 * PostgreSQL's settings inside PGlite. Its shared buffers live in the process's WebAssembly memory, which never
 * shrinks: initdb's 128 MB default made a server hold about 300 MiB at start; 16 MB keeps the embedded store's
 * working set (a development database) while the file system's cache holds the rest of the data files.
 */
export const pgliteStartParams: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Opens the embedded store: persisted under dataDir, or in memory when dataDir is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  // A new directory's initdb runs in a child process, whose memory is given back when it ends (pglite-initdb.ts).
  if (dataDir !== undefined && needsInitdb(dataDir)) await initdbInChild(dataDir, pgliteStartParams);
  const pg = new PGlite({
    ...(dataDir === undefined ? {} : { dataDir }),
    startParams: [...pgliteStartParams],
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
