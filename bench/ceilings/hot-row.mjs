// Ceiling C: guarded debits of one hot balance row (`update ... where available >= x`), the shape of a withdrawal's
// hold, at concurrency 1 and 32. Modes: `update` (the statement alone, autocommit), `ledger` (BEGIN, the debit, a
// ledger insert, COMMIT: what a withdrawal needs at least) and `one-statement` (the debit and the ledger insert as
// one statement in one round trip). Every concurrent transaction queues on the row lock, so this is the most a
// single balance can take, whatever the HTTP layer does.

import { answerOnce } from '../lib/answer-once.mjs';
import { openDb } from './open-db.mjs';
import { debitHot, debitHotWithLedger, insertLedger, resetHot } from './sql.mjs';
import { timedLoop } from './timed-loop.mjs';

answerOnce(async ({ databaseUrl, concurrency, durationS, mode }) => {
  const db = await openDb({ store: 'postgres', databaseUrl, maxConnections: concurrency });
  try {
    await db.query(resetHot);
    const ops = {
      update: async () => {
        const rows = await db.query(debitHot, [1]);
        if (rows.length !== 1) throw new Error('hot balance short');
      },
      ledger: () =>
        db.transaction(async (tx) => {
          const rows = await tx.query(debitHot, [1]);
          if (rows.length !== 1) throw new Error('hot balance short');
          await tx.query(insertLedger, [1, 'bench', Date.now()]);
        }),
      'one-statement': () => db.query(debitHotWithLedger, [1, 'bench', Date.now()]),
    };
    const op = ops[mode];
    if (!op) throw new Error(`unknown mode ${mode}`);
    await timedLoop({ concurrency, durationS: Math.min(0.5, durationS), op });
    return await timedLoop({ concurrency, durationS, op });
  } finally {
    await db.close();
  }
});
