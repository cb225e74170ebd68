// Lists and counts over the seeded orders of one workspace: a page of 50 and a count, each filtered by one status
// and a 30-day window, at 8 connections; afterwards the plans PostgreSQL chose, for docs/performance.md.

import { settings } from '../lib/config.mjs';
import { http } from '../lib/measure.mjs';
import { listStatuses, seedSpanDays } from '../scenarios/seed-orders.mjs';

export function listsBlock(c) {
  const { env, ws, sql, main, token } = c;
  const listConns = c.conns.list;
  const day = 86_400;
  const listParams = async () => ({
    token: await token(ws.list),
    statuses: listStatuses,
    nowS: Math.floor(env.seed.nowMs / 1000),
    spanDays: seedSpanDays,
    windowDays: 30,
  });
  return {
    id: 'lists',
    title: `Lists and counts over ${settings.seededOrders.toLocaleString('en')} orders in one workspace (8 connections)`,
    beforeEach: () => env.quiesce(),
    measurements: [
      http({
        id: 'list',
        label: 'GET /v1/orders?status&from&to (page of 50)',
        target: main,
        builder: 'listOrders',
        connections: listConns,
        params: listParams,
      }),
      http({
        id: 'count',
        label: 'GET /v1/orders/count?status&from&to',
        target: main,
        builder: 'countOrders',
        connections: listConns,
        params: listParams,
      }),
    ],
    // The plans behind the figures, for docs/performance.md: a 30-day window a month back, for the most common
    // status (82%) and a rare one (2%), filtered as the server's list query filters one status. The count plans show
    // what counting the window in the index alone would read; the server sums whole days from order_day_counts.
    after: async () => {
      const to = env.seed.nowMs - 30 * day * 1000;
      const where = 'workspace_id = $1 and created_at_ms >= $2 and created_at_ms < $3 and status = $4';
      const plan = async (q, status) =>
        (await sql.unsafe(`explain (analyze, buffers) ${q}`, [ws.list.workspaceId, to - 30 * day * 1000, to, status]))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      const list = `select * from orders where ${where} order by created_at_ms desc, id desc limit 50 offset 0`;
      const count = `select count(*) from orders where ${where}`;
      return {
        listPlanSuccess: await plan(list, 'Success'),
        listPlanFailed: await plan(list, 'Failed'),
        countPlanSuccess: await plan(count, 'Success'),
        countPlanFailed: await plan(count, 'Failed'),
      };
    },
  };
}
