// Group commit (issue 32): keyed POST /v1/deposits and POST /v1/orders through two server processes on the same
// PostgreSQL, one with GROUP_COMMIT_ENABLED=1 (the default) and one with GROUP_COMMIT_ENABLED=0 (each write a
// statement of its own), at 8 connections (ceiling B's concurrency, as the writes block), and deposits at 1
// connection too (a lone request: what the grouping costs a request that has no company). A fresh pair each round
// (bench/lib/server-pair.mjs). After each run at 8 connections the block reads the on process's batch sizes
// (GET /admin/v1/database, groupCommit) into the result.

import { http } from '../lib/measure.mjs';
import { quoteSupply } from '../lib/quote-supply.mjs';
import { serverPairBlock } from '../lib/server-pair.mjs';
import { tag } from './context.mjs';

const servers = {
  on: { name: 'server-gc-on', env: { GROUP_COMMIT_ENABLED: '1' } },
  off: { name: 'server-gc-off', env: { GROUP_COMMIT_ENABLED: '0' } },
};

/** The routes measured: the request builder and the group's kind in GET /admin/v1/database. */
const writes = {
  deposits: { builder: 'deposit', kind: 'deposits', route: 'POST /v1/deposits' },
  orders: { builder: 'order', kind: 'orders', route: 'POST /v1/orders' },
};

export function groupCommitBlock(c) {
  const { env, ws, at, token } = c;
  const { http: conns, insertCeiling } = c.conns;
  const quotes = quoteSupply({ env, connections: conns });
  /** A group's figures in the on process: a run's own batch sizes are the difference across it. */
  const figures = async (kind) => {
    const answer = await fetch(`${at(servers.on.name)().url}/admin/v1/database`, {
      headers: { authorization: `Bearer ${env.adminToken}` },
    });
    const body = await answer.json();
    return body.groupCommit?.[kind] ?? { statements: 0, writes: 0, sizes: [] };
  };
  const sizesBetween = (before, after) => {
    const sizes = {};
    for (const { writes: size, statements } of after.sizes) {
      const earlier = before?.sizes.find((s) => s.writes === size)?.statements ?? 0;
      if (statements > earlier) sizes[size] = statements - earlier;
    }
    return sizes;
  };
  const measured = (write, server, connections, id) => {
    const read = server === servers.on && connections > 1;
    let before;
    return http({
      id,
      label: `${write.route} (Idempotency-Key)${connections === 1 ? ', 1 connection' : ''}, group commit ${server === servers.on ? 'on' : 'off'}`,
      target: at(server.name),
      builder: write.builder,
      connections,
      expect: [201],
      params: async (rep) => {
        const p = { token: await token(ws.main), tag: tag(id, rep) };
        const supplied = write === writes.orders ? { quoteIds: await quotes.take(rep, at(server.name)().url, p) } : {};
        if (read) before = await figures(write.kind);
        return { ...p, ...supplied };
      },
      check: async (result) => {
        if (read) result.groupSizes = sizesBetween(before, await figures(write.kind));
        return write === writes.orders ? quotes.check(result) : {};
      },
    });
  };
  return serverPairBlock(c, {
    id: 'group-commit',
    title: 'Group commit: keyed deposits and orders with GROUP_COMMIT_ENABLED on and off (a fresh pair each round)',
    servers,
    measurements: [
      measured(writes.deposits, servers.off, insertCeiling, 'gc-deposits-off'),
      measured(writes.deposits, servers.on, insertCeiling, 'gc-deposits-on'),
      measured(writes.orders, servers.off, insertCeiling, 'gc-orders-off'),
      measured(writes.orders, servers.on, insertCeiling, 'gc-orders-on'),
      measured(writes.deposits, servers.off, 1, 'gc-lone-off'),
      measured(writes.deposits, servers.on, 1, 'gc-lone-on'),
    ],
  });
}
