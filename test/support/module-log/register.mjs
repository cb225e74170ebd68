// Preloaded into a server process by a test (NODE_OPTIONS=--import): every module the process loads, ESM or
// CommonJS, is appended as a file: URL line to the file MODULE_LOG_FILE names (test/e2e/lazy-loading.test.ts).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url, { data: { file: process.env.MODULE_LOG_FILE } });
