#!/usr/bin/env node
// The CLI, declared in package.json as the bin `brokerage-partner-api` and run as `npx --no-install
// brokerage-partner-api ...` (src/cli/invocation.ts); its code is compiled into dist/ by `npm run build`.
let cli;
try {
  cli = await import('../dist/cli/brokerage.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/cli/brokerage.js')) throw error;
  process.stderr.write('brokerage: dist/ is missing; run `npm run build` first\n');
  process.exit(1);
}
await cli.main();
