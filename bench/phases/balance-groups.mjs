// Would group commit help withdrawals (issue 32)? Ceilings only, no server: guarded debits with their ledger lines
// (bench/ceilings/many-rows.mjs), one a statement against several a statement, on distinct balances and on the one
// hot balance, in debits a second. What group commit could at most add to a withdrawal is the gap between them; the
// decision and its figures are in docs/decisions/storage-and-reliability.md, "Group commit (issue #32)".

import { child } from '../lib/measure.mjs';
import { script } from './context.mjs';

/** Debits a statement in the grouped runs: about what group commit's batches carried at 8 connections. */
const group = 4;

export function balanceGroupsBlock(c) {
  const { env, databaseUrl } = c;
  const ceiling = (id, label, mode, concurrency, size = 1) =>
    child({
      id,
      label,
      script: script('../ceilings/many-rows.mjs'),
      connections: concurrency,
      spec: async () => ({ databaseUrl, concurrency, mode, group: size }),
    });
  return {
    id: 'balance-groups',
    title: 'Withdrawals grouped? Debits with ledger lines, one or several a statement (ceilings, debits a second)',
    beforeEach: () => env.quiesce(),
    measurements: [
      ceiling('C-distinct-one-8', 'C: distinct balances, 1 debit a statement (8)', 'one-statement', 8),
      ceiling('C-distinct-grouped-2', `C: distinct balances, ${group} debits a statement (2)`, 'grouped', 2, group),
      ceiling('C-distinct-grouped-8', `C: distinct balances, ${group} debits a statement (8)`, 'grouped', 8, group),
      ceiling('C-hot-one-8', 'C: one hot balance, 1 debit a statement (8)', 'hot-folded', 8, 1),
      ceiling('C-hot-folded-8', `C: one hot balance, ${group} debits folded a statement (8)`, 'hot-folded', 8, group),
    ],
  };
}
