// The soak (issue 16, item 3): mixed load at a steady rate against two server processes on one PostgreSQL, sampled
// every interval, then checked. Expects DATABASE_URL and a built dist/ (`npm run soak` builds, and starts a durable
// PostgreSQL when DATABASE_URL is unset: ./index.mjs). Options: ./options.mjs. Writes soak-<timestamp>.json and
// .svg into bench/results/ (a run under ten minutes into a .tmp folder there, which git ignores; --out elsewhere),
// prints the verdict, and exits 1 when a check failed. docs/reliability/soak.md says how to read it.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Api } from '../lib/api.mjs';
import { settings } from '../lib/config.mjs';
import { postgresJs } from '../lib/postgres-js.mjs';
import { killStarted, removeTempDirs, root, runChild, stopProcess } from '../lib/processes.mjs';
import { deliveryStates, drain, evaluate, failedJobs, resourceStates, webhookLag } from './checks.mjs';
import { limitedWeight } from './operations.mjs';
import { parseOptions } from './options.mjs';
import { webhookReceiver } from './receiver.mjs';
import { printSummary } from './report.mjs';
import { rotateSecrets } from './rotation.mjs';
import { sampleAtBoundaries } from './sampler.mjs';
import { prepareWorkspaces, startServers, webhookSecret } from './setup.mjs';
import { soakSvg } from './svg.mjs';

const loadScript = fileURLToPath(new URL('./load.mjs', import.meta.url));

const options = parseOptions(process.argv.slice(2));
const databaseUrl = process.env.DATABASE_URL?.trim();
if (!databaseUrl) {
  console.error(
    'bench/soak/run.mjs needs DATABASE_URL: run `npm run soak`, which starts a PostgreSQL when it is unset',
  );
  process.exit(2);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = join(root, 'bench', 'results');
// A run under ten minutes is for trying the soak out, not for quoting: its files go where git does not look.
const outDir = options.outDir ?? (options.durationS >= 600 ? resultsDir : join(resultsDir, `soak-${stamp}.tmp`));
const logDir = join(outDir, `soak-logs-${stamp}.tmp`);
mkdirSync(logDir, { recursive: true });
const log = (line) => console.log(line);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killStarted();
    process.exit(130);
  });
}

const sql = postgresJs(databaseUrl, { max: 2, onnotice: () => {} });
let servers = [];
let receiver;
try {
  log(`soak: ${options.durationS} s at ${options.rate} requests/s, a sample every ${options.intervalS} s`);
  const started = await startServers({ databaseUrl, logDir });
  servers = started.servers;
  const { adminToken } = started;
  const firstPids = Object.fromEntries(servers.map((s) => [s.label, s.pid]));
  log(`servers: ${servers.map((s) => `${s.label} pid ${s.pid} ${s.url}`).join(', ')}`);
  const count = options.durationS / options.intervalS;
  receiver = await webhookReceiver({ secret: webhookSecret });
  // The limited workspace is offered four times its write limit: the limit's refusals, the one error allowed, are
  // exercised at every rate, in every minute's window however the run falls across them.
  const limitedWritesPerMinute = Math.max(1, Math.round((options.rate * limitedWeight * 60) / 100 / 4));
  const setup = await prepareWorkspaces({ url: servers[0].url, adminToken, receiver, limitedWritesPerMinute });
  // The load starts a little after everything is ready, at a time every side knows, so that the load's intervals,
  // the memory samples and the deliveries' counts line up.
  const startAtMs = Date.now() + 3000;
  receiver.align({ startAtMs, intervalMs: options.intervalS * 1000, count });

  const sampling = sampleAtBoundaries({ servers, sql, startAtMs, intervalS: options.intervalS, count, log });
  // The load generator plays the load balancer: during a rolling rotation it is told which servers are in service.
  let loadChild;
  const drained = new Map();
  const loading = runChild(
    loadScript,
    {
      servers: servers.map((s) => s.url),
      workspaces: setup.workspaces,
      rate: options.rate,
      durationS: options.durationS,
      intervalS: options.intervalS,
      startAtMs,
      seed: options.seed,
      tag: `soak-${randomBytes(4).toString('hex')}`,
    },
    {},
    {
      onStart: (child) => {
        loadChild = child;
      },
      onNote: (note) => drained.get(note.index)?.(),
    },
  );
  const rotation = options.rotateSecrets
    ? (async () => {
        await sleep(Math.max(0, startAtMs + (options.durationS * 1000) / 10 - Date.now()));
        return rotateSecrets({
          servers,
          start: started.start,
          // A load that has ended (a run too short for the rotation) has nothing in flight and takes no routes.
          withdraw: (index) =>
            new Promise((resolve) => {
              if (!loadChild?.connected) return resolve();
              drained.set(index, resolve);
              loadChild.send({ route: { index, url: null } });
            }),
          restore: (index, url) => {
            if (loadChild?.connected) loadChild.send({ route: { index, url } });
          },
          databaseUrl,
          keyA: started.secretsKey,
          startAtMs,
          log,
        });
      })()
    : undefined;
  // A rotation that fails is reported once the load is done (awaited below), not as an unhandled rejection before.
  rotation?.catch(() => {});
  // A load that ends while a server is being withdrawn has nothing left in flight to it.
  const releaseWithdrawals = () => {
    for (const resolve of drained.values()) resolve();
  };
  loading.then(releaseWithdrawals, releaseWithdrawals);
  const load = await loading;
  const rotated = await rotation;
  const samples = await sampling;

  log('load done; draining (fan-out, deliveries, due jobs)');
  const drainStarted = Date.now();
  const ids = [setup.workspaces.main.workspaceId, setup.workspaces.limited.workspaceId];
  const drainedAtEnd = { ...(await drain(sql, ids)), seconds: (Date.now() - drainStarted) / 1000 };
  // Through server A as it is now: a rotation replaced the process (and its address) the set-up went through.
  const ledger = await new Api(servers[0].url, adminToken).call(adminToken, 'GET', '/admin/v1/ledger/verification');
  const lag = await webhookLag(sql, {
    workspaceId: setup.workspaces.main.workspaceId,
    startAtMs,
    intervalS: options.intervalS,
  });
  const verdict = evaluate({
    load,
    receiver: receiver.summary(),
    ledger,
    samples,
    options,
    drained: drainedAtEnd,
    rotation: rotated,
    deliveries: await deliveryStates(sql, setup.endpointIds),
    resources: await resourceStates(sql, { main: ids[0], limited: ids[1] }),
    jobs: await failedJobs(sql, startAtMs),
  });
  const intervals = load.intervals.map((iv, i) => ({ ...iv, webhookDeliveries: receiver.arrivedIn(i) }));
  const results = {
    kind: 'soak',
    startedAt: new Date(startAtMs).toISOString(),
    command: `npm run soak -- ${process.argv.slice(2).join(' ')}`.trim(),
    options,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryBytes: totalmem(), node: process.version },
    git: gitDescribe(),
    postgres: await postgresFacts(sql),
    processes: servers.map((s) => ({ label: s.label, firstPid: firstPids[s.label], lastPid: s.pid })),
    rotation: rotated,
    limitedWritesPerMinute,
    load: { offered: load.offered, sent: load.sent, created: load.created, paid: load.paid, replays: load.replays },
    totals: load.totals,
    webhooks: { lag, receiver: receiver.summary() },
    intervals,
    samples,
    ...verdict,
  };
  const base = join(outDir, `soak-${stamp}`);
  results.files = { json: relative(root, `${base}.json`), svg: relative(root, `${base}.svg`) };
  writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${base}.svg`, `${soakSvg(results)}\n`);
  printSummary(results, log);
  if (!results.passed) process.exitCode = 1;
} catch (error) {
  killStarted();
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const s of servers) await stopProcess(s);
  await receiver?.close();
  await sql.end({ timeout: 5 });
  removeTempDirs();
  // The servers' stderr is kept only when something went wrong or when asked for (BENCH_KEEP_LOGS=1).
  if (!settings.keepLogs && !process.exitCode) rmSync(logDir, { recursive: true, force: true });
}
// A run that failed half-way may still have its sampling timer waiting for the next boundary.
if (process.exitCode) process.exit(process.exitCode);

function gitDescribe() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'migrations', 'bench/soak'], {
      cwd: root,
      encoding: 'utf8',
    });
    return { commit, sourceChanges: dirty.trim() !== '' };
  } catch {
    return undefined;
  }
}

async function postgresFacts(db) {
  const rows = await db`select name, setting from pg_settings
    where name in ('server_version', 'fsync', 'synchronous_commit', 'full_page_writes', 'max_connections')`;
  return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
}
