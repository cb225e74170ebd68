import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, TestClock } from '../support/harness.js';
import { standardProfile, underManualReview } from '../support/kyc-flow.js';
import { type CookieJar, getPage, signedInOperator } from '../support/operators.js';

// Goal: in the console's Manual KYC review, compliance sees what it decides on (issue #27): beside the captured
// document and what the customer typed, the KYC profile the partner sent (dates readable, countries named, the
// activity sector by its catalogue name), and where the form and the profile disagree, said plainly; one
// verification's page puts every field side by side. A viewer reads the profile, never what was typed, the
// document or the comparison. Method: a production app whose verification is manual review, the hosted flow
// driven by app.inject, operators signed in with TOTP.

let t: TestApp;
let partner: Partner;
const clock = new TestClock();
let compliance: CookieJar;
let viewer: CookieJar;
const suffix = randomUUID().slice(0, 8);
const ana = `ana-${suffix}@example.com`;
const jose = `jose-${suffix}@example.com`;

const underReview = (email: string, profile: Record<string, unknown>, typed: Record<string, string>) =>
  underManualReview(t, partner, email, profile, typed);

beforeAll(async () => {
  t = await buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    providersFile: { verification: { provider: 'manual-review' } },
    clock,
  });
  partner = await aPartner(t.app);
  compliance = await signedInOperator(t.app, clock, 'compliance');
  viewer = await signedInOperator(t.app, clock, 'viewer');
  // The partner sent an identity document; the customer typed another expiry date. No profession: she picks one.
  await underReview(
    ana,
    {
      ...standardProfile,
      document: { type: 'passport', id: 'P1234567', expiryDate: '2031-01-31', issuingCountry: 'PT' },
      taxId: { number: '123456789', country: 'PT' },
      pepDeclaration: 'no',
    },
    { documentNumber: 'P1234567', expiryDate: '2030-01-31', sector: '50' },
  );
  // A name with markup and accents, a profession the partner sent.
  await underReview(
    jose,
    { ...standardProfile, firstName: 'José <b>Zé</b>', lastName: 'Conceição', profession: '60' },
    { documentNumber: 'C7777777' },
  );
});
afterAll(async () => {
  await t.app.close();
});

const queue = (jar: CookieJar) =>
  getPage(t.app, jar, `/console/queues/kyc?workspaceId=${partner.credentials.workspaceId}`);
const item = (jar: CookieJar, email: string) =>
  getPage(
    t.app,
    jar,
    `/console/queues/kyc/verification?${new URLSearchParams({ workspaceId: partner.credentials.workspaceId, email })}`,
  );

describe("the Manual KYC review shows the partner's profile beside the document", () => {
  it("the queue: the profile's name, birth date, nationality and sector, what was typed, and what differs", async () => {
    const page = await queue(compliance);
    expect(page.statusCode).toBe(200);
    const body = page.body;
    for (const text of [
      'Ana Silva',
      '12 April 1990',
      'Portugal (PT)',
      'Technology (50)',
      'Finance and insurance (60)',
      'P1234567',
      '31 January 2030',
      'Differs from the partner&#39;s profile: expiry date.',
      'Captured document of',
    ]) {
      expect(body, text).toContain(text);
    }
    // The markup a partner sent is text, never markup.
    expect(body).toContain('José &lt;b&gt;Zé&lt;/b&gt; Conceição');
    expect(body).not.toContain('<b>Zé</b>');
    expect(body).toContain(
      `href="/console/queues/kyc/verification?workspaceId=${partner.credentials.workspaceId}&amp;email=${encodeURIComponent(ana)}"`,
    );
  });

  it('one verification: every profile field in words, side by side with the form, the image and the buttons', async () => {
    const page = await item(compliance, ana);
    expect(page.statusCode).toBe(200);
    const body = page.body;
    for (const text of [
      `<h2>${ana}</h2>`,
      'KYC verification, REVIEWING',
      '<strong>Differs from the partner&#39;s profile: expiry date.</strong>',
      'read them on the image and compare them with the profile (Ana Silva, born 12 April 1990)',
      // The profile, in words.
      'Rua Augusta 1, 1100-048 Lisboa, Lisboa, Portugal (PT)',
      '+351912345678',
      'Employed',
      'Salary',
      'Savings',
      'Technology (50) <span class="muted">picked by the customer on the page</span>',
      'Passport P1234567, issued by Portugal (PT), expires 31 January 2031',
      '123456789 (Portugal (PT))',
      'Not a politically exposed person',
      // Side by side.
      '<th scope="row" data-label="Field">Expiry date</th><td data-label="KYC profile (sent by the partner)">31 January 2031</td><td data-label="Document form (typed by the customer)">31 January 2030</td><td data-label="Comparison"><strong class="flag">Differs</strong></td>',
      '<th scope="row" data-label="Field">Document number</th><td data-label="KYC profile (sent by the partner)">P1234567</td><td data-label="Document form (typed by the customer)">P1234567</td><td data-label="Comparison">Same</td>',
      'Captured document of',
      `aria-label="Approve: ${ana}"`,
    ]) {
      expect(body, text).toContain(text);
    }
    const other = await item(compliance, jose);
    expect(other.body).toContain('Finance and insurance (60) <span class="muted">sent by the partner</span>');
    expect(other.body).not.toContain('class="notice"');
    expect(other.body).toContain('Not compared: one side is missing');
  });

  it('a viewer reads the profile, not what was typed, the document or the comparison', async () => {
    for (const page of [await queue(viewer), await item(viewer, ana)]) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Ana Silva');
      expect(page.body).toContain('12 April 1990');
      expect(page.body).toMatch(/[Ss]hown to compliance/);
      const hiddenTexts = [
        '31 January 2030',
        'Differs',
        '/console/queues/kyc/documents/',
        'action="/console/queues/kyc/approve"',
      ];
      // The identity numbers the partner sent, masked but for the last 4 as the operator API lists them.
      for (const hidden of [...hiddenTexts, 'P1234567', '123456789']) {
        expect(page.body, hidden).not.toContain(hidden);
      }
    }
  });

  it('a viewer reads the identity numbers masked', async () => {
    const page = await item(viewer, ana);
    expect(page.body).toContain('Passport ****4567, issued by Portugal (PT), expires 31 January 2031');
    expect(page.body).toContain('*****6789 (Portugal (PT))');
  });

  it('an unknown verification is a page that says so (404)', async () => {
    const page = await item(compliance, 'nobody@example.com');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('No verification for nobody@example.com');
    expect((await getPage(t.app, compliance, '/console/queues/kyc/verification')).statusCode).toBe(404);
  });
});
