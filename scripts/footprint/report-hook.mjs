// Preloaded with `node --import` by scripts/footprint/start.mjs: records every module the process loads (ESM and
// CommonJS) and, asked over IPC, answers with them and process.memoryUsage().
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const loaded = new Set();
// The hooks slow every load down: only when the modules are asked for (FOOTPRINT_MODULES=1).
if (process.env.FOOTPRINT_MODULES === '1') {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (url) => loaded.add(url));
  port1.unref();
  register('./loaded-modules-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
}
const require = createRequire(import.meta.url);

process.on('message', (message) => {
  if (message !== 'report') return;
  // CommonJS modules required from CommonJS do not pass the ESM hooks: add require.cache's files.
  for (const file of Object.keys(require.cache)) loaded.add(`file://${file}`);
  global.gc?.();
  process.send?.({ memory: process.memoryUsage(), modules: [...loaded] });
});
process.channel?.unref();
