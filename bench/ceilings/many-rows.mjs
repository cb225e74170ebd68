// Ceiling C-distinct (issue 32, "decide with measurements whether withdrawals on distinct balances benefit"): guarded
// debits with their ledger lines, what a withdrawal needs at least, measured as debits a second. Modes:
//   `one-statement`: one debit of a balance of the loop's own (no two loops share one) a statement, `concurrency`
//     loops: the best a withdrawal a transaction can do;
//   `grouped`: `group` debits of distinct balances a statement (debitManyWithLedger), `concurrency` loops: what
//     group commit could at most make of them;
//   `hot-folded`: `group` debits of the one hot balance folded into one update a statement (debitHotFoldedWithLedger).
// The answer's rps counts debits a second (statements a second times `group`), its latencies a statement's.

import { answerOnce } from '../lib/answer-once.mjs';
import { openDb } from './open-db.mjs';
import {
  debitHotFoldedWithLedger,
  debitManyWithLedger,
  debitWithLedger,
  distinctBalanceCount,
  resetDistinct,
  resetHot,
} from './sql.mjs';
import { timedLoop } from './timed-loop.mjs';

answerOnce(async ({ databaseUrl, concurrency, durationS, mode, group = 1 }) => {
  const db = await openDb({ store: 'postgres', databaseUrl, maxConnections: concurrency });
  try {
    await db.query(resetDistinct);
    await db.query(resetHot);
    // Loop `worker` debits the balances worker+1, worker+1+c, worker+1+2c, …: never one another loop holds.
    const perLoop = Math.floor(distinctBalanceCount / concurrency);
    const balance = (worker, i) => worker + 1 + concurrency * (i % perLoop);
    const ops = {
      'one-statement': (worker, i) => db.query(debitWithLedger, [balance(worker, i), 1, 'bench', Date.now()]),
      grouped: (worker, i) => {
        const ids = Array.from({ length: group }, (_, k) => balance(worker, i * group + k));
        return db.query(debitManyWithLedger, [ids, ids.map(() => 1), 'bench', Date.now()]);
      },
      'hot-folded': () => db.query(debitHotFoldedWithLedger, [Array(group).fill(1), 'bench', Date.now()]),
    };
    const op = ops[mode];
    if (!op) throw new Error(`unknown mode ${mode}`);
    if (mode === 'grouped' && group > perLoop) throw new Error('a group larger than a loop has balances');
    await timedLoop({ concurrency, durationS: Math.min(0.5, durationS), op });
    const result = await timedLoop({ concurrency, durationS, op });
    return { ...result, group, statementsPerSecond: result.rps, rps: result.rps * group };
  } finally {
    await db.close();
  }
});
