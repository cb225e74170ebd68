// A fresh `node dist/main.js`'s start: milliseconds from spawn to GET /health answering 200, then its RSS,
// process.memoryUsage() and the modules it loaded, by package. On PostgreSQL when DATABASE_URL is set (e.g. under
// scripts/with-postgres.sh), else on PGlite in a fresh DATA_DIR.
//   node scripts/footprint/start.mjs [--runs 5] [--modules] [--docs] [--reuse]
// --reuse starts every run on the same DATA_DIR (PGlite: the first run creates the database, the others open it).
// --modules lists the packages loaded (its hooks slow the start down); --docs also asks GET /openapi.json and GET /docs/ and reports again.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const listModules = args.includes('--modules');
const askDocs = args.includes('--docs');
const reuseDir = args.includes('--reuse') ? mkdtempSync(join(tmpdir(), 'footprint-')) : undefined;
const MiB = 2 ** 20;

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** CPU milliseconds (user + system) the process has used, from /proc (clock ticks of 10 ms). */
const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

async function report(child) {
  const answer = new Promise((resolve) => child.once('message', resolve));
  child.send('report');
  return { rss: rssOf(child.pid), ...(await answer) };
}

/** Packages by name (node_modules/<name> or <@scope/name>), dist/ files counted as one entry. */
function byPackage(urls) {
  const counts = new Map();
  for (const url of urls) {
    if (!url.startsWith('file://')) continue;
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    const name = match ? match[1] : url.includes('/dist/') ? '(dist)' : url.replace(root, '');
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => a[0].localeCompare(b[0]));
}

const line = (label, r) =>
  `${label}: rss ${(r.rss / MiB).toFixed(1)} MiB, heapUsed ${(r.memory.heapUsed / MiB).toFixed(1)}, heapTotal ` +
  `${(r.memory.heapTotal / MiB).toFixed(1)}, external ${(r.memory.external / MiB).toFixed(1)}, arrayBuffers ` +
  `${(r.memory.arrayBuffers / MiB).toFixed(1)} MiB, ${r.modules.length} modules`;

const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const results = [];
for (let run = 0; run < runs; run++) {
  const dataDir = reuseDir ?? mkdtempSync(join(tmpdir(), 'footprint-'));
  const port = await freePort();
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port) };
  env.HOST = '127.0.0.1';
  env.LOG_LEVEL = 'warn';
  if (listModules) env.FOOTPRINT_MODULES = '1';
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', '--import', './scripts/footprint/report-hook.mjs', 'dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}`);
    const ok = await fetch(`${url}/health`).then((r) => r.status === 200, () => false);
    if (ok) break;
    await sleep(5);
  }
  const readyMs = performance.now() - started;
  const cpuMs = cpuMsOf(child.pid);
  await sleep(300);
  const atStart = await report(child);
  results.push({ readyMs, cpuMs, atStart });
  console.log(`${store} run ${run + 1}: ready in ${readyMs.toFixed(0)} ms (${cpuMs} ms CPU); ${line('after /health', atStart)}`);
  if (listModules && run === 0) {
    for (const [name, count] of byPackage(atStart.modules)) console.log(`  ${name} ${count}`);
  }
  if (askDocs) {
    await fetch(`${url}/openapi.json`).then((r) => r.arrayBuffer());
    await fetch(`${url}/docs/`).then((r) => r.arrayBuffer());
    await fetch(`${url}/docs/static/swagger-ui-bundle.js`).then((r) => r.arrayBuffer());
    console.log(`  ${line('after /openapi.json and /docs', await report(child))}`);
  }
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  if (reuseDir === undefined) rmSync(dataDir, { recursive: true, force: true });
}
if (reuseDir !== undefined) rmSync(reuseDir, { recursive: true, force: true });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `${store} median of ${runs}: ready ${median(results.map((r) => r.readyMs)).toFixed(0)} ms ` +
    `(${median(results.map((r) => r.cpuMs))} ms CPU), rss ` +
    `${(median(results.map((r) => r.atStart.rss)) / MiB).toFixed(1)} MiB, heapUsed ` +
    `${(median(results.map((r) => r.atStart.memory.heapUsed)) / MiB).toFixed(1)} MiB`,
);
