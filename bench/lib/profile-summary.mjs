// Summarises a V8 .cpuprofile (node --cpu-prof; BENCH_CPU_PROF=1 writes one per server process) by self time:
// per package or source directory, and the hottest functions. The evidence behind "what bounds it" in
// docs/performance.md.
//   node bench/lib/profile-summary.mjs bench/results/profiles-<stamp>.tmp/server-pg.cpuprofile [top]

import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/lib/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Self time of a node: its samples times the mean sampling interval.
const totalUs = profile.endTime - profile.startTime;
const samples = profile.samples.length;
const usPerSample = totalUs / samples;

/** Where a frame comes from: a package, a directory of our dist/, node's internals, or V8's pseudo-frames. */
function groupOf({ url, functionName }) {
  if (!url) return `(${functionName || 'native'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const dist = /\/dist\/(.+)\/[^/]+\.js$/.exec(url);
  if (dist) return `dist/${dist[1]}`;
  if (/\/dist\/[^/]+\.js$/.test(url)) return 'dist';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url.replace(/^file:\/\/.*\/(bench|src)\//, '$1/');
}

const byGroup = new Map();
const byFunction = new Map();
for (const node of profile.nodes) {
  const us = node.hitCount * usPerSample;
  if (us === 0) continue;
  const group = groupOf(node.callFrame);
  byGroup.set(group, (byGroup.get(group) ?? 0) + us);
  const where = node.callFrame.url
    ? `${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`
    : '';
  const key = `${node.callFrame.functionName || '(anonymous)'} ${where}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}

// Shares of busy time: a server process is idle between and before the runs, which says nothing about a run.
const busyUs = totalUs - (byGroup.get('(idle)') ?? 0);
byGroup.delete('(idle)');
byFunction.delete('(idle) ');
const pct = (us) => `${((100 * us) / busyUs).toFixed(1).padStart(5)}%`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${name}`);
};
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s, ${(busyUs / 1e6).toFixed(1)} s busy; shares of busy time`);
print('self time by package or directory', byGroup);
print('self time by function', byFunction);
