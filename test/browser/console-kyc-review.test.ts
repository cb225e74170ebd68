import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  listenOnLoopback,
  runBrowserTests,
  screenshots,
  watchPageProblems,
} from '../support/browser.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, TestClock } from '../support/harness.js';
import {
  documentFields,
  openFlow,
  photo,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
} from '../support/kyc-flow.js';
import { codeAt, createOperator, enrol, strongPassword } from '../support/operators.js';

// Goal: compliance sees what it decides in Debian's Chromium (issue #27): the Manual KYC review queue shows the
// partner's KYC profile beside what the customer typed and the captured document, with the difference said
// plainly; one verification's page puts every field side by side, and its Approve is what the partner then reads. A
// viewer reads the profile without the document. Every page passes axe-core and is photographed at 375 and 1280 px
// (test-results/screenshots/kyc-review-*). Method: a production app whose verification is manual review, on a
// loopback socket; the customer's pages driven by app.inject.

let t: TestApp;
let base: string;
let browser: Browser | undefined;
let partner: Partner;
const clock = new TestClock();
const email = `ana.${randomUUID().slice(0, 6)}@example.com`;

async function step(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshots(page, name);
}

async function signedIn(role: 'compliance' | 'viewer'): Promise<Page> {
  if (!browser) throw new Error('no browser');
  const operator = `${role}-${randomUUID().slice(0, 8)}@brokerage.example`;
  const { enrolmentPath } = await createOperator(t.app, operator, role);
  const { secret } = await enrol(t.app, enrolmentPath, clock);
  clock.advance(30_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(8_000);
  await page.goto(`${base}/console/login`);
  await page.getByLabel('Email').fill(operator);
  await page.getByLabel('Password').fill(strongPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  if (role === 'compliance' || (await page.getByLabel('Code').count())) {
    await page.getByLabel('Code').fill(codeAt(secret, clock));
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.getByRole('heading', { name: 'What needs a person now' }).waitFor();
  return page;
}

async function openKycQueue(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Queues' }).click();
  await page.getByRole('heading', { name: 'Queues', exact: true }).waitFor();
  await page.getByRole('link', { name: /^Manual KYC review/ }).click();
  await page.getByRole('heading', { name: 'Manual KYC review', exact: true }).waitFor();
}

describe.skipIf(!runBrowserTests)('the Manual KYC review in a browser', () => {
  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
      providersFile: { verification: { provider: 'manual-review' } },
    });
    base = await listenOnLoopback(t.app);
    browser = await launchBrowser();
    partner = await aPartner(t.app);
    await sendKycData(t.app, partner, {
      userEmail: email,
      ...standardProfile,
      birthCountry: 'PT',
      gender: 'female',
      document: { type: 'passport', id: 'P7654321', expiryDate: '2031-01-31', issuingCountry: 'PT' },
      pepDeclaration: 'no',
    });
    const started = await startKyc(t.app, partner, {
      userEmail: email,
      countryCode: 'PT',
      type: 'INDIVIDUAL',
      sendOTPMail: false,
    });
    const flow = await openFlow(t.app, started.json().kycUrl);
    await postStep(t.app, `${flow}/consent`, { consent: 'yes' });
    const typed = documentFields({ documentNumber: 'P7654321', expiryDate: '2030-01-31', sector: '50' });
    expect((await postStep(t.app, `${flow}/document`, typed, photo)).statusCode).toBe(303);
    await t.ctx.jobs.runDue();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.app.close();
  });

  it('a viewer reads the profile in the queue and on the page, without the document', async () => {
    const page = await signedIn('viewer');
    const problems = watchPageProblems(page);
    await openKycQueue(page);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Ana Silva').count()).resolves.toBe(1);
    await expect(row.getByText('Technology (50)').count()).resolves.toBe(1);
    await expect(page.getByRole('img', { name: `Captured document of ${email}` }).count()).resolves.toBe(0);
    await step(page, 'kyc-review-1-viewer-queue');
    await page.getByRole('link', { name: `Review ${email}` }).click();
    await page.getByRole('heading', { name: email }).waitFor();
    await expect(
      page.getByText('Passport ****4321, issued by Portugal (PT), expires 31 January 2031').count(),
    ).resolves.toBe(1);
    await expect(page.getByRole('button', { name: `Approve: ${email}` }).count()).resolves.toBe(0);
    await step(page, 'kyc-review-2-viewer-item');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('compliance compares the profile with the form and the image, then approves from the page', async () => {
    const page = await signedIn('compliance');
    const problems = watchPageProblems(page);
    await openKycQueue(page);
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText("Differs from the partner's profile: expiry date.").waitFor();
    await step(page, 'kyc-review-3-compliance-queue');

    await page.getByRole('link', { name: `Review ${email}` }).click();
    await page.getByRole('heading', { name: email }).waitFor();
    await page.getByRole('heading', { name: 'Side by side' }).waitFor();
    const expiry = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Expiry date' }) });
    await expect(expiry.getByText('Differs').count()).resolves.toBe(1);
    const number = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Document number' }) });
    await expect(number.getByText('Same').count()).resolves.toBe(1);
    const image = page.getByRole('img', { name: `Captured document of ${email}` });
    await image.waitFor();
    const loaded = await image.evaluate((img) => {
      const shown = img as unknown as { complete: boolean; naturalWidth: number };
      return shown.complete && shown.naturalWidth > 0;
    });
    expect(loaded).toBe(true);
    await step(page, 'kyc-review-4-compliance-item');

    await page.getByRole('button', { name: `Approve: ${email}` }).click();
    await page.getByRole('status').filter({ hasText: 'The verification was approved.' }).waitFor();
    const status = await t.app.inject({ method: 'GET', url: `/v1/kyc/${email}`, headers: partner.headers });
    expect(status.json().value.status).toBe('APPROVED');
    await step(page, 'kyc-review-5-approved');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
