// The operator CLI against a real in-process server listening on a local port.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, buildTestApp, type TestApp, testDb } from '../../test/support/harness.js';
import { freePort } from '../../test/support/net.js';
import { runCli } from './brokerage.js';

let t: TestApp;
let url = '';
const everything: string[] = [];
const tempDirs: string[] = [];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  json: () => ReturnType<typeof JSON.parse>;
}

async function cli(argv: string[], env: Record<string, string | undefined> = {}, auth = true): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const args = auth ? ['--url', url, '--admin-token', adminToken, ...argv] : argv;
  const code = await runCli(args, {
    env,
    stdout: (s) => {
      stdout += s;
    },
    stderr: (s) => {
      stderr += s;
    },
  });
  everything.push(stdout, stderr);
  return { code, stdout, stderr, json: () => JSON.parse(stdout) };
}

async function created(name = 'cli workspace'): Promise<{ workspaceId: string; password: string }> {
  const run = await cli(['workspaces', 'create', '--name', name]);
  expect(run.code, run.stderr).toBe(0);
  return run.json();
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await t.app.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  // Every line any test printed: the operator token is never among them.
  expect(everything.join('\n')).not.toContain(adminToken);
});

describe('brokerage CLI', () => {
  it('creates a workspace: credentials JSON on stdout, the show-once warning on stderr', async () => {
    const run = await cli(['workspaces', 'create', '--name', 'cli created', '--no-simulation']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\{\n {2}"workspaceId"/);
    const credentials = run.json();
    expect(credentials).toEqual({
      workspaceId: expect.any(String),
      clientId: expect.any(String),
      username: expect.any(String),
      password: expect.any(String),
    });
    expect(run.stderr).toMatch(/shown only once/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    const shown = await cli(['workspaces', 'show', credentials.workspaceId]);
    expect(shown.json()).toMatchObject({ name: 'cli created', simulation: false });
  });

  it('lists workspaces page by page and shows one', async () => {
    const { workspaceId } = await created('cli listed');
    const two = await cli(['workspaces', 'list', '--limit', '2']);
    expect(two.code).toBe(0);
    expect(two.json()).toHaveLength(2);
    const second = await cli(['workspaces', 'list', '--limit', '1', '--page', '1']);
    expect(second.json()).toEqual([two.json()[1]]);
    let found = false;
    for (let page = 0; !found; page += 1) {
      const rows: { workspaceId: string }[] = (
        await cli(['workspaces', 'list', '--limit', '500', '--page', String(page)])
      ).json();
      if (rows.length === 0) break;
      found = rows.some((w) => w.workspaceId === workspaceId);
    }
    expect(found).toBe(true);
    const shown = await cli(['workspaces', 'show', workspaceId]);
    expect(shown.code).toBe(0);
    expect(shown.json()).toMatchObject({ workspaceId, name: 'cli listed', enabled: true, enabledPairs: null });
  });

  it('rotates credentials to a new password', async () => {
    const first = await created();
    const run = await cli(['workspaces', 'rotate', first.workspaceId]);
    expect(run.code).toBe(0);
    expect(run.json().workspaceId).toBe(first.workspaceId);
    expect(run.json().password).not.toBe(first.password);
    expect(run.stderr).toMatch(/shown only once/);
  });

  it('sets pairs, fees, write limit and read throttle; show reflects them; --pairs all resets', async () => {
    const { workspaceId } = await created();
    const settings = '--pairs EUR/USDC,USDC/EUR --fee-bps 80 --pair-fee EUR/USDC=20 --pair-fee USDC/EUR=30';
    const more = '--write-limit 5000 --lift-read-throttle --disable --verification-profile enhanced';
    const set = await cli(['workspaces', 'set', workspaceId, ...settings.split(' '), ...more.split(' ')]);
    expect(set.code, set.stderr).toBe(0);
    const expected = {
      enabled: false,
      enabledPairs: ['EUR/USDC', 'USDC/EUR'],
      feeSchedule: { defaultBps: 80, pairs: { 'EUR/USDC': 20, 'USDC/EUR': 30 } },
      writeLimitPerMinute: 5000,
      readThrottleLifted: true,
      verificationProfile: 'enhanced',
    };
    expect(set.json()).toMatchObject(expected);
    expect((await cli(['workspaces', 'show', workspaceId])).json()).toMatchObject(expected);

    // Fee options merge into the current schedule; the rest is untouched.
    const fee = await cli([
      'workspaces',
      'set',
      workspaceId,
      '--pair-fee',
      'USDC/EUR=default',
      '--pair-fee',
      'eur/usdc=25',
    ]);
    expect(fee.json()).toMatchObject({
      feeSchedule: { defaultBps: 80, pairs: { 'EUR/USDC': 25 } },
      writeLimitPerMinute: 5000,
    });
    expect(fee.json().feeSchedule.pairs).not.toHaveProperty('USDC/EUR');

    const reset = await cli([
      'workspaces',
      'set',
      workspaceId,
      '--pairs',
      'all',
      '--write-limit',
      'default',
      '--enable',
    ]);
    expect(reset.code).toBe(0);
    expect((await cli(['workspaces', 'show', workspaceId])).json()).toMatchObject({
      enabled: true,
      enabledPairs: null,
      writeLimitPerMinute: null,
      feeSchedule: { defaultBps: 80 },
    });
  });

  it('refuses an unknown verification profile before calling the server (exit 2)', async () => {
    const { workspaceId } = await created();
    const run = await cli(['workspaces', 'set', workspaceId, '--verification-profile', 'strict']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('basic, standard, enhanced');
  });

  it('prints the server refusal of a setting with exit 1', async () => {
    const { workspaceId } = await created();
    const run = await cli(['workspaces', 'set', workspaceId, '--pairs', 'EUR/EUR']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^brokerage: 400 ValidationError: .*EUR\/EUR/);
  });

  it('an unknown workspace prints the 404 with exit 1', async () => {
    for (const argv of [
      ['workspaces', 'show', 'nope'],
      ['workspaces', 'rotate', 'nope'],
      ['workspaces', 'set', 'nope', '--enable'],
    ]) {
      const run = await cli(argv);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe('brokerage: 404 ExistenceError: Workspace nope does not exist\n');
    }
  });

  it('a wrong operator token exits 1 with AuthorizationError', async () => {
    const run = await cli(
      ['--url', url, '--admin-token', 'not-the-admin-token-at-all', 'workspaces', 'list'],
      {},
      false,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^brokerage: 401 AuthorizationError: /);
  });

  it('takes the URL and the token from the environment, or the token from DATA_DIR/admin-token', async () => {
    const fromEnv = await cli(
      ['workspaces', 'list', '--limit', '1'],
      { BROKERAGE_URL: `${url}/`, ADMIN_TOKEN: adminToken },
      false,
    );
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    const dataDir = mkdtempSync(join(tmpdir(), 'brokerage-cli-'));
    tempDirs.push(dataDir);
    writeFileSync(join(dataDir, 'admin-token'), `${adminToken}\n`);
    const port = new URL(url).port;
    const fromFile = await cli(
      ['workspaces', 'list', '--limit', '1'],
      { HOST: '127.0.0.1', PORT: port, DATA_DIR: dataDir },
      false,
    );
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const missing = await cli(['workspaces', 'list'], { BROKERAGE_URL: url, DATA_DIR: join(dataDir, 'none') }, false);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no operator token/);
  });

  it.each([
    [['frobnicate'], /unknown command "frobnicate"/],
    [['workspaces'], /workspaces needs one of: create, list, show, rotate, set/],
    [['workspaces', 'create'], /workspaces create needs --name/],
    [['workspaces', 'show'], /workspaces show needs <id>/],
    [['workspaces', 'show', 'a', 'b'], /unexpected argument "b"/],
    [['workspaces', 'list', '--colour'], /Unknown option '--colour'/],
    [['workspaces', 'list', '--limit', 'ten'], /--limit must be a whole number/],
    [['workspaces', 'set', 'x'], /at least one setting/],
    [['workspaces', 'set', 'x', '--enable', '--disable'], /--enable and --disable exclude each other/],
    [['workspaces', 'set', 'x', '--pair-fee', 'EUR/USDC'], /--pair-fee takes PAIR=BPS/],
    [['workspaces', 'list', '--url', 'ftp://example.com'], /http\(s\) URL/],
  ])('%j is a usage error: exit 2 and a hint to --help', async (argv, message) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Run npx --no-install brokerage-partner-api --help');
  });

  it('an unreachable server exits 1 naming its URL', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    const run = await cli(['--url', down, '--admin-token', adminToken, 'workspaces', 'list'], {}, false);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`brokerage: the server at ${down} is not reachable`);
  });

  it.each([[[]], [['help']], [['--help']], [['workspaces', 'set', '--help']]])('%j prints the usage', async (argv) => {
    const run = await cli(argv, {}, false);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npx --no-install brokerage-partner-api /);
    for (const text of [
      'workspaces create',
      'workspaces set <id>',
      '--pair-fee',
      'BROKERAGE_URL',
      'ADMIN_TOKEN',
      'DATA_DIR',
    ]) {
      expect(run.stdout).toContain(text);
    }
  });
});

describe('ledger verify', () => {
  it('prints the report and exits 0 on a consistent ledger, 1 on a tampered one', async () => {
    const fine = await cli(['ledger', 'verify']);
    expect(fine.code, fine.stderr).toBe(0);
    expect(fine.json()).toMatchObject({ consistent: true, problems: [] });
    const db = await testDb();
    const [entry] = await db.query<{ id: bigint }>(
      `insert into ledger_entries (workspace_id, kind, reference, created_at_ms) values ('cli-test', 'forged', 'x', 0) returning id`,
    );
    await db.query(
      `insert into ledger_postings (entry_id, account_id, currency, bucket, amount) values ($1, 'system:fees', 'EUR', 'available', 1)`,
      [entry?.id],
    );
    try {
      const broken = await cli(['ledger', 'verify']);
      expect(broken.code).toBe(1);
      expect(broken.json().consistent).toBe(false);
      expect(broken.stderr).toContain('NOT consistent');
    } finally {
      await db.query('delete from ledger_postings where entry_id = $1', [entry?.id]);
      await db.query('delete from ledger_entries where id = $1', [entry?.id]);
    }
  });
});
