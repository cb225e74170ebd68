// Scale-out on one PostgreSQL: the same scenarios through one server process and through `dist/cluster.js` with two
// workers on one port, both started fresh for this block. On two cores shared with PostgreSQL and the load
// generator no gain is expected (issue 6 asks for the figure, not a target): the row shows what a second process
// costs or gains here.

import { dirname, join } from 'node:path';
import { settings } from '../lib/config.mjs';
import { http } from '../lib/measure.mjs';
import { tag } from './context.mjs';

export function scaleBlock(c) {
  const { env, ws, at, token, start, stop } = c;
  const conns = c.conns.http;
  const deposits = settings.connections.insertCeiling;
  const clusterScript = join(dirname(settings.serverScript), 'cluster.js');
  // The cluster's pid is its primary, which only forks: CPU and RSS per worker are not sampled for it.
  const cluster = () => ({ url: at('server-cluster-2')().url });
  const scenarios = (id, label, target) => [
    http({
      id: `scale-get-${id}`,
      label: `GET /v1/orders/{id}, ${label}`,
      target,
      builder: 'getOrder',
      connections: conns,
      params: async () => ({ token: await token(ws.list), ids: env.orderIds }),
    }),
    http({
      id: `scale-deposits-${id}`,
      label: `POST /v1/deposits (Idempotency-Key), ${label}`,
      target,
      builder: 'deposit',
      connections: deposits,
      expect: [201],
      params: async (rep) => ({ token: await token(ws.main), tag: tag(`scale-${id}`, rep) }),
    }),
  ];
  return {
    id: 'scale',
    title: 'Scale-out: one process against dist/cluster.js with two workers, both fresh, on one PostgreSQL',
    setup: async () => {
      await start('server-single', settings.serverScript, { env: env.serverEnv({}) });
      await start('server-cluster-2', clusterScript, { env: env.serverEnv({ CLUSTER_WORKERS: '2' }) });
    },
    beforeEach: () => env.quiesce(),
    teardown: () => stop('server-single', 'server-cluster-2'),
    measurements: [...scenarios('1', '1 process', at('server-single')), ...scenarios('2', '2 processes', cluster)],
  };
}
