import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
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
import { aPartner, aWorkspace, type Credentials, verifyCustomer } from '../support/builders.js';
import { invitePerson, signedInPerson } from '../support/dashboard.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { payer, sepaToPixOrder } from '../support/orders.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import { fundEur } from '../support/sandbox-helpers.js';

// Goal: a workspace's engineer invited by an operator enrols and signs in to the partner dashboard in a real browser
// (issue 30, item 1): the invitation link's QR code and key, the one sign-in form with its code, every section the
// role opens, an invitation made from the people page, a new password issued from the credentials page, and sign-out,
// after which the old cookie opens nothing. Every page is accessible (axe-core) at 375 and 1280 px and photographed
// (test-results/screenshots). Method: the app on a loopback socket, Debian's Chromium through playwright-core, codes
// from otpauth at the app's test clock.

let t: TestApp;
let base: string;
let browser: Browser | undefined;
let workspace: Credentials;
let receiver: Receiver;
const clock = new TestClock();
const password = 'correct horse battery staple';

const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.nowMs() });

/** axe at both widths, then the photographs. */
async function step(page: Page, name: string) {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `${name} at ${width} px`);
  }
  if (original) await page.setViewportSize(original);
  await screenshots(page, name);
}

describe.skipIf(!runBrowserTests)('the partner dashboard in a browser', () => {
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { WEBHOOK_ALLOW_INSECURE: '1', SANDBOX_SETTLE_DELAY_MS: '0' } });
    base = await listenOnLoopback(t.app);
    receiver = await aReceiver();
    workspace = await aWorkspace(t.app, { name: 'Acme Payments' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await t?.app.close();
  });

  it('enrols, signs in with the code, visits every section, invites, rotates, signs out', async () => {
    if (!browser) throw new Error('no browser');
    const email = `admin-${randomUUID().slice(0, 8)}@partner.example`;
    const { enrolmentPath } = await invitePerson(t.app, workspace.workspaceId, email, 'admin');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const problems = watchPageProblems(page);

    await page.goto(`${base}${enrolmentPath}`);
    await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
    await step(page, 'dashboard-1-enrol');
    const secret = ((await page.locator('.secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('The same password again').fill(password);
    await page.getByLabel(/Code from the app/).fill(code(secret));
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
    // The code that confirmed enrolment is spent: the sign-in takes the next one.
    clock.advance(30_000);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to your workspace' }).waitFor();
    await step(page, 'dashboard-2-sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not my password');
    await page.getByLabel(/Code from your authenticator/).fill(code(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The email, password or code is not right.').waitFor();
    await step(page, 'dashboard-2b-refused');
    // That attempt took the code's step: the next sign-in needs the next code.
    clock.advance(30_000);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel(/Code from your authenticator/).fill(code(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Acme Payments' }).waitFor();
    await step(page, 'dashboard-3-home');

    // Every section the navigation offers opens, accessible at both widths.
    const sections = await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    expect(sections.length).toBeGreaterThanOrEqual(3);
    for (const [title, path] of sections) {
      await page.goto(`${base}${path}`);
      await page.locator('h1').first().waitFor();
      await step(page, `dashboard-section${path?.replace(/\//g, '-')}`);
      expect(await page.locator('[aria-current="page"]').textContent(), title).toBe(title);
    }

    await page.goto(`${base}/dashboard/users`);
    const invite = page.locator('form[action="/dashboard/users/invite"]');
    await invite.getByLabel('Email').fill(`dev-${randomUUID().slice(0, 8)}@partner.example`);
    await invite.locator('select[name="role"]').selectOption('developer');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText(/it is shown only now/).waitFor();
    await step(page, 'dashboard-4-invited');

    await page.goto(`${base}/dashboard/credentials`);
    await page.getByRole('button', { name: 'Issue a new password' }).click();
    await page.getByRole('heading', { name: 'New password' }).waitFor();
    await step(page, 'dashboard-5-new-password');
    await page.getByRole('link', { name: 'Back to credentials' }).click();
    await page.getByRole('button', { name: 'Stop the previous password now' }).click();
    await page.getByText('The previous password no longer works.').waitFor();

    const [sessionCookie] = (await context.cookies()).filter((c) => c.name === 'dashboard_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/dashboard' });
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByText('You have signed out.').waitFor();
    await step(page, 'dashboard-6-signed-out');
    const thief = await browser.newContext();
    await thief.addCookies([{ ...(sessionCookie as NonNullable<typeof sessionCookie>) }]);
    const stolen = await thief.newPage();
    await stolen.goto(`${base}/dashboard`);
    expect(new URL(stolen.url()).pathname).toBe('/dashboard/login');
    await thief.close();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("a developer's day: an endpoint made and failing, an event's attempts, an order's timeline, the sandbox", async () => {
    if (!browser) throw new Error('no browser');
    const p = await aPartner(t.app);
    await verifyCustomer(t.app, p, payer.userEmail);
    const {
      order: { orderId },
    } = await sepaToPixOrder(t, p);
    await fundEur(t, p, 40);
    const { jar } = await signedInPerson(t.app, clock, p.credentials.workspaceId, 'developer');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([...jar.cookies].map(([name, value]) => ({ name, value, url: `${base}/dashboard` })));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const problems = watchPageProblems(page);

    await page.goto(`${base}/dashboard/webhooks`);
    await page.getByLabel('Name').fill('Ledger sync');
    await page
      .getByLabel('URL')
      .fill(`${receiver.url}/status/500?answer=${encodeURIComponent('{"error":"bad signature"}')}`);
    await page.getByRole('button', { name: /Add|Create/ }).click();
    await page
      .getByText(/shown only now|shown once/i)
      .first()
      .waitFor();
    await step(page, 'dashboard-7-endpoint-created');
    await page.goto(`${base}/dashboard/webhooks`);
    await page.getByRole('link', { name: 'Ledger sync' }).first().click();
    await page.waitForURL(/\/dashboard\/webhooks\/[^/?]+$/);
    const endpointPage = page.url();
    await page.getByRole('button', { name: /test/i }).first().click();
    // The test send answers with the endpoint's page and its outcome: navigating before that races the form's post.
    await page
      .getByText(/The test event was/)
      .first()
      .waitFor();
    await t.ctx.webhooks.runDue();
    await page.goto(endpointPage);
    await page.getByText('bad signature').first().waitFor({ state: 'attached' });
    await step(page, 'dashboard-8-endpoint-attempts');

    await page.goto(`${base}/dashboard/events`);
    await page.locator('h1').first().waitFor();
    await step(page, 'dashboard-9-events');
    const firstEvent = page.locator('main a[href^="/dashboard/events/"]').first();
    await firstEvent.click();
    await page.locator('h1').first().waitFor();
    await step(page, 'dashboard-10-event');

    await page.goto(`${base}/dashboard/orders/${orderId}`);
    await page.getByText(orderId).first().waitFor();
    await step(page, 'dashboard-11-order');
    await t.ctx.requestLog.flush();
    await page.goto(`${base}/dashboard/requests?status=2xx`);
    await page.locator('main a[href^="/dashboard/requests/"]').first().waitFor();
    await step(page, 'dashboard-11b-requests');
    await page.locator('main a[href^="/dashboard/requests/"]').first().click();
    await page.getByRole('heading', { name: 'Answer body' }).waitFor();
    await step(page, 'dashboard-11c-request');
    await page.goto(`${base}/dashboard/sandbox`);
    await page.locator('h1').first().waitFor();
    await step(page, 'dashboard-12-sandbox');
    await page.goto(`${base}/dashboard/kyc/${encodeURIComponent(payer.userEmail)}`);
    await page.locator('h1').first().waitFor();
    await step(page, 'dashboard-13-kyc');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
