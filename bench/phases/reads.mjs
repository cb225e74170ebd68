// Reads: the constant route (ceiling A, with and without request logs), the primary-key read route (ceiling D) and
// GET /v1/orders/{id} on the seeded orders. The cost of request logging is read from two further server processes
// started together for this block, one at the default LOG_LEVEL=info and one at warn. (Comparing the long-running
// measured server with a fresh warn process made logging look free: the fresh process was slower in all three runs
// of the first full run, which says more about the two processes' histories than about logging.)

import { settings } from '../lib/config.mjs';
import { http } from '../lib/measure.mjs';
import { script } from './context.mjs';

export function readsBlock(c) {
  const { env, ws, main, at, token, start, stop, dbCeilingEnv } = c;
  const conns = c.conns.http;
  return {
    id: 'reads',
    title: 'Reads: constant route (A), primary-key read route (D), GET /v1/orders/{id} with and without request logs',
    setup: async () => {
      await start('ceiling-a', script('../ceilings/fastify-constant.mjs'), { env: { LOG_LEVEL: 'info' } });
      await start('ceiling-a-warn', script('../ceilings/fastify-constant.mjs'), { env: { LOG_LEVEL: 'warn' } });
      await start('ceiling-d', script('../ceilings/fastify-db.mjs'), { env: dbCeilingEnv });
      await start('server-pg-info', settings.serverScript, { env: env.serverEnv({ LOG_LEVEL: 'info' }) });
      await start('server-pg-warn', settings.serverScript, { env: env.serverEnv({ LOG_LEVEL: 'warn' }) });
    },
    beforeEach: () => env.quiesce(),
    teardown: () => stop('ceiling-a', 'ceiling-a-warn', 'server-pg-info', 'server-pg-warn'),
    measurements: [
      http({
        id: 'A-constant',
        label: 'A: Fastify constant JSON (pino info)',
        target: at('ceiling-a'),
        builder: 'constant',
        connections: conns,
      }),
      http({
        id: 'A-constant-nolog',
        label: 'A: Fastify constant JSON (LOG_LEVEL=warn)',
        target: at('ceiling-a-warn'),
        builder: 'constant',
        connections: conns,
      }),
      http({
        id: 'D-read',
        label: 'D: Fastify read one row by primary key',
        target: at('ceiling-d'),
        builder: 'rowRead',
        connections: conns,
        params: async () => ({ ids: env.rowIds }),
      }),
      http({
        id: 'get-order',
        label: 'GET /v1/orders/{id}',
        target: main,
        builder: 'getOrder',
        connections: conns,
        params: async () => ({ token: await token(ws.list), ids: env.orderIds }),
      }),
      http({
        id: 'get-order-log-pair',
        label: 'GET /v1/orders/{id}, log pair: LOG_LEVEL=info',
        target: at('server-pg-info'),
        builder: 'getOrder',
        connections: conns,
        params: async () => ({ token: await token(ws.list), ids: env.orderIds }),
      }),
      http({
        id: 'get-order-nolog',
        label: 'GET /v1/orders/{id}, log pair: LOG_LEVEL=warn',
        target: at('server-pg-warn'),
        builder: 'getOrder',
        connections: conns,
        params: async () => ({ token: await token(ws.list), ids: env.orderIds }),
      }),
    ],
  };
}
