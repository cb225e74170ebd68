// The operator CLI's verification commands (issue #27) against a real in-process server listening on a local port:
// a production server whose verification is manual review, a customer brought to REVIEWING through the hosted page.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner } from '../../test/support/builders.js';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { buildTestApp, productionEnv, type TestApp } from '../../test/support/harness.js';
import {
  documentFields,
  openFlow,
  photo,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
} from '../../test/support/kyc-flow.js';

let t: TestApp;
let cli: (argv: string[]) => Promise<CliRun>;
let partner: Partner;

beforeAll(async () => {
  t = await buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    providersFile: { verification: { provider: 'manual-review' } },
  });
  cli = await cliAgainst(t.app);
  partner = await aPartner(t.app);
});

afterAll(async () => {
  await t.app.close();
});

const ws = () => partner.credentials.workspaceId;

async function underReview(email: string): Promise<void> {
  await sendKycData(t.app, partner, { userEmail: email, ...standardProfile, profession: '70' });
  const started = await startKyc(t.app, partner, {
    userEmail: email,
    countryCode: 'PT',
    type: 'INDIVIDUAL',
    sendOTPMail: false,
  });
  const flow = await openFlow(t.app, started.json().kycUrl);
  await postStep(t.app, `${flow}/consent`, { consent: 'yes' });
  expect(
    (await postStep(t.app, `${flow}/document`, documentFields({ documentNumber: 'Z5550123' }), photo)).statusCode,
  ).toBe(303);
  await t.ctx.jobs.runDue();
}

describe('brokerage verifications', () => {
  it('lists the queue of a workspace, approves one and rejects another', async () => {
    const [ok, no] = [`ok-${randomUUID().slice(0, 8)}@example.com`, `no-${randomUUID().slice(0, 8)}@example.com`];
    await underReview(ok);
    await underReview(no);

    const queue = await cli(['verifications', 'list', '--status', 'REVIEWING', '--workspace', ws()]);
    expect(queue.code, queue.stderr).toBe(0);
    expect(queue.json().map((v: { email: string }) => v.email)).toEqual([ok, no]);
    expect(queue.json()[0]).toMatchObject({
      workspaceId: ws(),
      status: 'REVIEWING',
      profile: { firstName: 'Ana', lastName: 'Silva', birthdate: '1990-04-12', profession: '70' },
      activitySector: { code: '70', name: 'Health and education', declaredBy: 'partner' },
      document: { type: 'passport', number: '****0123', issuingCountry: 'PT', expiryDate: '2031-01-31' },
    });
    const newest = await cli([
      'verifications',
      'list',
      '--status',
      'REVIEWING',
      '--workspace',
      ws(),
      '--order',
      'newest',
    ]);
    expect(newest.json().map((v: { email: string }) => v.email)).toEqual([no, ok]);

    const approved = await cli(['verifications', 'approve', '--workspace', ws(), '--email', ok]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.json()).toEqual({ accountId: ok, status: 'APPROVED' });
    const rejected = await cli(['verifications', 'reject', '--workspace', ws(), '--email', no]);
    expect(rejected.json()).toEqual({ accountId: no, status: 'REJECTED' });

    const left = await cli(['verifications', 'list', '--status', 'REVIEWING', '--workspace', ws()]);
    expect(left.json()).toEqual([]);
    const decided = await cli([
      'verifications',
      'list',
      '--status',
      'APPROVED',
      '--status',
      'REJECTED',
      '--workspace',
      ws(),
    ]);
    expect(decided.json().map((v: { email: string; status: string }) => `${v.email} ${v.status}`)).toEqual([
      `${ok} APPROVED`,
      `${no} REJECTED`,
    ]);
    // Every workspace's queue, newest first: on a database shared with other files, the oldest 500 may all be theirs.
    const all = await cli(['verifications', 'list', '--order', 'newest', '--limit', '500']);
    expect(all.code, all.stderr).toBe(0);
    expect(all.json().map((v: { email: string }) => v.email)).toEqual(expect.arrayContaining([ok, no]));
  });

  it('deciding again is the server refusal, named (exit 1)', async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    await underReview(email);
    expect((await cli(['verifications', 'approve', '--workspace', ws(), '--email', email])).code).toBe(0);
    const again = await cli(['verifications', 'reject', '--workspace', ws(), '--email', email]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The verification is APPROVED; only a REVIEWING one can be decided');
    const unknown = await cli(['verifications', 'approve', '--workspace', ws(), '--email', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No verification for nobody@example.com');
  });

  it.each([
    [['verifications', 'approve', '--email', 'a@example.com'], 'verifications approve needs --workspace'],
    [['verifications', 'reject', '--workspace', 'w'], 'verifications reject needs --email'],
    [['verifications', 'list', '--status', 'DONE'], '--status takes PENDING, IN_PROGRESS, REVIEWING'],
    [['verifications', 'list', '--order', 'random'], '--order takes oldest or newest'],
    [['verifications', 'list', '--limit', 'ten'], '--limit must be a whole number'],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
