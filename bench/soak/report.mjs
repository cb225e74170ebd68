// The soak's summary on the terminal: the whole run's figures per kind, the memory trend of each process against its
// threshold, and each check with what it found. The JSON has everything; this is what a reader looks at first.

import { fmt } from '../lib/measure.mjs';

const MiB = 2 ** 20;

export function printSummary(results, log) {
  const { totals, checks, samples, files } = results;
  log('');
  log(
    `${'kind'.padEnd(12)} ${'answers'.padStart(8)} ${'per s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(8)}`,
  );
  for (const [kind, f] of Object.entries(totals.byKind)) {
    log(
      `${kind.padEnd(12)} ${String(f.ok).padStart(8)} ${fmt(f.perSecond, 1).padStart(7)} ${fmt(f.p50, 1).padStart(7)}` +
        ` ${fmt(f.p99, 1).padStart(7)} ${fmt(f.max, 0).padStart(8)}`,
    );
  }
  const lag = results.webhooks.lag.whole;
  log(
    `${'webhook lag'.padEnd(12)} ${String(lag.n).padStart(8)} ${''.padStart(7)} ${fmt(lag.p50, 1).padStart(7)} ${fmt(lag.p99, 1).padStart(7)}`,
  );
  log(`requests ${totals.requests} (${fmt(totals.perSecond, 1)}/s); errors: ${JSON.stringify(totals.errors)}`);
  log('');
  for (const [label, t] of Object.entries(checks.memory.trends)) {
    const rss = samples.map((s) => s.processes[label].rssBytes / MiB);
    log(
      `memory ${label}: RSS ${fmt(rss[0], 1)} -> ${fmt(rss.at(-1), 1)} MiB (peak ${fmt(Math.max(...rss), 1)});` +
        ` slope over the second half ${fmt(t.slopeMiBPerHour, 1)} MiB/h, threshold ${fmt(t.thresholdMiBPerHour, 1)}` +
        ` MiB/h: ${t.ok ? 'no upward trend' : 'UPWARD TREND'}`,
    );
  }
  for (const [name, check] of Object.entries(checks)) {
    const { ok, ...figures } = check;
    const said = name === 'memory' ? '' : ` ${JSON.stringify(figures).slice(0, 300)}`;
    log(`check ${name}: ${ok ? 'ok' : 'FAILED'}${said}`);
  }
  log('');
  log(`soak ${results.passed ? 'passed' : 'FAILED'}; results in ${files.json}, picture in ${files.svg}`);
}
