import { defineConfig } from 'vitest/config';

// Every test file runs in one worker that shares its module graph (isolate: false), so the whole run opens one
// database: a fresh PGlite costs about 2.5 s and 700 MiB. Tests isolate themselves by creating their own workspace.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'sdk/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    isolate: false,
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: [],
  },
});
