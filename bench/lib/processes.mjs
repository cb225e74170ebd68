// The processes a bench run starts: the real server, the ceiling servers and the measuring children. Each gets only
// the environment it is given (the bench's own DATABASE_URL must not leak into a PGlite server), logs to /dev/null
// unless BENCH_KEEP_LOGS=1 (pino still formats and writes every line: the sink is what is free, not the logging),
// and is stopped by its own pid at the end.

import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { settings } from './config.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

const started = new Set();
const tempDirs = [];

/** A temporary directory (a PGlite store, a DATA_DIR), removed at the end of the run. */
export function tempDir(name) {
  const dir = mkdtempSync(join(tmpdir(), `brokerage-bench-${name}-`));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs() {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * PATH and HOME only, plus what the caller sets: no server variable is inherited by accident. MALLOC_ARENA_MAX
 * (glibc's, read at process start) passes through so its effect on memory can be measured (docs/performance.md).
 */
// GROUP_COMMIT_ENABLED: a whole bench run with group commit off (a block that compares the two sets it itself).
const inherited = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'MALLOC_ARENA_MAX', 'GROUP_COMMIT_ENABLED'];

function baseEnv() {
  const env = {};
  for (const name of inherited) if (process.env[name]) env[name] = process.env[name];
  return env;
}

/**
 * Starts `node <script>` listening on a free port and waits until `healthPath` answers 200, asking every `pollMs`.
 * `logDir` is where logs go with BENCH_KEEP_LOGS=1; `profileDir` turns on --cpu-prof for it. `readyMs` is the time
 * from spawn to the first 200 (the start-up measurement polls every 10 ms for it).
 */
export async function startHttpProcess({ name, script, env = {}, healthPath, logDir, profileDir, pollMs = 100 }) {
  const port = await freePort();
  const logFile = settings.keepLogs && logDir ? join(logDir, `${name}.log`) : '/dev/null';
  const out = openSync(logFile, 'a');
  const errFile = logDir ? join(logDir, `${name}.err`) : '/dev/null';
  const err = openSync(errFile, 'a');
  const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...flags, script], {
    cwd: root,
    env: { ...baseEnv(), HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', out, err],
  });
  closeSync(out);
  closeSync(err);
  started.add(child);
  child.once('exit', () => started.delete(child));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      const why = errFile === '/dev/null' ? '' : readFileSync(errFile, 'utf8').slice(-2000);
      throw new Error(`${name} exited ${child.exitCode} before it was ready\n${why}`);
    }
    const ok = await fetch(`${url}${healthPath}`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${name} not ready on ${url}${healthPath} after 60 s`);
    await sleep(pollMs);
  }
  return { name, child, pid: child.pid, port, url, readyMs: performance.now() - spawnedAt };
}

/** SIGTERM and wait (the server finishes in-flight work and, with --cpu-prof, writes its profile), then SIGKILL. */
export async function stopProcess(proc, timeoutMs = 15_000) {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Kills whatever this run started and is still running (on an error or Ctrl-C). */
export function killStarted() {
  for (const child of started) child.kill('SIGKILL');
}

/** Resident memory of a process in bytes, from /proc (Linux), or undefined once it is gone. */
export function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples the peak RSS of some processes every 250 ms until stopped. */
export function sampleRss(pids) {
  const peaks = new Map(pids.map((pid) => [pid, 0]));
  const timer = setInterval(() => {
    for (const pid of pids) peaks.set(pid, Math.max(peaks.get(pid), rssOf(pid) ?? 0));
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      for (const pid of pids) peaks.set(pid, Math.max(peaks.get(pid), rssOf(pid) ?? 0));
      return peaks;
    },
  };
}

/**
 * Runs `node <script>` as a measuring child (a load generator, a SQL ceiling) with an IPC channel: it gets `spec`
 * as its first message and answers with one result message. A child that talks while it runs (the soak's load, told
 * where to send during a rolling restart) is given `talk`: `onStart(child)` once spawned, so that the parent can
 * send it messages, and `onNote(message)` for each message it sends with a `note` field, which is not its result.
 */
export function runChild(script, spec, env = {}, talk = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: root,
      env: { ...baseEnv(), ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.add(child);
    talk.onStart?.(child);
    let result;
    child.on('message', (message) => {
      if (talk.onNote && message?.note !== undefined) talk.onNote(message);
      else result = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      started.delete(child);
      if (result?.error) reject(new Error(`${script}: ${result.error}`));
      else if (result === undefined) reject(new Error(`${script} exited ${code} without a result`));
      else resolve(result);
    });
    child.send(spec);
  });
}
