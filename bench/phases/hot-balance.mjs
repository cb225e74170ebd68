// One hot balance: the guarded UPDATE ceilings (C: alone, with a ledger insert in a transaction, and as one
// statement) beside POST /v1/withdrawals at 1 and 32 connections, all debiting one balance row. Afterwards the drain:
// a small balance and three times as many withdrawals at once, then the ledger verification.

import { child, http, loadWorker } from '../lib/measure.mjs';
import { runChild } from '../lib/processes.mjs';
import { script, tag } from './context.mjs';
import { withdrawalFunding } from './postgres-setup.mjs';

export function hotBalanceBlock(c) {
  const { env, ws, sql, api, databaseUrl, main, token } = c;
  const server = env.server;

  // Withdrawals of 1 EUR on one amply funded balance. Money is checked in the store, not from the load generator's
  // count (requests cut off at the end of a run may still commit): after each run the balance plus everything
  // withdrawn must equal what was funded, and the balance must never be below zero.
  const moneyOf = async (w, fundedEur) => {
    const [row] = await sql`select
    (select coalesce(sum(amount + fee), 0) from withdrawals where workspace_id = ${w.workspaceId}) as withdrawn,
    (select count(*) from withdrawals where workspace_id = ${w.workspaceId}) as created,
    (select available from balances where account_id = ${`acct:ws:${w.workspaceId}`} and currency = 'EUR') as available`;
    const [withdrawn, available, created] = [Number(row.withdrawn), Number(row.available), Number(row.created)];
    return {
      created,
      available,
      conserved: withdrawn + available === fundedEur * 100,
      overdrawn: available < 0 || withdrawn > fundedEur * 100,
    };
  };
  const withdrawals = (connections) => {
    let before;
    return http({
      id: `withdrawals-${connections}`,
      label: `POST /v1/withdrawals, one balance (${connections} conn)`,
      target: main,
      builder: 'withdrawal',
      connections,
      expect: [201],
      params: async (rep) => {
        before = await moneyOf(ws.hot, withdrawalFunding.hot);
        return { token: await token(ws.hot), tag: tag(`wd${connections}`, rep), amount: 1 };
      },
      check: async (result) => {
        const after = await moneyOf(ws.hot, withdrawalFunding.hot);
        // Created in the store but cut off before its answer reached autocannon: at most one per connection.
        const unanswered = after.created - before.created - result.ok;
        return { unanswered, conserved: after.conserved, overdrawn: after.overdrawn };
      },
    });
  };
  const hotRow = (mode, concurrency) =>
    child({
      id: `C-${mode}-${concurrency}`,
      label: `C: hot row ${mode === 'update' ? 'UPDATE ... WHERE available >= x' : mode === 'ledger' ? 'UPDATE + ledger INSERT (tx)' : 'UPDATE + ledger INSERT (1 statement)'} (${concurrency})`,
      script: script('../ceilings/hot-row.mjs'),
      connections: concurrency,
      spec: async () => ({ databaseUrl, concurrency, mode }),
    });

  return {
    id: 'hot',
    title: 'One hot balance: guarded UPDATE ceilings (C) and withdrawals at 1 and 32 connections',
    beforeEach: () => env.quiesce(),
    measurements: [
      hotRow('update', 1),
      hotRow('ledger', 1),
      withdrawals(1),
      hotRow('update', 32),
      hotRow('ledger', 32),
      hotRow('one-statement', 32),
      withdrawals(32),
    ],
    // The drain: 200 EUR funded, three times as many withdrawals of 1 EUR sent at once; exactly 200 may pass.
    after: async (results) => {
      const drain = await runChild(loadWorker, {
        url: server.url,
        connections: 32,
        amount: withdrawalFunding.drain * 3,
        builder: 'withdrawal',
        params: { token: await token(ws.drain), tag: tag('drain', 0), amount: 1 },
        expect: [201],
      });
      const money = await moneyOf(ws.drain, withdrawalFunding.drain);
      const ledger = await api.call(env.adminToken, 'GET', '/admin/v1/ledger/verification');
      const runs = ['withdrawals-1', 'withdrawals-32'].flatMap((id) => results.measurements[id]?.runs ?? []);
      return {
        funded: withdrawalFunding.drain,
        accepted: drain.ok,
        created: money.created,
        refused402: drain.statuses['402'] ?? 0,
        otherErrors: drain.errors - (drain.statuses['402'] ?? 0),
        balanceLeft: money.available / 100,
        overdraft: Math.max(0, money.created - withdrawalFunding.drain) + runs.filter((r) => r.overdrawn).length,
        runsNotConserved: runs.filter((r) => !r.conserved).length + (money.conserved ? 0 : 1),
        ledgerConsistent: ledger.consistent,
        ledgerProblems: ledger.problems.slice(0, 5),
      };
    },
  };
}
