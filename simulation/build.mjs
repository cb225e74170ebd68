// Compiles simulation/ and the src/ it drives to dist-simulation/ with tsc (simulation/tsconfig.json, incremental,
// so a rebuild after a small change costs seconds), then runs nothing: `npm run simulate` runs the output. The
// simulator is not part of dist/ (what `npm start` and the package ship) and dist/ is not part of it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist-simulation');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'simulation', 'tsconfig.json')], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);
// src/storage/migrate.ts reads the migrations two folders above itself: the repository's migrations/ from src/ and
// from dist/, dist-simulation/migrations from dist-simulation/src/. A link there finds the same files.
mkdirSync(out, { recursive: true });
const link = join(out, 'migrations');
if (!existsSync(link)) symlinkSync(join(root, 'migrations'), link, 'dir');
