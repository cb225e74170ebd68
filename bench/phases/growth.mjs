// How cost grows with work (issue 15, item 4): one workspace grown to each size of settings.growthSizes, with 10
// other workspaces beside it holding a tenth of that each, and at each size GET /v1/orders/{id} (ids sampled across
// the whole workspace), the list's first page, a deeper page (offset 1000) and the filtered count, at 8 connections
// like the lists block. One block per size; each block's setup seeds only what its size adds to the one before, so
// the sizes run in order on one growing table. After each size the plans of the server's own statements
// (growth-plans.mjs) and the sizes of the tables and indexes go into the results.

import { settings } from '../lib/config.mjs';
import { http } from '../lib/measure.mjs';
import { listStatuses, seedOrders, seedSpanDays, vacuumOrders } from '../scenarios/seed-orders.mjs';
import { growthFacts } from './growth-plans.mjs';

export const neighbourCount = 10;
/** Each neighbour holds this share of the measured workspace's orders. */
export const neighbourShare = 10;
/** The deeper page: page 20 of 50, rows 1,001 to 1,050 (the list pages by offset). */
export const deepPage = 20;

/** 100k, 1m, 5m: the sizes in measurement ids. */
export const sizeTag = (n) => (n >= 1_000_000 ? `${n / 1_000_000}m` : `${n / 1_000}k`);

export function growthBlocks(c, log) {
  const { env, sql, main, token } = c;
  const conns = c.conns.list;
  const state = { workspaces: undefined, held: new Map(), nowMs: undefined, ids: [] };

  // Made on the first size that runs: 11 workspaces through the API, each with a real template order.
  const ensureWorkspaces = async () => {
    if (state.workspaces) return;
    const make = async (name) => {
      const w = await env.api.benchWorkspace(name);
      await env.api.approvePayer(w);
      const template = await env.api.placeOrder(w);
      state.held.set(w.workspaceId, 1);
      return { ...w, templateOrderId: template.orderId };
    };
    const measured = await make('bench growth');
    const neighbours = [];
    for (let i = 1; i <= neighbourCount; i++) neighbours.push(await make(`bench growth neighbour ${i}`));
    state.workspaces = { measured, neighbours };
    // One end of the seeded year for every seed of the block, so that every list window means the same days.
    state.nowMs = Date.now();
  };

  const grow = async (size) => {
    const { measured, neighbours } = state.workspaces;
    const targets = [[measured, size], ...neighbours.map((w) => [w, Math.floor(size / neighbourShare)])];
    const started = Date.now();
    let added = 0;
    for (const [w, target] of targets) {
      const count = target - state.held.get(w.workspaceId);
      if (count <= 0) continue;
      await seedOrders(sql, { templateOrderId: w.templateOrderId, count, nowMs: state.nowMs, vacuum: false });
      state.held.set(w.workspaceId, target);
      added += count;
    }
    await vacuumOrders(sql);
    const seconds = (Date.now() - started) / 1000;
    log(`  seeded ${added.toLocaleString('en')} orders into 11 workspaces and vacuumed in ${seconds.toFixed(0)} s`);
    // Ids from the whole workspace, old and new: whole pages sampled across the table (TABLESAMPLE SYSTEM reads
    // only the pages it picks), about 3,000 of the workspace's rows, of which 1,000 at random.
    const percent = Math.min(100, (100 * 3000) / size);
    state.ids = (
      await sql.unsafe(
        `select id from orders tablesample system (${percent}) where workspace_id = $1 order by random() limit 1000`,
        [measured.workspaceId],
      )
    ).map((r) => r.id);
    return { added, seconds };
  };

  const listParams = async (extra) => ({
    token: await token(state.workspaces.measured),
    statuses: listStatuses,
    nowS: Math.floor(state.nowMs / 1000),
    spanDays: seedSpanDays,
    windowDays: 30,
    ...extra,
  });

  return settings.growthSizes.map((size) => {
    const t = sizeTag(size);
    let seed;
    return {
      id: `growth-${t}`,
      title:
        `Growth: ${size.toLocaleString('en')} orders in one workspace, ${neighbourCount} beside it with ` +
        `${Math.floor(size / neighbourShare).toLocaleString('en')} each (${conns} connections)`,
      setup: async () => {
        await ensureWorkspaces();
        seed = await grow(size);
      },
      beforeEach: () => env.quiesce(),
      measurements: [
        http({
          id: `growth-get-${t}`,
          label: `GET /v1/orders/{id}, ${t} orders`,
          target: main,
          builder: 'getOrder',
          connections: conns,
          params: async () => ({ token: await token(state.workspaces.measured), ids: state.ids }),
        }),
        http({
          id: `growth-list-${t}`,
          label: `GET /v1/orders?status&from&to page 0, ${t} orders`,
          target: main,
          builder: 'listOrders',
          connections: conns,
          params: () => listParams({ page: 0 }),
        }),
        http({
          id: `growth-deep-${t}`,
          label: `GET /v1/orders?status=Success&from&to page ${deepPage}, ${t} orders`,
          target: main,
          builder: 'listOrders',
          connections: conns,
          params: () => listParams({ page: deepPage, statuses: ['Success'] }),
        }),
        http({
          id: `growth-count-${t}`,
          label: `GET /v1/orders/count?status&from&to, ${t} orders`,
          target: main,
          builder: 'countOrders',
          connections: conns,
          params: () => listParams({}),
        }),
      ],
      after: async () => ({
        size,
        neighbours: neighbourCount,
        neighbourOrders: Math.floor(size / neighbourShare),
        seed,
        ...(await growthFacts(sql, {
          workspaceId: state.workspaces.measured.workspaceId,
          nowMs: state.nowMs,
          sampleId: state.ids[0],
          deepPage,
        })),
      }),
    };
  });
}
