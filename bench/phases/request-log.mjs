// The partner request log's cost on keyed writes (issue 30, "Request log": at most 5%): keyed POST /v1/deposits at
// 8 connections (ceiling B's concurrency, as the writes block) through two server processes on the same PostgreSQL,
// one with REQUEST_LOG_ENABLED=1 (the default) and one with REQUEST_LOG_ENABLED=0, a fresh pair each round
// (bench/lib/server-pair.mjs). And its cost on reads, which issue 30 bounded nowhere: GET /v1/orders/{id} on the
// seeded orders at the reads block's 50 connections, whose answer (about 1 kB, with four sensitive fields) is masked
// and stored for every request, against a GET's much smaller work (issue 32, "the GET and list regressions").

import { settings } from '../lib/config.mjs';
import { http } from '../lib/measure.mjs';
import { serverPairBlock } from '../lib/server-pair.mjs';
import { tag } from './context.mjs';

const servers = {
  on: { name: 'server-rl-on', env: { REQUEST_LOG_ENABLED: '1' } },
  off: { name: 'server-rl-off', env: { REQUEST_LOG_ENABLED: '0' } },
};

export function requestLogBlock(c) {
  const { ws, at, token, env } = c;
  const deposits = (id, label, server) =>
    http({
      id,
      label,
      target: at(server.name),
      builder: 'deposit',
      connections: settings.connections.insertCeiling,
      expect: [201],
      params: async (rep) => ({ token: await token(ws.main), tag: tag(id, rep) }),
    });
  const reads = (id, label, server) =>
    http({
      id,
      label,
      target: at(server.name),
      builder: 'getOrder',
      connections: c.conns.http,
      params: async () => ({ token: await token(ws.list), ids: env.orderIds }),
    });
  return serverPairBlock(c, {
    id: 'request-log',
    title:
      'Request log: keyed deposits and GET /v1/orders/{id} with the partner request log on and off (a fresh pair of servers each round)',
    servers,
    // Its rounds swung by -13% to +14% around a cost of 2-3% (docs/performance.md): the median of three is not the
    // figure, the median of ten is.
    minRepetitions: 10,
    measurements: [
      deposits('rl-deposits-off', 'POST /v1/deposits (Idempotency-Key), request log off', servers.off),
      deposits('rl-deposits-on', 'POST /v1/deposits (Idempotency-Key), request log on', servers.on),
      reads('rl-get-off', 'GET /v1/orders/{id}, request log off', servers.off),
      reads('rl-get-on', 'GET /v1/orders/{id}, request log on', servers.on),
    ],
  });
}
