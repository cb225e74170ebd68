// Quotes for the orders runs: one order binds one quote, so each orders run is handed as many as it could use at the
// fastest rate seen yet (half as many again, plus a hundred), made beforehand by a quotes load through the server
// at `url` when the pool holds too few. A run that used fewer hands nothing back: a quote bound by a refused order
// is spent too. Quotes live QUOTE_TTL_SECONDS (an hour in the bench), longer than any block.

import { settings } from './config.mjs';
import { loadWorker } from './measure.mjs';
import { runChild } from './processes.mjs';

export function quoteSupply({ env, connections }) {
  const pool = [];
  let fastestRps = 1000;
  return {
    /** Quotes made by a quotes run of its own (the writes block's POST /v1/quotes). */
    add(quoteIds) {
      pool.push(...quoteIds);
    },
    /** The quotes for an orders run (`rep` 0 is the warm-up), made through `url` first when too few are held. */
    async take(rep, url, params) {
      const durationS = rep === 0 ? settings.warmupS : settings.durationS;
      const needed = Math.ceil(fastestRps * durationS * 1.5) + 100;
      if (pool.length < needed) {
        const made = await runChild(loadWorker, {
          url,
          connections,
          amount: needed - pool.length,
          builder: 'quote',
          params,
          expect: [201],
        });
        pool.push(...made.collected.quoteIds);
        await env.quiesce();
      }
      return pool.splice(0, needed);
    },
    /** An orders run's `check`: its rate raises the next run's supply; a run that ran out says so. */
    check(result) {
      if (result.rps > 0) fastestRps = Math.max(fastestRps, result.rps);
      const { exhausted } = result.collected ?? {};
      delete result.collected;
      return exhausted ? { note: 'ran out of quotes and stopped early' } : {};
    },
  };
}
