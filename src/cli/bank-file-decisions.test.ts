// The operator CLI's side of a held statement (issue #27): the import says plainly that nothing moved and how to
// decide; `bank-files list --status held`, `show`, `accept` and `reject` (each with its required note) drive the
// operator API.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053 } from '../../test/support/bank-file-builders.js';
import { ownBankProviders, ownEurIban } from '../../test/support/bank-providers.js';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { buildTestApp, productionEnv, type TestApp } from '../../test/support/harness.js';

/** An account of this file's own: no other test's statement stands in its chain. */
const iban = ownEurIban();
const providers = ownBankProviders({ iban, usd: false, paysOutFromIban: false });

let prod: TestApp;
let cli: (argv: string[]) => Promise<CliRun>;
const dir = mkdtempSync(join(tmpdir(), 'bank-decisions-cli-'));

beforeAll(async () => {
  prod = await buildTestApp({ env: productionEnv, providersFile: providers });
  cli = await cliAgainst(prod.app);
});

afterAll(async () => {
  await prod.app.close();
  rmSync(dir, { recursive: true, force: true });
});

const statementFile = (name: string, sequence: number, opening: string, closing: string) => {
  const path = join(dir, name);
  writeFileSync(path, camt053(iban, 'EUR', { amount: closing, opening, date: `2026-10-0${sequence}`, sequence }, []));
  return path;
};

describe('brokerage bank-files: held statements', () => {
  it('says a held file moved nothing, lists it, and accepts it only with a note', async () => {
    expect((await cli(['bank-files', 'import', statementFile('one.xml', 1, '500.00', '500.00')])).code).toBe(0);
    const held = await cli(['bank-files', 'import', statementFile('three.xml', 3, '400.00', '400.00')]);
    expect(held.code, held.stderr).toBe(0);
    const { fileId, status } = held.json() as { fileId: string; status: string };
    expect(status).toBe('held');
    expect(held.stderr).toMatch(/held: nothing of .*three\.xml moved/);
    expect(held.stderr).toMatch(
      /opens at 400\.00 EUR, but the last statement applied for this account closed at 500\.00 EUR/,
    );
    expect(held.stderr).toContain(`brokerage bank-files accept|reject ${fileId} --note`);

    const listed = await cli(['bank-files', 'list', '--status', 'held']);
    expect(listed.json()).toContainEqual(expect.objectContaining({ fileId, status: 'held' }));
    const noNote = await cli(['bank-files', 'accept', fileId]);
    expect(noNote.code).not.toBe(0);
    expect(noNote.stderr).toMatch(/needs --note/);
    const accepted = await cli(['bank-files', 'accept', fileId, '--note', 'day 2 had no movement']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.json()).toMatchObject({ fileId, status: 'imported', closingBalances: 1 });
    expect((await cli(['bank-files', 'show', fileId])).json()).toMatchObject({
      status: 'imported',
      decisionNote: 'day 2 had no movement',
    });
  });

  it('rejects a held file: refused for good', async () => {
    const held = await cli(['bank-files', 'import', statementFile('nine.xml', 9, '1.00', '1.00')]);
    const { fileId } = held.json() as { fileId: string };
    const rejected = await cli(['bank-files', 'reject', fileId, '--note', 'not our export']);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.json()).toMatchObject({ fileId, status: 'refused', decisionNote: 'not our export' });
    const again = await cli(['bank-files', 'accept', fileId, '--note', 'after all']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/only a held file can be accepted or rejected/);
  });
});
