import { beforeAll, describe, expect, it } from 'vitest';
import { manualReviewVerification } from '../../src/providers/verification/manual-review.js';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import {
  documentFields,
  openFlow,
  photo,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
} from '../support/kyc-flow.js';

// Production's verification until a vendor is wired: submissions wait in REVIEWING for an operator.
let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, verification: manualReviewVerification });
  partner = await aPartner(t.app);
});

const statusOf = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/kyc/${email}`, headers: partner.headers })).json().value.status;

const decide = (email: string, decision: string, workspaceId = partner.credentials.workspaceId) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/v1/workspaces/${workspaceId}/verifications/${encodeURIComponent(email)}/${decision}`,
    headers: adminHeaders,
  });

async function submitted(email: string, documentNumber = 'X7654321') {
  await sendKycData(t.app, partner, { userEmail: email, ...standardProfile });
  const started = await startKyc(t.app, partner, {
    userEmail: email,
    countryCode: 'PT',
    type: 'INDIVIDUAL',
    sendOTPMail: false,
  });
  const flow = await openFlow(t.app, started.json().kycUrl);
  await postStep(t.app, `${flow}/consent`, { consent: 'yes' });
  expect((await postStep(t.app, `${flow}/document`, documentFields({ documentNumber }), photo)).statusCode).toBe(303);
  await t.ctx.jobs.runDue();
}

describe('manual review of verifications', () => {
  it('waits in REVIEWING, whatever the document, until an operator approves', async () => {
    // RJ… would be rejected by the sandbox's rules; manual review applies none.
    await submitted('manual-ok@example.com', 'RJ0000001');
    expect(await statusOf('manual-ok@example.com')).toBe('REVIEWING');
    const approved = await decide('manual-ok@example.com', 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ accountId: 'manual-ok@example.com', status: 'APPROVED' });
    expect(await statusOf('manual-ok@example.com')).toBe('APPROVED');
    const events = await t.ctx.db.query<{ type: string }>(
      `select type from outbox_events where workspace_id = $1 and data->>'customerEmail' = $2 and data->>'status' = 'APPROVED'`,
      [partner.credentials.workspaceId, 'manual-ok@example.com'],
    );
    expect(events.map((e) => e.type).sort()).toEqual(['kyc_completed', 'verification_status_updated']);
    // The pending decide job finds the verification decided and stops.
    await t.ctx.jobs.runDue();
    expect(await statusOf('manual-ok@example.com')).toBe('APPROVED');
  });

  it('an operator rejects; deciding again, or a verification not under review, is 409; unknown is 404', async () => {
    await submitted('manual-no@example.com');
    expect((await decide('manual-no@example.com', 'reject')).json().status).toBe('REJECTED');
    expect((await decide('manual-no@example.com', 'approve')).statusCode).toBe(409);
    await sendKycData(t.app, partner, { userEmail: 'fresh@example.com', firstName: 'F' });
    expect((await decide('fresh@example.com', 'approve')).statusCode).toBe(409);
    expect((await decide('nobody@example.com', 'approve')).statusCode).toBe(404);
    expect((await decide('manual-no@example.com', 'approve', 'no-such-workspace')).statusCode).toBe(404);
    expect((await decide('manual-no@example.com', 'maybe')).statusCode).toBe(400);
  });

  it('needs the operator token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${partner.credentials.workspaceId}/verifications/a%40b.co/approve`,
      headers: partner.headers,
    });
    expect(response.statusCode).toBe(401);
  });
});
