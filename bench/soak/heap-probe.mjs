// Preloaded into each server process of a soak (NODE_OPTIONS=--import=<this file>): every SOAK_HEAP_PROBE_MS it
// writes process.memoryUsage() to SOAK_HEAP_FILE, which the soak reads at each sample. The heap is only visible from
// inside the process (/proc gives RSS alone), and the server has no endpoint for it: a preload measures it without a
// line of server code. The file is written aside and renamed, so a reader never sees half of it; the timer is
// unref'd, so it never keeps a stopping server alive.

import { renameSync, writeFileSync } from 'node:fs';

const file = process.env.SOAK_HEAP_FILE;
const everyMs = Number(process.env.SOAK_HEAP_PROBE_MS ?? 1000);

function write() {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  writeFileSync(`${file}.next`, JSON.stringify({ atMs: Date.now(), rss, heapTotal, heapUsed, external, arrayBuffers }));
  renameSync(`${file}.next`, file);
}

if (file) {
  write();
  setInterval(write, everyMs).unref();
}
