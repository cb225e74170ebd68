// The operator CLI's AML commands against a real in-process server listening on a local port.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner } from '../../test/support/builders.js';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { buildTestApp, type TestApp } from '../../test/support/harness.js';

let t: TestApp;
let cli: (argv: string[]) => Promise<CliRun>;
const fixtures = fileURLToPath(new URL('../../test/fixtures/ofac', import.meta.url));
const emptyDir = mkdtempSync(join(tmpdir(), 'aml-cli-'));

beforeAll(async () => {
  t = await buildTestApp();
  cli = await cliAgainst(t.app);
});

afterAll(async () => {
  await t.app.close();
  rmSync(emptyDir, { recursive: true, force: true });
});

describe('brokerage sanctions', () => {
  it('imports the OFAC files of a folder with the given list date, and again (re-runnable)', async () => {
    const first = await cli(['sanctions', 'import', '--dir', fixtures, '--list-date', '2026-11-21']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json()).toMatchObject({ list: 'OFAC_SDN', listDate: '2026-11-21', entries: 7, aliases: 5 });
    const again = await cli(['sanctions', 'import', '--dir', fixtures]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/list date \d{4}-\d{2}-\d{2} taken from the modification date/);
    expect(again.json().version).toBe(first.json().version + 1);
    const lists = await cli(['sanctions', 'lists']);
    expect(lists.json()).toContainEqual(again.json());
  });

  it.each([
    [['sanctions', 'import'], 'needs --dir'],
    [['sanctions', 'import', '--dir', emptyDir], 'no sdn.csv'],
    [['sanctions', 'import', '--dir', '/no/such/folder'], 'not a readable folder'],
    [['sanctions', 'import', '--dir', fixtures, '--list-date', '21/11/2026'], '--list-date takes YYYY-MM-DD'],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('reports a malformed file as the server words it (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aml-cli-bad-'));
    writeFileSync(join(dir, 'SDN.CSV'), '1,"A","individual"\r\n');
    const run = await cli(['sanctions', 'import', '--dir', dir, '--list-date', '2026-11-21']);
    rmSync(dir, { recursive: true, force: true });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('sdn.csv record 1 has 3 fields');
    expect(run.stderr).toContain('no alt.csv');
  });
});

describe('brokerage aml', () => {
  it('lists the review queue and resolves a potential match', async () => {
    const p = await aPartner(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/aml-screenings',
      headers: p.headers,
      payload: { entityType: 'BUSINESS', businessName: 'Sandbox Embargoed Trading LLC' },
    });
    const id = created.json().value.screeningId;
    const queue = await cli(['aml', 'list', '--status', 'POTENTIAL_MATCH', '--limit', '500']);
    expect(queue.code, queue.stderr).toBe(0);
    expect(queue.json().map((s: { screeningId: string }) => s.screeningId)).toContain(id);
    const resolved = await cli(['aml', 'resolve', id, '--status', 'CONFIRMED_MATCH', '--note', 'registry checked']);
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.json()).toMatchObject({
      screeningId: id,
      status: 'CONFIRMED_MATCH',
      resolutionNote: 'registry checked',
    });
    const twice = await cli(['aml', 'resolve', id, '--status', 'FALSE_POSITIVE']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('only a POTENTIAL_MATCH is resolved');
  });

  it.each([
    [['aml', 'resolve', 'x'], 'needs --status'],
    [['aml', 'resolve', 'x', '--status', 'CLEAR'], 'needs --status'],
    [['aml', 'list', '--status', 'MAYBE'], '--status takes'],
    [['aml', 'list', '--limit', 'ten'], '--limit must be a whole number'],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('are listed in the help', async () => {
    const help = await cli(['--help']);
    for (const words of ['sanctions import', 'sanctions lists', 'aml list', 'aml resolve <screeningId>']) {
      expect(help.stdout).toContain(words);
    }
  });
});
