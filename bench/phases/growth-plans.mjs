// What the growth block saves beside its figures, to tell what grows and why: the plans PostgreSQL runs for the
// server's own list, deeper-page, count and read statements (EXPLAIN (ANALYZE, BUFFERS): rows read, pages touched,
// time), the sizes of the orders table and its indexes, and the height of the B-trees the statements descend.
//
// The statements are the server's, not copies: the built repository functions (dist/resources/orders/repo.js, beside
// settings.serverScript) are called with a stand-in database that records the SQL and parameters they send. A change
// to the server's queries is therefore seen here without a change to the bench.

import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { settings } from '../lib/config.mjs';
import { root } from '../lib/processes.mjs';

const dayS = 86_400;

/** The statement `fn` sends, with its parameters, recorded instead of run. */
async function statementOf(fn) {
  const sent = [];
  const recorder = {
    query: async (text, params = []) => {
      sent.push({ text, params: [...params] });
      return [];
    },
    exec: async () => {},
  };
  await fn(recorder);
  if (sent.length !== 1) throw new Error(`expected one statement, saw ${sent.length}`);
  return sent[0];
}

async function explain(sql, { text, params }) {
  const rows = await sql.unsafe(`explain (analyze, buffers) ${text}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** Heap, TOAST and index sizes of the tables the measured statements read, largest first. */
async function relationSizes(sql) {
  const rows = await sql`select c.relname as name, t.relname as "table",
      case c.relkind when 'i' then 'index' else 'table' end as kind,
      pg_relation_size(c.oid) as bytes, c.reltuples::bigint as rows
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_index i on i.indexrelid = c.oid
    left join pg_class t on t.oid = i.indrelid
    where n.nspname = current_schema()
      and (c.relname in ('orders', 'quotes', 'order_day_counts')
        or t.relname in ('orders', 'quotes', 'order_day_counts'))
    order by pg_relation_size(c.oid) desc`;
  const toast = await sql`select pg_total_relation_size('orders') - pg_relation_size('orders')
      - pg_indexes_size('orders') as bytes`;
  return {
    relations: rows.map((r) => ({ ...r, bytes: Number(r.bytes), rows: Number(r.rows) })),
    ordersToastBytes: Number(toast[0].bytes),
  };
}

/**
 * Levels of the B-trees a read descends (pageinspect's bt_metap): one more level is one more page per lookup. Left
 * out when the extension cannot be made (not a superuser on a given DATABASE_URL).
 */
async function treeLevels(sql) {
  try {
    await sql.unsafe('create extension if not exists pageinspect');
    const levels = {};
    for (const index of ['orders_pkey', 'orders_workspace_created', 'orders_workspace_status_created']) {
      const [meta] = await sql.unsafe(`select level from bt_metap('${index}')`);
      levels[index] = Number(meta.level) + 1;
    }
    return levels;
  } catch (error) {
    return { unavailable: error.message };
  }
}

/**
 * Plans and sizes for the measured workspace: a 30-day window a month back, status Success (82% of settled orders)
 * for the first page, the deeper page and the count, and a read by id.
 */
export async function growthFacts(sql, { workspaceId, nowMs, sampleId, deepPage }) {
  const facts = {};
  try {
    const dist = dirname(resolve(root, settings.serverScript));
    const repo = await import(pathToFileURL(join(dist, 'resources', 'orders', 'repo.js')).href);
    const to = Math.floor(nowMs / 1000) - 30 * dayS;
    const filters = { status: ['Success'], from: to - 30 * dayS, to };
    const statements = {
      listPlan: await statementOf((db) => repo.listOrders(db, workspaceId, { ...filters, limit: 50, page: 0 })),
      deepPlan: await statementOf((db) => repo.listOrders(db, workspaceId, { ...filters, limit: 50, page: deepPage })),
      countPlan: await statementOf((db) => repo.countOrders(db, workspaceId, filters)),
      getPlan: await statementOf((db) => repo.findOrder(db, sampleId)),
    };
    facts.planWindow = { status: 'Success', fromS: filters.from, toS: filters.to };
    for (const [name, statement] of Object.entries(statements)) facts[name] = await explain(sql, statement);
  } catch (error) {
    facts.planError = error.message;
  }
  const [{ n }] = await sql`select count(*)::bigint as n from orders where workspace_id = ${workspaceId}`;
  facts.workspaceOrders = Number(n);
  Object.assign(facts, await relationSizes(sql));
  facts.treeLevels = await treeLevels(sql);
  return facts;
}
