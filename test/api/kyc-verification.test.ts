import { beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import {
  documentFields,
  mailedCode,
  openFlow,
  photo,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
} from '../support/kyc-flow.js';

let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', PUBLIC_BASE_URL: 'https://verify.example.test' } });
  partner = await aPartner(t.app);
});

const statusOf = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/kyc/${email}`, headers: partner.headers })).json().value;

const verificationEvents = async (email: string) =>
  (
    await t.ctx.db.query<{ type: string; data: Record<string, unknown> }>(
      `select type, data from outbox_events where workspace_id = $1 and data->>'customerEmail' = $2 order by id`,
      [partner.credentials.workspaceId, email],
    )
  ).map((e) => `${e.type}:${e.data.previousStatus}->${e.data.status}`);

describe('the hosted verification, end to end through HTTP', () => {
  it('consent, mailed code, document: IN_PROGRESS, then REVIEWING and APPROVED through jobs', async () => {
    const email = 'flow-approved@example.com';
    expect((await sendKycData(t.app, partner, { userEmail: email, ...standardProfile })).statusCode).toBe(200);
    const started = await startKyc(t.app, partner, { userEmail: email, countryCode: 'PT', type: 'INDIVIDUAL', sendOTPMail: true });
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json();
    expect(body).toMatchObject({ success: true, status: 'PENDING', userEmail: email, missingFields: [], accountId: email });
    expect(body.kycUrl).toMatch(/^https:\/\/verify\.example\.test\/kyc\/start\/[A-Za-z0-9_-]{43}$/);
    expect(body.kycId).toMatch(/^kyc_/);

    const flow = await openFlow(t.app, body.kycUrl);
    const consentPage = await t.app.inject({ method: 'GET', url: flow });
    expect(consentPage.statusCode).toBe(200);
    expect(consentPage.headers['content-type']).toMatch(/text\/html/);
    expect((await postStep(t.app, `${flow}/consent`, { consent: 'yes' })).statusCode).toBe(303);
    expect((await statusOf(email)).status).toBe('IN_PROGRESS');

    const code = await mailedCode(t.app, partner, email);
    expect((await postStep(t.app, `${flow}/code`, { code })).statusCode).toBe(303);
    const submitted = await postStep(t.app, `${flow}/document`, documentFields(), photo);
    expect(submitted.statusCode, submitted.body).toBe(303);
    await t.ctx.jobs.runDue();
    expect((await statusOf(email)).status).toBe('APPROVED');
    expect(await verificationEvents(email)).toEqual([
      'verification_status_updated:NOT_AVAILABLE->PENDING',
      'verification_status_updated:PENDING->IN_PROGRESS',
      'verification_status_updated:IN_PROGRESS->REVIEWING',
      'verification_status_updated:REVIEWING->APPROVED',
      'kyc_completed:REVIEWING->APPROVED',
    ]);
    const again = await startKyc(t.app, partner, { userEmail: email, countryCode: 'PT', type: 'INDIVIDUAL', sendOTPMail: true });
    expect(again.json()).toMatchObject({ status: 'APPROVED' });
    expect(again.json().kycUrl).toBeUndefined();
  });
});
