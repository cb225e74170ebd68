// The PostgreSQL phase's blocks, in the order they run: each a scenario beside its ceiling (bench/lib/measure.mjs),
// then the start-up times (a block of its own kind: it has runAll) and the growth sizes, last because they only add
// to the database (more workspaces, millions more orders) that the blocks before them measure.

import { settings } from '../lib/config.mjs';
import { balanceGroupsBlock } from './balance-groups.mjs';
import { blockContext } from './context.mjs';
import { groupCommitBlock } from './group-commit.mjs';
import { growthBlocks } from './growth.mjs';
import { hotBalanceBlock } from './hot-balance.mjs';
import { housekeepingBlock } from './housekeeping.mjs';
import { listsBlock } from './lists.mjs';
import { readsBlock } from './reads.mjs';
import { requestLogBlock } from './request-log.mjs';
import { scaleBlock } from './scale.mjs';
import { startupBlock } from './startup.mjs';
import { webhooksBlock } from './webhooks.mjs';
import { writesBlock } from './writes.mjs';

export function postgresBlocks(env, { logDir, profileDir, log }) {
  const c = blockContext(env, { logDir, profileDir });
  const blocks = [
    readsBlock(c),
    writesBlock(c),
    hotBalanceBlock(c),
    listsBlock(c),
    webhooksBlock(c),
    scaleBlock(c),
    requestLogBlock(c),
    groupCommitBlock(c),
    balanceGroupsBlock(c),
    housekeepingBlock(c),
    startupBlock(env, { logDir, log }),
    ...growthBlocks(c, log),
  ];
  const count = blocks.reduce((n, b) => n + (b.measurements?.length ?? 0), 0);
  log(`  (${count} measurements x ${settings.repetitions} runs x ${settings.durationS} s)`);
  return { blocks, stopAll: c.stopAll };
}
