import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualReviewVerification } from '../../src/providers/verification/manual-review.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import {
  documentFields,
  openFlow,
  photo,
  pngBytes,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
} from '../support/kyc-flow.js';
import { type CookieJar, getPage, postForged, postForm, signedInOperator } from '../support/operators.js';

// Goal: manual KYC review in the console (issue 14, items 3 and 4): a verification REVIEWING is listed with what the
// customer entered and the document the hosted page captured, served by the console itself (its bytes, its type, a
// Content-Disposition) to compliance only; approving or rejecting through the page is what the partner's
// GET /v1/kyc/{email} then shows; a viewer is refused the document and the POST; a forged form is refused; a
// verification decided already answers the page with the message. Method: production's manual review provider,
// the hosted flow driven by app.inject, operators signed in with TOTP.

let t: TestApp;
let partner: Partner;
const clock = new TestClock();
let compliance: CookieJar;
let viewer: CookieJar;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, verification: manualReviewVerification, clock });
  partner = await aPartner(t.app);
  compliance = await signedInOperator(t.app, clock, 'compliance');
  viewer = await signedInOperator(t.app, clock, 'viewer');
});
afterAll(async () => {
  await t.app.close();
});

async function submitted(email: string) {
  await sendKycData(t.app, partner, { userEmail: email, ...standardProfile });
  const started = await startKyc(t.app, partner, {
    userEmail: email,
    countryCode: 'PT',
    type: 'INDIVIDUAL',
    sendOTPMail: false,
  });
  const flow = await openFlow(t.app, started.json().kycUrl);
  await postStep(t.app, `${flow}/consent`, { consent: 'yes' });
  const sent = await postStep(t.app, `${flow}/document`, documentFields({ documentNumber: 'P1234567' }), photo);
  expect(sent.statusCode).toBe(303);
  await t.ctx.jobs.runDue();
}

const statusOf = async (email: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/kyc/${email}`, headers: partner.headers })).json().value.status;
const queue = (jar: CookieJar) =>
  getPage(t.app, jar, `/console/queues/kyc?workspaceId=${partner.credentials.workspaceId}`);
const decision = (email: string) => ({ workspaceId: partner.credentials.workspaceId, email });

describe('manual KYC review in the console', () => {
  it('shows the submission and its document to compliance; approving is what the partner then reads', async () => {
    const email = 'review-ok@example.com';
    await submitted(email);
    expect(await statusOf(email)).toBe('REVIEWING');
    const page = await queue(compliance);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    expect(page.body).toContain('P1234567');
    const src = /<img class="document" src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(src).toMatch(/^\/console\/queues\/kyc\/documents\//);

    const file = await getPage(t.app, compliance, src);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="kyc-document-.+\.png"$/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(pngBytes)).toBe(true);
    // Kept sealed under SECRETS_KEY: the database alone shows neither the bytes nor their base64.
    const [kept] = await (await testDb()).query<{ content_sealed: string }>(
      `select d.content_sealed from kyc_documents d join kyc_sessions s on s.id = d.session_id
        where s.workspace_id = $1 and s.email = $2`,
      [partner.credentials.workspaceId, email],
    );
    expect(kept?.content_sealed).toMatch(/^v2\.[0-9a-f]{16}\./);
    expect(kept?.content_sealed).not.toContain(pngBytes.toString('base64').slice(0, 40));

    const approved = await postForm(t.app, compliance, '/console/queues/kyc/approve', decision(email));
    expect(approved.statusCode, approved.body).toBe(303);
    expect(approved.headers.location).toBe('/console/queues/kyc?done=approve');
    expect(await statusOf(email)).toBe('APPROVED');
    expect((await queue(compliance)).body).not.toContain(email);

    const again = await postForm(t.app, compliance, '/console/queues/kyc/reject', decision(email));
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('The verification is APPROVED; only a REVIEWING one can be decided');
    expect(await statusOf(email)).toBe('APPROVED');
  });

  it('rejecting is what the partner then reads', async () => {
    const email = 'review-no@example.com';
    await submitted(email);
    expect((await postForm(t.app, compliance, '/console/queues/kyc/reject', decision(email))).statusCode).toBe(303);
    expect(await statusOf(email)).toBe('REJECTED');
  });

  it('a viewer sees the queue without the document or buttons, and is refused both; nothing changes', async () => {
    const email = 'review-viewer@example.com';
    await submitted(email);
    const page = await queue(viewer);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    expect(page.body).not.toContain('/console/queues/kyc/documents/');
    expect(page.body).not.toContain('action="/console/queues/kyc/approve"');
    const src = /<img class="document" src="([^"]+)"/.exec((await queue(compliance)).body)?.[1] ?? '';
    expect((await getPage(t.app, viewer, src)).statusCode).toBe(403);
    const refused = await postForm(t.app, viewer, '/console/queues/kyc/approve', decision(email));
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(email)).toBe('REVIEWING');
  });

  it('refuses a forged form; an unknown customer or document is a message or 404', async () => {
    const email = 'review-forged@example.com';
    await submitted(email);
    const forged = await postForged(t.app, compliance, '/console/queues/kyc/approve', decision(email));
    expect(forged.statusCode).toBe(403);
    expect(await statusOf(email)).toBe('REVIEWING');
    const unknown = await postForm(t.app, compliance, '/console/queues/kyc/approve', decision('nobody@example.com'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('No verification for nobody@example.com');
    expect((await getPage(t.app, compliance, '/console/queues/kyc/documents/nope')).statusCode).toBe(404);
  });
});
