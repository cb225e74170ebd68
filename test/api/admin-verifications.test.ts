import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp } from '../support/harness.js';
import {
  documentFields,
  openFlow,
  photo,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
  underManualReview,
} from '../support/kyc-flow.js';

// Goal: compliance finds what waits for it without the console, and sees what it decides on (issue #27):
// GET /admin/v1/verifications?status=REVIEWING lists the verifications across workspaces (or one's), oldest first or
// newest first, with whom the decision names, since when, the KYC profile the partner sent, the activity sector by
// its catalogue name, the document the customer typed (its number masked but for the last 4, never the image) and
// where the two disagree; a decision moves it to the APPROVED list; the list's length is the overview's count.
// Method: a production app whose verification is manual review, the hosted flow driven by app.inject.

let t: TestApp;
let a: Partner;
let b: Partner;

beforeAll(async () => {
  t = await buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    providersFile: { verification: { provider: 'manual-review' } },
  });
  a = await aPartner(t.app);
  b = await aPartner(t.app);
});

const ws = (p: Partner) => p.credentials.workspaceId;
const admin = (url: string, headers: Record<string, string> = adminHeaders) =>
  t.app.inject({ method: 'GET', url, headers });

/** The profile, the hosted page (consent, document), then the review job: the verification is REVIEWING. */
const underReview = (p: Partner, email: string, profile: Record<string, unknown>, typed: Record<string, string> = {}) =>
  underManualReview(t, p, email, profile, typed);

async function listOf(query: string) {
  const answer = await admin(`/admin/v1/verifications?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
}
const emailsOf = (body: { email: string }[]) => body.map((v) => v.email);

describe('GET /admin/v1/verifications', () => {
  const ana = `ana-${randomUUID().slice(0, 8)}@example.com`;
  const joao = `joao-${randomUUID().slice(0, 8)}@example.com`;
  const other = `other-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    // The partner sent a profession and an identity document; the customer typed the same number with spaces and
    // lower case, and another expiry date.
    await underReview(
      a,
      ana,
      {
        ...standardProfile,
        profession: '60',
        birthCountry: 'PT',
        gender: 'female',
        document: { type: 'passport', id: 'X7654321', expiryDate: '2031-01-31', issuingCountry: 'PT' },
        taxId: { number: '123456789', country: 'PT' },
        pepDeclaration: 'no',
        depositEstimation: { minimum: 1000, maximum: 5000 },
      },
      { documentType: 'passport', documentNumber: 'x7654321', expiryDate: '2030-01-31', issuingCountry: 'PT' },
    );
    // No profession from the partner: the customer picks a sector on the page.
    await underReview(a, joao, { ...standardProfile, firstName: 'João' }, { sector: '30', documentNumber: 'C0012345' });
    await underReview(b, other, standardProfile, { documentNumber: 'B9990001' });
  });

  it("lists REVIEWING with the partner's profile, the sector's name, the masked document and the mismatches", async () => {
    const answer = await listOf(`status=REVIEWING&workspaceId=${ws(a)}`);
    const list = answer.json();
    expect(emailsOf(list)).toEqual([ana, joao]);
    const [first, second] = list;
    expect(first).toEqual({
      workspaceId: ws(a),
      email: ana,
      accountId: ana,
      verificationType: 'KYC',
      status: 'REVIEWING',
      since: expect.any(Number),
      submittedAt: first.since,
      profile: {
        ...standardProfile,
        profession: '60',
        birthCountry: 'PT',
        gender: 'female',
        document: { type: 'passport', id: '****4321', expiryDate: '2031-01-31', issuingCountry: 'PT' },
        taxId: { number: '*****6789', country: 'PT' },
        pepDeclaration: 'no',
        depositEstimation: { minimum: 1000, maximum: 5000 },
      },
      activitySector: { code: '60', name: 'Finance and insurance', declaredBy: 'partner' },
      document: {
        type: 'passport',
        number: '****4321',
        issuingCountry: 'PT',
        expiryDate: '2030-01-31',
        fileType: 'image/png',
      },
      // The number differs only by case: the same. The sector typed is none (the partner sent it).
      mismatches: ['expiryDate'],
    });
    expect(Math.abs(first.since - Date.now() / 1000)).toBeLessThan(600);
    expect(second.profile.firstName).toBe('João');
    expect(second.activitySector).toEqual({ code: '30', name: 'Construction and real estate', declaredBy: 'customer' });
    expect(second.mismatches).toEqual([]);
    // Whole numbers, the image and the attempt's secrets never leave: only the last 4 characters.
    for (const hidden of ['X7654321', 'x7654321', '123456789', 'C0012345', 'sha256', 'base64', 'hash', 'kycUrl']) {
      expect(answer.body).not.toContain(hidden);
    }
  });

  it("every workspace's, oldest or newest first, paged; one workspace's only with workspaceId", async () => {
    const all = emailsOf((await listOf('status=REVIEWING&limit=500')).json());
    expect(all.indexOf(ana)).toBeLessThan(all.indexOf(joao));
    expect(all.indexOf(joao)).toBeLessThan(all.indexOf(other));
    const newest = emailsOf((await listOf(`status=REVIEWING&workspaceId=${ws(a)}&order=newest`)).json());
    expect(newest).toEqual([joao, ana]);
    expect(emailsOf((await listOf(`status=REVIEWING&workspaceId=${ws(b)}`)).json())).toEqual([other]);
    expect(emailsOf((await listOf(`workspaceId=${ws(a)}&limit=1&page=1`)).json())).toEqual([joao]);
    expect((await listOf(`status=APPROVED&workspaceId=${ws(b)}`)).json()).toEqual([]);
  });

  it("its length is the overview's count of the queue", async () => {
    const overview = await admin(`/admin/v1/overview?workspaceId=${ws(a)}`);
    const { count } = overview.json().queues.kycReviews;
    expect((await listOf(`status=REVIEWING&workspaceId=${ws(a)}&limit=500`)).json()).toHaveLength(count);
  });

  it('a decision moves it from the REVIEWING list to the APPROVED one (or REJECTED)', async () => {
    const decide = (email: string, decision: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/v1/workspaces/${ws(b)}/verifications/${encodeURIComponent(email)}/${decision}`,
        headers: adminHeaders,
      });
    expect((await decide(other, 'approve')).json().status).toBe('APPROVED');
    expect((await listOf(`status=REVIEWING&workspaceId=${ws(b)}`)).json()).toEqual([]);
    const approved = (await listOf(`status=APPROVED&status=REJECTED&workspaceId=${ws(b)}`)).json();
    expect(approved).toMatchObject([{ email: other, status: 'APPROVED', document: { number: '****0001' } }]);
  });

  it('a verification not started through the page lists its profile and no document', async () => {
    const email = `pending-${randomUUID().slice(0, 8)}@example.com`;
    await sendKycData(t.app, a, { userEmail: email, ...standardProfile });
    await startKyc(t.app, a, { userEmail: email, countryCode: 'PT', type: 'INDIVIDUAL', sendOTPMail: false });
    const [pending] = (await listOf(`status=PENDING&workspaceId=${ws(a)}`)).json();
    expect(pending).toMatchObject({ email, status: 'PENDING', profile: { firstName: 'Ana' } });
    expect(pending).not.toHaveProperty('document');
    expect(pending).not.toHaveProperty('submittedAt');
    expect(pending).not.toHaveProperty('activitySector');
  });

  it('a business verification names the representative who submitted; deciding on that email decides it', async () => {
    const rep = `rep-${randomUUID().slice(0, 8)}@acme.example`;
    await sendKycData(t.app, b, { userEmail: rep, ...standardProfile, firstName: 'Rita' });
    const body = { userEmail: rep, countryCode: 'PT', type: 'BUSINESS', sendOTPMail: false, externalUserId: rep };
    const started = await startKyc(t.app, b, body);
    expect(started.statusCode, started.body).toBe(200);
    const flow = await openFlow(t.app, started.json().kycUrl);
    await postStep(t.app, `${flow}/consent`, { consent: 'yes' });
    const company = { legalName: 'Acme Lda', registrationNumber: 'PT509999999' };
    expect((await postStep(t.app, `${flow}/document`, documentFields(company), photo)).statusCode).toBe(303);
    await t.ctx.jobs.runDue();
    const [listed] = (await listOf(`status=REVIEWING&workspaceId=${ws(b)}`)).json();
    expect(listed).toMatchObject({
      email: rep,
      accountId: started.json().accountId,
      verificationType: 'KYB',
      profile: { firstName: 'Rita' },
      document: { organisation: company },
    });
    const decided = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${ws(b)}/verifications/${encodeURIComponent(listed.email)}/approve`,
      headers: adminHeaders,
    });
    expect(decided.json()).toEqual({ accountId: started.json().accountId, status: 'APPROVED' });
  });

  it('refuses an unknown status (400) and a caller without the operator token (401)', async () => {
    expect((await admin('/admin/v1/verifications?status=NOT_AVAILABLE')).statusCode).toBe(400);
    expect((await admin('/admin/v1/verifications?order=random')).statusCode).toBe(400);
    expect((await admin('/admin/v1/verifications', a.headers)).statusCode).toBe(401);
  });
});
