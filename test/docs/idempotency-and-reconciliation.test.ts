// docs/idempotency-and-reconciliation.md is run, not only read: its blocks in order in one bash shell against a server
// process (SANDBOX_SETTLE_DELAY_MS at its 2 s default, as the guide's `sleep 3` expects), every answer shown checked.

import { describe, expect, it } from 'vitest';
import { runShellGuide } from '../support/guide-shell.js';
import { serverProcesses } from '../support/server-process.js';

const path = 'docs/idempotency-and-reconciliation.md';

describe(path, () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-reconciliation-guide-' });

  it('its samples answer as shown, pasted in order', async () => {
    const ran = await runShellGuide(processes, path);
    expect(ran.length).toBe(6);
  }, 120_000);
});
