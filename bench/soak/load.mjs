// The soak's load generator, a child process of its own (bench/lib/processes.mjs runChild) so that it never shares an
// event loop with the servers or with the orchestrator's sampling. It offers `rate` requests a second from
// `startAtMs` for `durationS`, an open loop (a slow answer does not slow the next request), each request an
// operation of the mix (./operations.mjs) sent round robin to the two servers as a load balancer would. It prints a
// line per interval and answers, once, with the figures of every interval and what the final checks need.
//
// The bench's autocannon worker (bench/lib/load-worker.mjs) drives one request builder at a time and sums every
// answer into one latency list; the soak needs its operations to feed on each other's answers and a p99 per kind.

import { setTimeout as sleep } from 'node:timers/promises';
import { answerOnce } from '../lib/answer-once.mjs';
import { Api } from '../lib/api.mjs';
import { seeded } from '../lib/seeded.mjs';
import { errorKey, Intervals } from './intervals.mjs';
import { chooser, loadState, operations } from './operations.mjs';

/** A request that takes this long is a failure worth counting, not a reason to wait. */
const requestTimeoutMs = 10_000;
/** Past this many unanswered requests the generator stops sending and counts each slot it misses as an error. */
const maxInFlight = 512;
/** Access tokens last 300 s: each workspace's is renewed well before. */
const tokenRenewalMs = 200_000;

async function send(url, token, request) {
  const started = performance.now();
  try {
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(request.key === undefined ? {} : { 'idempotency-key': request.key }),
      },
      body: request.body,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - started };
  } catch (error) {
    const failure = error?.name === 'TimeoutError' ? 'timeout' : (error?.cause?.code ?? error?.message ?? 'failed');
    return { status: 0, failure, ms: performance.now() - started };
  }
}

/**
 * The load balancer's part: requests round robin over the servers in service. The orchestrator takes one out of
 * service (`{ route: { index, url: null } }`, during a rolling restart: ./rotation.mjs) and is told
 * (`{ note: 'drained', index }`) once that server has no request of the load in flight; it puts it back with its new
 * address (`{ route: { index, url } }`).
 */
function balancer(urls) {
  const servers = urls.map((url, index) => ({ index, url, inService: true, inFlight: new Set() }));
  const waiting = new Map();
  const drainedIfIdle = (server) => {
    if (!server.inService && server.inFlight.size === 0 && waiting.has(server.index)) {
      waiting.delete(server.index);
      process.send({ note: 'drained', index: server.index });
    }
  };
  process.on('message', (message) => {
    const { index, url } = message?.route ?? {};
    const server = servers[index];
    if (server === undefined) return;
    if (url === null) {
      server.inService = false;
      waiting.set(index, true);
      drainedIfIdle(server);
    } else {
      server.url = url;
      server.inService = true;
    }
  });
  const inService = () => servers.filter((s) => s.inService);
  return {
    /** The server of the `n`th request among those in service. */
    pick: (n) => {
      const live = inService();
      return live[n % live.length];
    },
    /** An address in service, for token renewals. */
    any: () => inService()[0].url,
    /** Counts `answer` in flight to `server` until it settles. */
    track(server, answer) {
      server.inFlight.add(answer);
      return answer.finally(() => {
        server.inFlight.delete(answer);
        drainedIfIdle(server);
      });
    },
  };
}

/** Tokens per workspace, renewed in the background; a renewal that fails is an error of kind `token`. */
function tokenKeeper(api, workspaces, intervals) {
  const tokens = {};
  const renew = async (name) => {
    const started = performance.now();
    try {
      tokens[name] = await api().token(workspaces[name]);
      intervals.record({ op: 'oauth.token', kind: 'token', ms: performance.now() - started });
    } catch (error) {
      intervals.record({ op: 'oauth.token', kind: 'token', ms: 0, error: `token renewal failed (${error.message})` });
    }
  };
  let timer;
  return {
    tokens,
    async start() {
      for (const name of Object.keys(workspaces)) await renew(name);
      timer = setInterval(() => Object.keys(workspaces).forEach(renew), tokenRenewalMs);
    },
    stop: () => clearInterval(timer),
  };
}

const fmt = (v) => (v === null || v === undefined ? '-' : v.toFixed(1));

function printInterval(figures, intervalS) {
  const p99s = Object.entries(figures.byKind)
    .map(([kind, f]) => `${kind} ${fmt(f.p99)}`)
    .join('  ');
  const errors = Object.entries(figures.errors)
    .map(([key, n]) => `${n} x ${key}`)
    .join(', ');
  const at = String(Math.round((figures.index + 1) * intervalS)).padStart(5);
  console.log(`[${at} s] load ${fmt(figures.perSecond)} req/s  p99 ms: ${p99s}  errors: ${errors || 'none'}`);
}

answerOnce(async ({ servers, workspaces, rate, durationS, intervalS, startAtMs, seed, tag }) => {
  const count = Math.ceil(durationS / intervalS);
  const intervals = new Intervals(startAtMs, intervalS * 1000, count);
  const random = seeded(seed);
  let keys = 0;
  // Keys are letters, digits, '-' and '_' (src/platform/idempotency.ts): an operation's dot would make them 400.
  const state = loadState();
  const next = chooser(operations(state, { random, key: (op) => `${tag}-${op.replace('.', '-')}-${++keys}` }), random);
  const route = balancer(servers);
  const keeper = tokenKeeper(() => new Api(route.any()), workspaces, intervals);
  await keeper.start();

  const inFlight = new Set();
  let sent = 0;
  const launch = () => {
    const { op, kind, workspace = 'main', request } = next();
    const target = route.pick(sent);
    const p = route.track(target, send(target.url, keeper.tokens[workspace], request)).then((answer) => {
      let error = request.expect.includes(answer.status) ? undefined : errorKey(answer);
      if (error === undefined) {
        try {
          error = request.onAnswer?.(answer);
        } catch (failure) {
          error = `${answer.status} answer not as documented (${failure.message})`;
        }
      }
      intervals.record({ op, kind, ms: answer.ms, error });
      inFlight.delete(p);
    });
    inFlight.add(p);
  };

  // An interval is closed once its end has passed: answers count in the interval they arrive in, so none arrives in a
  // closed one.
  let closedUpTo = 0;
  const closeDue = (all) => {
    const due = all ? count : Math.min(count, Math.floor((Date.now() - startAtMs) / (intervalS * 1000)));
    for (; closedUpTo < due; closedUpTo++) printInterval(intervals.close(closedUpTo), intervalS);
  };

  await sleep(Math.max(0, startAtMs - Date.now()));
  const endAtMs = startAtMs + durationS * 1000;
  let offered = 0;
  // A 5 ms tick sends whatever is due by then: a steady rate, not a second's worth in a burst.
  while (Date.now() < endAtMs) {
    const due = Math.floor(((Date.now() - startAtMs) * rate) / 1000) - offered;
    for (let k = 0; k < due; k++, offered++) {
      if (inFlight.size >= maxInFlight) intervals.skipped();
      else {
        launch();
        sent += 1;
      }
    }
    closeDue(false);
    await sleep(5);
  }
  await Promise.all(inFlight);
  keeper.stop();
  closeDue(true);
  return {
    offered,
    sent,
    intervals: intervals.closed,
    totals: intervals.totals(durationS),
    created: state.created,
    paid: state.paid,
    replays: state.replays,
  };
});
