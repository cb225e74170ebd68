// Writes: the insert route (ceiling D) beside POST /v1/quotes at 50 connections; raw inserts (ceiling B, concurrency
// 8) beside keyed POST /v1/orders and /v1/deposits at 8 connections. Every order needs a quote of its own: the quotes
// runs hand theirs to the orders runs, topped up beforehand when there are too few.

import { child, http } from '../lib/measure.mjs';
import { quoteSupply } from '../lib/quote-supply.mjs';
import { script, tag } from './context.mjs';

export function writesBlock(c) {
  const { env, ws, databaseUrl, main, at, token, start, stop, dbCeilingEnv } = c;
  const { http: conns, insertCeiling } = c.conns;
  const server = env.server;

  // Quotes made by the quotes runs (and topped up when short), each bound by one order of the orders runs.
  const quotes = quoteSupply({ env, connections: conns });

  return {
    id: 'writes',
    title: 'Writes: insert route (D), raw inserts (B), quotes, keyed orders and deposits',
    setup: () => start('ceiling-d', script('../ceilings/fastify-db.mjs'), { env: dbCeilingEnv }),
    beforeEach: () => env.quiesce(),
    teardown: () => stop('ceiling-d'),
    measurements: [
      http({
        id: 'D-insert',
        label: 'D: Fastify validate + insert in a transaction',
        target: at('ceiling-d'),
        builder: 'rowInsert',
        connections: conns,
        expect: [201],
        params: async (rep) => ({ tag: tag('row', rep) }),
      }),
      http({
        id: 'quotes',
        label: 'POST /v1/quotes',
        target: main,
        builder: 'quote',
        connections: conns,
        expect: [201],
        params: async () => ({ token: await token(ws.main) }),
        check: (result) => {
          quotes.add(result.collected?.quoteIds ?? []);
          delete result.collected;
          return {};
        },
      }),
      http({
        id: 'orders',
        label: 'POST /v1/orders (Idempotency-Key)',
        target: main,
        builder: 'order',
        connections: insertCeiling,
        expect: [201],
        params: async (rep) => {
          const p = { token: await token(ws.main), tag: tag('ord', rep) };
          return { ...p, quoteIds: await quotes.take(rep, server.url, p) };
        },
        check: (result) => quotes.check(result),
      }),
      child({
        id: 'B-insert',
        label: 'B: BEGIN+INSERT+COMMIT from Node (postgres.js)',
        script: script('../ceilings/sql-insert.mjs'),
        connections: insertCeiling,
        spec: async () => ({ store: 'postgres', databaseUrl, concurrency: insertCeiling }),
      }),
      http({
        id: 'deposits',
        label: 'POST /v1/deposits (Idempotency-Key)',
        target: main,
        builder: 'deposit',
        connections: insertCeiling,
        expect: [201],
        params: async (rep) => ({ token: await token(ws.main), tag: tag('dep', rep) }),
      }),
    ],
  };
}
