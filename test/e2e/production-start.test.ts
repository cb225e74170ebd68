// A production server process reads its providers file at start: it logs one line saying what is live, serves
// only that, and refuses to start on a file with an unknown key or a bad IBAN, naming them.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverProcesses, stop, waitFor } from '../support/server-process.js';

const production = {
  BROKERAGE_ENV: 'production',
  ADMIN_TOKEN: 'production-start-admin-token',
  SECRETS_KEY: 'b'.repeat(64),
  LOG_LEVEL: 'info',
};

const sepaAccount = {
  currency: 'EUR',
  rail: 'SEPA',
  accountHolder: 'Brokerage Collections GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank',
};

describe('a production server process and its providers file', () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-e2e-production-' });

  it('logs what is live at start-up and says the same to the operator API', async () => {
    const dir = processes.freshDir();
    const file = join(dir, 'providers.json');
    writeFileSync(file, JSON.stringify({ collectionAccounts: [sepaAccount] }));
    const server = await processes.startHealthy(dir, { ...production, BROKERAGE_PROVIDERS_FILE: file });
    try {
      // The line follows the listen that /health already answered through: wait for it.
      const capabilitiesLine = () =>
        server.stdout
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as { msg: string; live?: string[]; notOffered?: string[] })
          .find((l) => l.msg === 'capabilities');
      await waitFor('the capabilities line', () => capabilitiesLine() !== undefined, 10_000, 50);
      const line = capabilitiesLine();
      expect(line?.live).toEqual([expect.stringMatching(/^collection EUR\/SEPA: bank account DE89…3000/)]);
      expect(line?.notOffered).toEqual(expect.arrayContaining(['prices', 'payout', 'mail', 'verification']));
      const answer = await fetch(`${server.url}/admin/v1/capabilities`, {
        headers: { authorization: `Bearer ${production.ADMIN_TOKEN}` },
      });
      const report = (await answer.json()) as { capabilities: unknown[] };
      expect(report.capabilities).toContainEqual({
        capability: 'collection EUR/SEPA',
        live: true,
        detail: expect.stringContaining('Commerzbank'),
      });
    } finally {
      await stop(server);
    }
  });

  it.each([
    ['an unknown key', { colectionAccounts: [] }, 'unknown key "colectionAccounts"'],
    [
      'an IBAN whose check digits fail',
      { collectionAccounts: [{ ...sepaAccount, iban: 'DE88370400440532013000' }] },
      'iban DE88370400440532013000 fails its check digits',
    ],
  ])('refuses to start on %s, naming it', async (_case, content, message) => {
    const dir = processes.freshDir();
    const file = join(dir, 'providers.json');
    writeFileSync(file, JSON.stringify(content));
    const exit = await processes.runToExit(dir, { ...production, BROKERAGE_PROVIDERS_FILE: file });
    expect(exit.code).toBe(1);
    expect(exit.server.stderr).toContain(`brokerage: providers file ${file}`);
    expect(exit.server.stderr).toContain(message);
  });
});
