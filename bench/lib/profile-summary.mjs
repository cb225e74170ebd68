// Summarises a V8 .cpuprofile (node --cpu-prof; BENCH_CPU_PROF=1 writes one per server process) by self time:
// per package or source directory, and the hottest functions. The evidence behind "what bounds it" in
// docs/performance.md.
//   node bench/lib/profile-summary.mjs bench/results/profiles-<stamp>.tmp/server-pg.cpuprofile [top] [--after S]
//     [--before S]
// --after S counts only the samples taken S seconds or more after the process started (leaving out its start:
// module loading and the compiling of every route's validators and serialisers); --before S only those taken
// before S seconds, so that one block's measurement can be told from the next one's in the same process (the bench's
// log says when each ran).

import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const afterIndex = args.indexOf('--after');
const afterS = afterIndex === -1 ? 0 : Number(args.splice(afterIndex, 2)[1]);
const beforeIndex = args.indexOf('--before');
const beforeS = beforeIndex === -1 ? Number.POSITIVE_INFINITY : Number(args.splice(beforeIndex, 2)[1]);
const [file, topArg] = args;
if (!file) {
  console.error('usage: node bench/lib/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

// Self time of a node: its samples (those after --after) times the mean sampling interval.
const totalUs = profile.endTime - profile.startTime;
const usPerSample = totalUs / profile.samples.length;
const hits = new Map();
let atUs = 0;
let countedSamples = 0;
for (let i = 0; i < profile.samples.length; i++) {
  atUs += profile.timeDeltas[i] ?? 0;
  if (atUs < afterS * 1e6 || atUs >= beforeS * 1e6) continue;
  countedSamples += 1;
  hits.set(profile.samples[i], (hits.get(profile.samples[i]) ?? 0) + 1);
}
const countedUs = countedSamples * usPerSample;

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
  const us = (hits.get(node.id) ?? 0) * usPerSample;
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
const busyUs = countedUs - (byGroup.get('(idle)') ?? 0);
byGroup.delete('(idle)');
byFunction.delete('(idle) ');
const pct = (us) => `${((100 * us) / busyUs).toFixed(1).padStart(5)}%`;
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${name}`);
};
console.log(
  `${file}: ${(countedUs / 1e6).toFixed(1)} s${afterS ? ` from ${afterS} s on` : ''}, ${(busyUs / 1e6).toFixed(1)} s busy; shares of busy time`,
);
print('self time by package or directory', byGroup);
print('self time by function', byFunction);
