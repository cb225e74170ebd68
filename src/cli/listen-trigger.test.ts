// `listen` and `trigger` against a real stage server on a loopback port, its jobs and its webhook dispatcher running:
// what listen forwards is held byte for byte to what the server itself delivers to a registered endpoint with the
// same secret, both signatures verified with the server's code and the Standard Webhooks library; every type trigger
// takes makes its event, listed by GET /v1/events; and the refusals are messages with their exit codes.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner } from '../../test/support/builders.js';
import { adminToken, buildTestApp, productionEnv, type TestApp } from '../../test/support/harness.js';
import { aReceiver, type Received, type Receiver } from '../../test/support/receiver.js';
import { verifiesBoth } from '../../test/support/standard-webhooks.js';
import { eventTypeNames } from '../events/catalogue.js';
import { signedHeaders } from '../events/signature.js';
import { type CliIo, runCli } from './brokerage.js';
import { eventLine } from './event-tail.js';
import { notTriggerable, triggerable } from './event-triggers.js';

let stage: TestApp;
let production: TestApp;
let stageUrl = '';
let productionUrl = '';
const receivers: Receiver[] = [];

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

/** A stage workspace made by `sandbox`, as the partner's environment variables. */
async function sandbox(): Promise<Record<string, string>> {
  const run = await cli(['--url', stageUrl, '--admin-token', adminToken, 'sandbox', '--name', 'listen and trigger']);
  expect(run.code, run.stderr).toBe(0);
  return Object.fromEntries(
    [...run.stdout.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1], (m[2] as string).replace(/^'|'$/g, '')]),
  );
}

async function aReceiverOnLoopback(): Promise<Receiver> {
  const receiver = await aReceiver();
  receivers.push(receiver);
  return receiver;
}

interface Listed {
  eventId: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: number;
}

/** Every event of the workspace, newest first. */
async function listed(env: Record<string, string>, query = ''): Promise<Listed[]> {
  const answer = await stage.app.inject({
    method: 'GET',
    url: `/v1/events?limit=100${query}`,
    headers: { authorization: `Bearer ${env.BROKERAGE_TOKEN}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().value;
}

async function waitFor(what: string, done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const whsec = () => `whsec_${randomBytes(32).toString('base64')}`;
const byEventId = (arrivals: readonly Received[], eventId: string) =>
  arrivals.find((arrival) => arrival.body.eventId === eventId);

beforeAll(async () => {
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
  production = await buildTestApp({ env: productionEnv });
  stageUrl = await listening(stage);
  productionUrl = await listening(production);
  stage.ctx.jobs.start();
  await stage.ctx.webhooks.start();
});

afterAll(async () => {
  await stage.ctx.webhooks.stop();
  await stage.ctx.jobs.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await stage.app.close();
  await production.app.close();
});

describe('brokerage listen --forward-to', () => {
  it('delivers each new event as the server does: the same bytes and headers, both signatures verified', async () => {
    const env = await sandbox();
    const secret = whsec();
    const real = await aReceiverOnLoopback();
    const forwarded = await aReceiverOnLoopback();
    const endpoint = await stage.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { authorization: `Bearer ${env.BROKERAGE_TOKEN}` },
      payload: { name: 'the real one', url: `${real.url}/hooks`, secret },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const before = new Set((await listed(env)).map((event) => event.eventId));

    const interrupt = new AbortController();
    const sink: Run = { code: -1, stdout: '', stderr: '' };
    const listen = cli(
      ['listen', '--forward-to', `${forwarded.url}/hooks`, '--secret', secret, '--interval', '1'],
      env,
      interrupt.signal,
      sink,
    );
    await waitFor('listen to be ready', () => sink.stderr.includes('forwarding every event'));
    expect(sink.stderr).toContain(`to ${forwarded.url}/hooks (Ctrl-C stops)`);
    expect(sink.stderr).toContain('signing with the secret of --secret');
    expect(sink.stderr).not.toContain(secret);

    // A withdrawal: its data holds an IBAN, sealed at rest and opened in the body, as the dispatcher opens it.
    const triggered = await cli(['trigger', 'withdrawal_completed'], env);
    expect(triggered.code, triggered.stderr).toBe(0);
    const events = (await listed(env)).filter((event) => !before.has(event.eventId)).reverse();
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['withdrawal_completed']));
    await waitFor('every event at both receivers', () =>
      events.every((e) => byEventId(forwarded.received, e.eventId) && byEventId(real.received, e.eventId)),
    );
    interrupt.abort();
    expect((await listen).code).toBe(0);

    for (const event of events) {
      const copy = byEventId(forwarded.received, event.eventId) as Received;
      const delivered = byEventId(real.received, event.eventId) as Received;
      expect(copy.raw.toString(), event.type).toBe(delivered.raw.toString());
      expect(Object.keys(copy.headers).sort()).toEqual(Object.keys(delivered.headers).sort());
      for (const name of ['user-agent', 'content-type', 'content-length', 'x-service-signature-256', 'webhook-id']) {
        expect(copy.headers[name], name).toBe(delivered.headers[name]);
      }
      const sentAtMs = Number(copy.headers['webhook-timestamp']) * 1000;
      const server = signedHeaders({ current: secret, previous: undefined }, event.eventId, sentAtMs, copy.raw);
      for (const [name, value] of Object.entries(server)) expect(copy.headers[name], name).toBe(value);
      expect(verifiesBoth(copy, secret)).toBe(true);
    }
    const withdrawal = byEventId(
      forwarded.received,
      events.find((e) => e.type === 'withdrawal_completed')?.eventId ?? '',
    );
    expect(withdrawal?.raw.toString()).toContain('FR1420041010050500013M02606');
    // One line per event forwarded, oldest first, with the receiver's answer.
    expect(sink.stdout).toBe(events.map((event) => `${eventLine(event).trimEnd()}  -> 200\n`).join(''));
  }, 120_000);

  it('without --secret signs with a new whsec_ secret it prints; a receiver that fails is a line, not the end', async () => {
    const env = await sandbox();
    const receiver = await aReceiverOnLoopback();
    const interrupt = new AbortController();
    const sink: Run = { code: -1, stdout: '', stderr: '' };
    const listen = cli(
      ['listen', '--forward-to', `${receiver.url}/hooks`, '--types', 'support_ticket_created', '--interval', '1'],
      env,
      interrupt.signal,
      sink,
    );
    await waitFor('listen to be ready', () => /signing secret whsec_\S+/.test(sink.stderr));
    const secret = /signing secret (whsec_\S+)/.exec(sink.stderr)?.[1] as string;
    expect(sink.stderr).toContain('forwarding support_ticket_created of');

    expect((await cli(['trigger', 'support_ticket_created'], env)).code).toBe(0);
    await waitFor('the first delivery', () => receiver.received.length === 1);
    expect(verifiesBoth(receiver.received[0] as Received, secret)).toBe(true);

    receiver.setDown(true);
    expect((await cli(['trigger', 'support_ticket_created'], env)).code).toBe(0);
    await waitFor('the failed line', () => sink.stdout.includes('-> failed: '));
    receiver.setDown(false);
    // A ticket answered with a new status: its support_ticket_created is forwarded, its support_ticket_updated not.
    expect((await cli(['trigger', 'support_ticket_updated'], env)).code).toBe(0);
    await waitFor('the third delivery', () => receiver.received.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    interrupt.abort();
    expect((await listen).code).toBe(0);
    expect(receiver.received.map((arrival) => arrival.body.type)).toEqual([
      'support_ticket_created',
      'support_ticket_created',
    ]);
    const lines = sink.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/ {2}support_ticket_created {2}eventId=\S+ {2}id=\S+ {2}-> 200$/);
    expect(lines[1]).toMatch(/ {2}support_ticket_created {2}eventId=\S+ {2}id=\S+ {2}-> failed: \S/);
    expect(lines[2]).toMatch(/ {2}support_ticket_created {2}.* -> 200$/);

    // --since with --once delivers what came after an event and exits.
    const [first] = (await listed(env, '&type=support_ticket_created')).reverse();
    const again = await cli(
      ['listen', '--forward-to', `${receiver.url}/hooks`, '--since', first?.eventId ?? '', '--once'],
      env,
    );
    expect(again.code, again.stderr).toBe(0);
    const after = (await listed(env)).filter((event) => event.createdAt >= (first?.createdAt ?? 0));
    expect(again.stdout.trimEnd().split('\n').length).toBe(after.length - 1);
  }, 120_000);

  it.each([
    [[], /listen needs --forward-to <url>/],
    [['--forward-to', 'ftp://127.0.0.1/hooks'], /--forward-to must be an http\(s\) URL/],
    [['--forward-to', 'not a url'], /--forward-to must be an http\(s\) URL/],
    [['--forward-to', 'http://127.0.0.1:1/hooks', '--secret', 'short'], /--secret must be 8 to 256 characters/],
    [['--forward-to', 'http://127.0.0.1:1/hooks', '--secret', 'whsec_YWJjZA=='], /Standard Webhooks secret/],
    [['--forward-to', 'http://127.0.0.1:1/hooks', '--once'], /listen --once needs --since/],
    [['--forward-to', 'http://127.0.0.1:1/hooks', '--interval', '0'], /--interval must be a whole number/],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const run = await cli(['listen', ...argv], { BROKERAGE_URL: stageUrl, BROKERAGE_TOKEN: 'x' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Run npx --no-install brokerage-partner-api --help');
  });
});

describe('brokerage trigger', () => {
  it("takes every type of the server's catalogue but those no partner request makes happen", () => {
    const takes = Object.keys(triggerable);
    expect(takes.filter((type) => type in notTriggerable)).toEqual([]);
    expect([...takes, ...Object.keys(notTriggerable)].sort()).toEqual([...eventTypeNames].sort());
  });

  it('makes each of its types happen: the event it prints is listed by GET /v1/events', async () => {
    const env = await sandbox();
    for (const type of Object.keys(triggerable)) {
      const run = await cli(['trigger', type], env);
      expect(run.code, `${type}: ${run.stderr}`).toBe(0);
      expect(run.stdout, type).toMatch(new RegExp(`^\\S+ {2}${type} {2}eventId=[0-9a-f-]{36} {2}id=\\S+\\n$`));
      expect(run.stderr, type).toMatch(/^brokerage: made /);
      const eventId = /eventId=(\S+)/.exec(run.stdout)?.[1] ?? '';
      const ofType = await listed(env, `&type=${type}`);
      const event = ofType.find((e) => e.eventId === eventId);
      expect(event, type).toBeDefined();
      expect(run.stdout).toBe(eventLine(event as Listed));
    }
  }, 300_000);

  it('settles what waits for a helper when the workspace has manual outcomes', async () => {
    const env = await sandbox();
    const settings = await stage.app.inject({
      method: 'PUT',
      url: '/v1/simulate/settings',
      headers: { authorization: `Bearer ${env.BROKERAGE_TOKEN}` },
      payload: { outcomes: 'manual' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    for (const type of ['order_completed', 'withdrawal_completed']) {
      const run = await cli(['trigger', type], env);
      expect(run.code, `${type}: ${run.stderr}`).toBe(0);
      expect(run.stderr).toContain('manual outcomes');
      expect(run.stdout).toContain(`  ${type}  `);
    }
  }, 120_000);

  it.each([
    [[], /trigger needs <event-type>: one of verification_status_updated, .*deposit_completed/],
    [
      ['deposit_status_updated'],
      /unknown event type "deposit_status_updated"; it takes one of .*withdrawal_status_updated/,
    ],
    [['webhook_test'], /webhook_test cannot be triggered \(it is sent to one endpoint .*\); it takes one of /],
    [['webhook_endpoint_disabled'], /webhook_endpoint_disabled cannot be triggered/],
    [['deposit_completed', '--wait', 'soon'], /--wait must be a whole number from 0 to 300/],
    [['deposit_completed', 'extra'], /trigger: unexpected argument "extra"/],
  ])('%j is a usage error (exit 2), before anything is made', async (argv, message) => {
    const run = await cli(['trigger', ...argv], { BROKERAGE_URL: 'http://127.0.0.1:1', BROKERAGE_TOKEN: 'x' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('is refused on production and where the sandbox is off (exit 1)', async () => {
    const live = await aPartner(production.app);
    const refused = await cli(['trigger', 'deposit_completed'], {
      BROKERAGE_API_URL: productionUrl,
      BROKERAGE_TOKEN: live.token,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/has no sandbox helpers \(\/v1\/simulate answers 404\): trigger works on a stage/);
    const off = await aPartner(stage.app, { simulation: false });
    const offRun = await cli(['trigger', 'deposit_completed'], {
      BROKERAGE_API_URL: stageUrl,
      BROKERAGE_TOKEN: off.token,
    });
    expect(offRun.code).toBe(1);
    expect(offRun.stderr).toMatch(/^brokerage: 403 AllowanceError: Sandbox simulation is off/);
  });
});
