// Ceiling B: single-row INSERT transactions per second from Node (BEGIN + INSERT + COMMIT through postgres.js's
// sql.begin, as the server's db.transaction does), at the given concurrency on PostgreSQL; serially on PGlite,
// which runs one query at a time in its process anyway.

import { randomUUID } from 'node:crypto';
import { answerOnce } from '../lib/answer-once.mjs';
import { openDb } from './open-db.mjs';
import { insertRow, rowData } from './sql.mjs';
import { timedLoop } from './timed-loop.mjs';

answerOnce(async ({ store, databaseUrl, dataDir, concurrency, durationS }) => {
  const db = await openDb({ store, databaseUrl, dataDir, maxConnections: concurrency });
  try {
    const data = rowData('q');
    const op = () =>
      db.transaction((tx) => tx.query(insertRow, [randomUUID(), 'ws-bench', 'EUR', 10_000, data, Date.now()]));
    await timedLoop({ concurrency, durationS: Math.min(0.5, durationS), op }); // warm the connections and plans
    return await timedLoop({ concurrency, durationS, op });
  } finally {
    await db.close();
  }
});
