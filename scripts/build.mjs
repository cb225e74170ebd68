// Compiles src/ to dist/ with tsc (`npm run build`), or with --if-stale only when an input changed since the last
// successful build (`npm start`), so a start on a current dist/ costs milliseconds instead of a type check.
// Inputs: every file and folder under src/ (a folder's time moves when a file in it is added, renamed or deleted),
// the two tsconfig files and package-lock.json (new dependency types can change the check). The stamp is written
// only after tsc succeeds, so a failed build is retried, never skipped; it carries the time the build started, so a
// file saved during the build counts as newer. Emit is per file (isolatedModules), so dist/ depends on nothing else.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampPath = join(root, 'dist', '.build-stamp');
const inputFiles = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/** The newest modification time, in milliseconds, of the path and everything under it. */
function newestMtimeMs(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtimeMs(join(path, entry)));
  return newest;
}

function isCurrent() {
  if (!existsSync(stampPath) || !existsSync(join(root, 'dist', 'main.js'))) return false;
  const builtAtMs = statSync(stampPath).mtimeMs;
  const inputs = [join(root, 'src'), ...inputFiles.map((file) => join(root, file)).filter((path) => existsSync(path))];
  return inputs.every((path) => newestMtimeMs(path) <= builtAtMs);
}

if (process.argv.includes('--if-stale') && isCurrent()) process.exit(0);

const startedAt = new Date();
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampPath, `${startedAt.toISOString()}\n`);
utimesSync(stampPath, startedAt, startedAt);
