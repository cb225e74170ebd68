// The partner tools of the CLI against real in-process servers on loopback ports: `sandbox` on stage (and its
// refusal on production), `events tail` reading what GET /v1/events lists, once and following.

import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Partner, verifyCustomer } from '../../test/support/builders.js';
import { adminToken, buildTestApp, productionEnv, type TestApp } from '../../test/support/harness.js';
import { type CliIo, runCli } from './brokerage.js';
import { eventLine } from './event-tail.js';
import { shellQuote } from './partner-commands.js';

let stage: TestApp;
let production: TestApp;
let stageUrl = '';
let productionUrl = '';

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(argv: string[], env: CliIo['env'] = {}, interrupt?: AbortSignal, sink?: Run): Promise<Run> {
  const run = sink ?? { code: -1, stdout: '', stderr: '' };
  run.code = await runCli(argv, {
    env,
    stdout: (s) => {
      run.stdout += s;
    },
    stderr: (s) => {
      run.stderr += s;
    },
    ...(interrupt ? { interrupt } : {}),
  });
  return run;
}

/** What bash makes of the lines `sandbox` printed: each variable as the shell reads it back. */
function evaluated(lines: string): Record<string, string> {
  const names = [
    'BROKERAGE_API_URL',
    'BROKERAGE_CLIENT_ID',
    'BROKERAGE_USERNAME',
    'BROKERAGE_PASSWORD',
    'BROKERAGE_TOKEN',
  ];
  const script = `${lines}\nfor v in ${names.join(' ')}; do printf '%s=%s\\0' "$v" "\${!v}"; done`;
  const output = execFileSync('bash', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  return Object.fromEntries(
    output
      .split('\0')
      .filter((pair) => pair !== '')
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

async function sandbox(name = 'tail sandbox'): Promise<Record<string, string>> {
  const run = await cli(['--url', stageUrl, '--admin-token', adminToken, 'sandbox', '--name', name]);
  expect(run.code, run.stderr).toBe(0);
  return evaluated(run.stdout);
}

const partnerOf = (env: Record<string, string>): Partner => ({
  credentials: {
    workspaceId: '',
    clientId: env.BROKERAGE_CLIENT_ID as string,
    username: env.BROKERAGE_USERNAME as string,
    password: env.BROKERAGE_PASSWORD as string,
  },
  token: env.BROKERAGE_TOKEN as string,
  headers: { authorization: `Bearer ${env.BROKERAGE_TOKEN}` },
});

/** The workspace's events as the API lists them (newest first). */
async function listed(env: Record<string, string>, query = '') {
  const answer = await stage.app.inject({
    method: 'GET',
    url: `/v1/events?limit=100${query}`,
    headers: { authorization: `Bearer ${env.BROKERAGE_TOKEN}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().value as { eventId: string; id: string; type: string; createdAt: number }[];
}

beforeAll(async () => {
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  production = await buildTestApp({ env: productionEnv });
  stageUrl = await listening(stage);
  productionUrl = await listening(production);
});

afterAll(async () => {
  await stage.app.close();
  await production.app.close();
});

describe('brokerage sandbox', () => {
  it('prints five export lines a shell takes back as working credentials and token; the notes go to stderr', async () => {
    const run = await cli(['--url', stageUrl, '--admin-token', adminToken, 'sandbox', '--name', "O'Brien & Co $HOME"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.map((line) => /^export (\w+)=/.exec(line)?.[1])).toEqual([
      'BROKERAGE_API_URL',
      'BROKERAGE_CLIENT_ID',
      'BROKERAGE_USERNAME',
      'BROKERAGE_PASSWORD',
      'BROKERAGE_TOKEN',
    ]);
    const env = evaluated(run.stdout);
    expect(env.BROKERAGE_API_URL).toBe(stageUrl);
    expect(run.stderr).toMatch(/the password is shown only this once/);
    expect(run.stderr).toMatch(/BROKERAGE_TOKEN lasts 300 seconds/);
    expect(run.stderr).not.toContain(env.BROKERAGE_PASSWORD);

    // The token works as printed, and the credentials mint another.
    const pairs = await stage.app.inject({ method: 'GET', url: '/v1/pairs', headers: partnerOf(env).headers });
    expect(pairs.statusCode).toBe(200);
    const minted = await stage.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: env.BROKERAGE_CLIENT_ID ?? '',
        username: env.BROKERAGE_USERNAME ?? '',
        password: env.BROKERAGE_PASSWORD ?? '',
      }).toString(),
    });
    expect(minted.statusCode, minted.body).toBe(200);

    // The workspace carries the name given, quotes and all, with the simulation on.
    const workspaceId = /workspace (\S+) /.exec(run.stderr)?.[1] ?? '';
    const shown = await cli(['--url', stageUrl, '--admin-token', adminToken, 'workspaces', 'show', workspaceId]);
    expect(JSON.parse(shown.stdout)).toMatchObject({ name: "O'Brien & Co $HOME", simulation: true });
  });

  it('quotes for the shell whatever a value holds', () => {
    for (const value of ["it's", 'a b', '$(rm -rf /)', '`x`', 'plain_value-1.2', '', "'''", 'new\nline']) {
      expect(evaluated(`export BROKERAGE_PASSWORD=${shellQuote(value)}`).BROKERAGE_PASSWORD).toBe(value);
    }
  });

  it('is refused on a production server, before any workspace is made (exit 1)', async () => {
    const count = async () =>
      (
        await production.app.inject({
          method: 'GET',
          url: '/admin/v1/workspaces?limit=500',
          headers: { authorization: `Bearer ${adminToken}` },
        })
      ).json().length as number;
    const before = await count();
    const run = await cli(['--url', productionUrl, '--admin-token', adminToken, 'sandbox']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^brokerage: refused: the server at http:\/\/127\.0\.0\.1:\d+ runs production; sandbox workspaces exist only on stage/,
    );
    expect(await count()).toBe(before);
  });
});

describe('brokerage events tail', () => {
  it('--once prints the last ten events oldest first, one line each with time, type, eventId and id', async () => {
    const env = await sandbox();
    for (const email of ['tail-1@example.com', 'tail-2@example.com', 'tail-3@example.com', 'tail-4@example.com']) {
      await verifyCustomer(stage.app, partnerOf(env), email);
    }
    const events = await listed(env);
    expect(events.length).toBeGreaterThan(10);
    // Only the credentials: the tail mints its own token.
    const { BROKERAGE_TOKEN: _, ...credentials } = env;
    const run = await cli(['events', 'tail', '--once'], credentials);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(events.slice(0, 10).reverse().map(eventLine).join(''));
    expect(run.stdout.split('\n')[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z {2}\w+ {2}eventId=[0-9a-f-]{36} {2}id=\S+$/,
    );
  });

  it('--since prints every event after that one, across pages; --types keeps only those types', async () => {
    const env = await sandbox();
    await verifyCustomer(stage.app, partnerOf(env), 'since-0@example.com');
    const [mark] = await listed(env);
    for (let i = 1; i <= 40; i += 1) await verifyCustomer(stage.app, partnerOf(env), `since-${i}@example.com`);
    // Every event after the mark, newest first, read page by page from the newest.
    const all: Awaited<ReturnType<typeof listed>> = [];
    for (let page = await listed(env); ; page = await listed(env, `&startingAfter=${page.at(-1)?.eventId}`)) {
      const at = page.findIndex((e) => e.eventId === mark?.eventId);
      all.push(...(at === -1 ? page : page.slice(0, at)));
      if (at !== -1 || page.length === 0) break;
    }
    const run = await cli(['events', 'tail', '--once', '--since', mark?.eventId ?? ''], env);
    expect(run.code, run.stderr).toBe(0);
    const printed = run.stdout.trimEnd().split('\n');
    expect(printed.length).toBeGreaterThan(100);
    expect(printed).toEqual(all.reverse().map((e) => eventLine(e).trimEnd()));

    const kyc = await cli(
      ['events', 'tail', '--once', '--types', 'kyc_completed', '--since', mark?.eventId ?? ''],
      env,
    );
    const kycLines = kyc.stdout.trimEnd().split('\n');
    expect(kycLines).toHaveLength(40);
    for (const line of kycLines) expect(line).toContain('  kyc_completed  ');
  });

  it('follows new events as they happen and ends cleanly, exit 0, on Ctrl-C', async () => {
    const env = await sandbox();
    const interrupt = new AbortController();
    const sink: Run = { code: -1, stdout: '', stderr: '' };
    const running = cli(['events', 'tail', '--interval', '1'], env, interrupt.signal, sink);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.stdout).toBe('');
    await verifyCustomer(stage.app, partnerOf(env), 'follow@example.com');
    const deadline = Date.now() + 5000;
    while (!sink.stdout.includes('kyc_completed') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sink.stdout).toBe((await listed(env)).reverse().map(eventLine).join(''));
    interrupt.abort();
    expect((await running).code).toBe(0);
    expect(sink.stderr).toBe('');
  });

  it('renews a refused token from the credentials; without credentials a refusal is the end', async () => {
    const env = await sandbox();
    await verifyCustomer(stage.app, partnerOf(env), 'renew@example.com');
    const renewed = await cli(['events', 'tail', '--once'], { ...env, BROKERAGE_TOKEN: 'not-a-token' });
    expect(renewed.code, renewed.stderr).toBe(0);
    expect(renewed.stdout).toContain('kyc_completed');
    const refused = await cli(['events', 'tail', '--once'], {
      BROKERAGE_API_URL: stageUrl,
      BROKERAGE_TOKEN: 'not-a-token',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^brokerage: 401 AuthorizationError/);
    const wrongPassword = await cli(['events', 'tail', '--once'], {
      ...env,
      BROKERAGE_TOKEN: '',
      BROKERAGE_PASSWORD: 'wrong',
    });
    expect(wrongPassword.code).toBe(1);
    expect(wrongPassword.stderr).toMatch(/^brokerage: 401 invalid_client|^brokerage: 40\d invalid_grant/);
  });

  it.each([
    [[], {}, /events tail needs BROKERAGE_TOKEN, or BROKERAGE_CLIENT_ID/],
    [['--interval', '0'], { BROKERAGE_TOKEN: 'x' }, /--interval must be a whole number from 1 to 60/],
    [[], { BROKERAGE_API_URL: 'ftp://x', BROKERAGE_TOKEN: 'x' }, /BROKERAGE_API_URL must be an http\(s\) URL/],
  ])('%j with %j is a usage error (exit 2)', async (argv, env, message) => {
    const run = await cli(['events', 'tail', '--once', ...argv], { BROKERAGE_URL: stageUrl, ...env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('an unknown event type is the server refusal, exit 1', async () => {
    const env = await sandbox();
    const run = await cli(['events', 'tail', '--once', '--types', 'deposit_completed,no_such_event'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^brokerage: 400 ValidationError: .*no_such_event/);
  });
});
