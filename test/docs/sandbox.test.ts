// docs/sandbox.md is run, not only read: its blocks in order in one bash shell against a server process (settle delay
// at its 2 s default), every outcome shown checked; and the values it cites are the code's own.

import { describe, expect, it } from 'vitest';
import { counterpartyPayerFields } from '../../src/catalogue/simulate-payer-fields.js';
import { sandboxBanks } from '../../src/providers/openbanking/sandbox-openbanking.js';
import { sandboxListName } from '../../src/providers/screening/sandbox-list.js';
import { sandboxRejectedPrefix } from '../../src/providers/verification/sandbox-verification.js';
import { guideText, runShellGuide } from '../support/guide-shell.js';
import { serverProcesses } from '../support/server-process.js';

const path = 'docs/sandbox.md';

describe(path, () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-sandbox-guide-' });

  it('cites the values the sandbox code decides by', () => {
    const guide = guideText(path);
    expect(guide).toContain(`starting \`${sandboxRejectedPrefix}\``);
    for (const bank of Object.values(sandboxBanks)) expect(guide).toContain(`| ${bank.name} | \`${bank.id}\` |`);
    expect(sandboxListName).toBe('SANDBOX');
    for (const [currency, fields] of Object.entries(counterpartyPayerFields)) {
      const row = guide.split('\n').find((line) => line.startsWith('| ') && line.split('|')[1]?.includes(currency));
      expect(row, currency).toBeDefined();
      for (const field of fields) expect(row, currency).toContain(`\`${field}\``);
    }
    expect(guide).toContain('## Driving states by id and the test clock');
  });

  it('its samples answer as shown, pasted in order', async () => {
    const ran = await runShellGuide(processes, path);
    expect(ran.length).toBe(3);
  }, 120_000);
});
