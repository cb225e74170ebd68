// A block that compares one setting on and off through two server processes on the same PostgreSQL (the request
// log's cost, group commit's gain). Two processes doing the same work differ by a few percent for reasons of their
// own (where each landed, which started first): with one pair for the whole block, an A/A run (both off) read 3%
// apart one way in one run and 4% the other way in another. So every round starts a fresh pair, the two started in
// the other order each round and measured in the other order too (`alternate`), each warmed up before it is
// measured; the figure is the median of the rounds (an A/A run of this design read 1%).

import { settings } from './config.mjs';

/** How many warm-ups a fresh process gets before its round: V8 compiles the hot path as it runs. */
const warmupsPerRound = 3;

/**
 * The block of `measurements` over the pair `servers.on` and `servers.off` (each `{ name, env }`), started with
 * `c.start` and the run's server environment.
 */
export function serverPairBlock(c, { id, title, servers, measurements, minRepetitions }) {
  const { env, start, stop } = c;
  const startPair = async (first, second) => {
    for (const server of [first, second]) {
      await start(server.name, settings.serverScript, { env: env.serverEnv(server.env) });
    }
  };
  const stopPair = () => stop(servers.on.name, servers.off.name);
  return {
    id,
    title,
    minRepetitions,
    setup: () => startPair(servers.on, servers.off),
    // The first round's pair is warmed by runBlock's own warm-up, once; the later rounds' here.
    beforeRound: async (rep) => {
      if (rep === 1) return;
      await stopPair();
      await (rep % 2 === 0 ? startPair(servers.off, servers.on) : startPair(servers.on, servers.off));
      for (const m of measurements) for (let i = 0; i < warmupsPerRound; i++) await m.warmup();
    },
    beforeEach: () => env.quiesce(),
    // Off then on, then on then off: neither process always runs on the database the other just wrote to.
    alternate: true,
    teardown: stopPair,
    measurements,
  };
}
