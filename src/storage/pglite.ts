import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db.js';
import { initdbInChild, needsInitdb } from './pglite-initdb.js';
import { PglitePreparedStatements } from './pglite-prepared.js';

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
  const statements = new PglitePreparedStatements(pg);
  // As PGlite's own query() and transaction(): a statement holds the query lock, and one outside a transaction
  // also the transaction lock (so it never runs inside another caller's transaction) and syncs to the file system.
  const statement = <T extends Row>(text: string, params: readonly unknown[] | undefined, inTransaction: boolean) =>
    pg.runExclusive(() => statements.run<T>(text, params ?? [], !inTransaction));
  const queryable = (inTransaction: boolean, execScript: (script: string) => Promise<unknown>): Queryable => ({
    query: <T extends Row = Row>(text: string, params?: readonly unknown[]) =>
      inTransaction
        ? statement<T>(text, params, true)
        : pg._runExclusiveTransaction(() => statement<T>(text, params, false)),
    async exec(script: string) {
      await execScript(script);
    },
  });
  const root = queryable(false, (script) => pg.exec(script));
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(queryable(true, (script) => tx.exec(script)))),
    listen: (channel, onNotify) => pg.listen(channel, () => onNotify()),
    ping: async () => {
      await pg.query('select 1');
    },
    close: () => pg.close(),
  };
}
