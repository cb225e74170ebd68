// The partner request log's cost on keyed writes (issue 30, "Request log": at most 5%): keyed POST /v1/deposits at
// 8 connections (ceiling B's concurrency, as the writes block) through two server processes on the same PostgreSQL,
// one with REQUEST_LOG_ENABLED=1 (the default) and one with REQUEST_LOG_ENABLED=0 (environments of one size),
// measured in turns.
//
// Two processes doing the same work differ by a few percent for reasons of their own (where each landed, which
// started first): with one pair for the whole block, an A/A run (both off) read 3% apart one way in one run and 4%
// the other way in another. So every round starts a fresh pair, the two started in the other order each round and
// measured in the other order too, each warmed up before it is measured; the figure is the median of the rounds
// (an A/A run of this design read 1%).

import { settings } from '../lib/config.mjs';
import { http } from '../lib/measure.mjs';
import { tag } from './context.mjs';

const servers = {
  on: { name: 'server-rl-on', env: { REQUEST_LOG_ENABLED: '1' } },
  off: { name: 'server-rl-off', env: { REQUEST_LOG_ENABLED: '0' } },
};

export function requestLogBlock(c) {
  const { env, ws, at, token, start, stop } = c;
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
  const measurements = [
    deposits('rl-deposits-off', 'POST /v1/deposits (Idempotency-Key), request log off', servers.off),
    deposits('rl-deposits-on', 'POST /v1/deposits (Idempotency-Key), request log on', servers.on),
  ];
  const startPair = async (first, second) => {
    for (const server of [first, second]) {
      await start(server.name, settings.serverScript, { env: env.serverEnv(server.env) });
    }
  };
  return {
    id: 'request-log',
    title: 'Request log: keyed deposits with the partner request log on and off (a fresh pair of servers each round)',
    setup: () => startPair(servers.on, servers.off),
    // The first round's pair is warmed by runBlock's own warm-up, once; the later rounds' by beforeRound.
    beforeRound: async (rep) => {
      if (rep === 1) return;
      await stop(servers.on.name, servers.off.name);
      await (rep % 2 === 0 ? startPair(servers.off, servers.on) : startPair(servers.on, servers.off));
      // A fresh process is slower for its first seconds (V8 compiles the hot path as it runs): three warm-ups each.
      for (const m of measurements) for (let i = 0; i < 3; i++) await m.warmup();
    },
    beforeEach: () => env.quiesce(),
    // Off then on, then on then off: neither process always runs on the database the other just wrote to.
    alternate: true,
    teardown: () => stop(servers.on.name, servers.off.name),
    measurements,
  };
}
