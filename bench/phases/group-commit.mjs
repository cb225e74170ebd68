// Group commit (issue 32): keyed POST /v1/deposits through two server processes on the same PostgreSQL, one with
// GROUP_COMMIT_ENABLED=1 (the default) and one with GROUP_COMMIT_ENABLED=0 (each deposit a statement of its own),
// at 8 connections (ceiling B's concurrency, as the writes block) and at 1 connection (a lone request: what the
// grouping costs a request that has no company). A fresh pair each round, started and measured in turns, as the
// request log's block (bench/phases/request-log.mjs), since two processes doing the same work differ by a few
// percent for reasons of their own. After each run at 8 connections the block reads the on process's batch sizes
// (GET /admin/v1/database, groupCommit.deposits) into the result.

import { settings } from '../lib/config.mjs';
import { http } from '../lib/measure.mjs';
import { tag } from './context.mjs';

const servers = {
  on: { name: 'server-gc-on', env: { GROUP_COMMIT_ENABLED: '1' } },
  off: { name: 'server-gc-off', env: { GROUP_COMMIT_ENABLED: '0' } },
};

export function groupCommitBlock(c) {
  const { env, ws, at, token, start, stop } = c;
  /** The on process's group figures, before a run: the run's own sizes are the difference. */
  let before;
  const figures = async () => {
    const answer = await fetch(`${at(servers.on.name)().url}/admin/v1/database`, {
      headers: { authorization: `Bearer ${env.adminToken}` },
    });
    const body = await answer.json();
    return body.groupCommit?.deposits ?? { statements: 0, writes: 0, sizes: [] };
  };
  const deposits = (id, label, server, connections) =>
    http({
      id,
      label,
      target: at(server.name),
      builder: 'deposit',
      connections,
      expect: [201],
      params: async (rep) => {
        if (server === servers.on && connections > 1) before = await figures();
        return { token: await token(ws.main), tag: tag(id, rep) };
      },
      check:
        server === servers.on && connections > 1
          ? async (result) => {
              const after = await figures();
              const sizes = {};
              for (const { writes, statements } of after.sizes) {
                const earlier = before?.sizes.find((s) => s.writes === writes)?.statements ?? 0;
                if (statements > earlier) sizes[writes] = statements - earlier;
              }
              result.groupSizes = sizes;
              return {};
            }
          : undefined,
    });
  const measurements = [
    deposits(
      'gc-deposits-off',
      'POST /v1/deposits (Idempotency-Key), group commit off',
      servers.off,
      settings.connections.insertCeiling,
    ),
    deposits(
      'gc-deposits-on',
      'POST /v1/deposits (Idempotency-Key), group commit on',
      servers.on,
      settings.connections.insertCeiling,
    ),
    deposits('gc-lone-off', 'POST /v1/deposits (Idempotency-Key), 1 connection, group commit off', servers.off, 1),
    deposits('gc-lone-on', 'POST /v1/deposits (Idempotency-Key), 1 connection, group commit on', servers.on, 1),
  ];
  const startPair = async (first, second) => {
    for (const server of [first, second]) {
      await start(server.name, settings.serverScript, { env: env.serverEnv(server.env) });
    }
  };
  return {
    id: 'group-commit',
    title: 'Group commit: keyed deposits with GROUP_COMMIT_ENABLED on and off (a fresh pair of servers each round)',
    setup: () => startPair(servers.on, servers.off),
    beforeRound: async (rep) => {
      if (rep === 1) return;
      await stop(servers.on.name, servers.off.name);
      await (rep % 2 === 0 ? startPair(servers.off, servers.on) : startPair(servers.on, servers.off));
      for (const m of measurements) for (let i = 0; i < 3; i++) await m.warmup();
    },
    beforeEach: () => env.quiesce(),
    alternate: true,
    teardown: () => stop(servers.on.name, servers.off.name),
    measurements,
  };
}
