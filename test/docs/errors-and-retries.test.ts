// docs/errors-and-retries.md is run, not only read: its blocks in order in one bash shell against a server process,
// every answer it shows checked, and its table of error types compared with the server's own catalogue.

import { describe, expect, it } from 'vitest';
import { errorTypes } from '../../src/domain/errors.js';
import { guideText, runShellGuide } from '../support/guide-shell.js';
import { serverProcesses } from '../support/server-process.js';

const path = 'docs/errors-and-retries.md';

describe(path, () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-errors-guide-' });

  it('lists every error type with the status the server answers it with', () => {
    const rows = [...guideText(path).matchAll(/^\| `(\w+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]);
    expect(Object.fromEntries(rows)).toEqual(errorTypes);
  });

  it('its samples answer as shown, pasted in order', async () => {
    const ran = await runShellGuide(processes, path);
    expect(ran.length).toBe(7);
  }, 120_000);
});
