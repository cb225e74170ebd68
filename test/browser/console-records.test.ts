import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  runBrowserTests,
  screenshots,
  watchPageProblems,
} from '../support/browser.js';
import { adminHeaders, aToken, type Partner, tokenRequest } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { createOperator, enrol, strongPassword } from '../support/operators.js';
import { approvedPartner, aQuote, payIn, pixOrderBody, postOrder } from '../support/orders.js';
import { aReceiver } from '../support/receiver.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: an admin works the console's records in a real browser (issue 14, items 3 and 4): signs in with the second
// factor, creates a workspace (its password shown once), changes a setting, rotates the credentials (both passwords
// work during the overlap; once it is revoked the old one fails at the token endpoint, the new one works), searches
// an order id, opens its timeline, resends an event (the receiver gets it again), runs the ledger verification.
// Every page is accessible (axe-core) and photographed at 375 and 1280 px. Method: the app on a loopback socket, Debian's Chromium through
// playwright-core, a loopback webhook receiver, codes from otpauth at the app's test clock.

let t: TestApp;
let base: string;
let browser: Browser | undefined;
let receiver: Awaited<ReturnType<typeof aReceiver>>;
const clock = new TestClock();
let p: Partner;
let orderId: string;

const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.nowMs() });

async function step(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshots(page, name);
}

async function deliver() {
  await t.ctx.jobs.runDue();
  await t.ctx.webhooks.runDue();
}

describe.skipIf(!runBrowserTests)('the console records in a browser', () => {
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    receiver = await aReceiver();
    browser = await launchBrowser();
    // A partner's order, paid in and delivered to its endpoint: what the operator will look up.
    p = await approvedPartner(t);
    await aWebhookEndpoint(t.app, p, `${receiver.url}/browser`, { name: 'browser', secret: 'browser-secret' });
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
    const order = await postOrder(t.app, p, { ...pixOrderBody(quote.quoteId), externalReference: '<b>PO-1</b>' });
    orderId = order.json().orderId;
    await payIn(t, p, orderId, 100);
    await deliver();
    await deliver();
  });

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await t?.app.close();
  });

  it('creates, configures and rotates a workspace; finds an order, resends its event; verifies the ledger', async () => {
    if (!browser) throw new Error('no browser');
    const email = `admin-${randomUUID().slice(0, 8)}@brokerage.example`;
    const { enrolmentPath } = await createOperator(t.app, email, 'admin');
    const { secret } = await enrol(t.app, enrolmentPath, clock);
    clock.advance(30_000);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const problems = watchPageProblems(page);
    await page.goto(`${base}/console/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(strongPassword);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Code').fill(code(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'What needs a person now' }).waitFor();

    // Workspaces: create one; the password is on this answer only.
    await page.getByRole('navigation').getByRole('link', { name: 'Workspaces' }).click();
    await page.getByRole('heading', { name: 'Workspaces', exact: true }).waitFor();
    await step(page, 'console-records-1-workspaces');
    await page.getByLabel('Name').fill('Browser Partner <b>Ltd</b>');
    await page.getByRole('button', { name: 'Create and show the credentials' }).click();
    await page.getByRole('heading', { name: 'Workspace created' }).waitFor();
    await step(page, 'console-records-2-created');
    const cell = async (label: string) =>
      (
        (await page
          .getByRole('row', { name: new RegExp(`^${label}`) })
          .locator('.secret')
          .textContent()) ?? ''
      ).trim();
    const created = {
      workspaceId: await cell('Workspace id'),
      clientId: await cell('Client id'),
      username: await cell('Username'),
      password: await cell('Password'),
    };
    await aToken(t.app, created);

    // A setting changed on the workspace's page.
    await page.getByRole('link', { name: 'Open the workspace' }).click();
    await page.getByRole('heading', { name: 'Browser Partner <b>Ltd</b>' }).waitFor();
    expect(await page.content()).not.toContain(created.password);
    await page.getByLabel(/Write limit/).fill('60');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The settings were saved.').waitFor();
    await step(page, 'console-records-3-workspace');
    const read = await t.app.inject({
      method: 'GET',
      url: `/admin/v1/workspaces/${created.workspaceId}`,
      headers: adminHeaders,
    });
    expect(read.json().writeLimitPerMinute).toBe(60);

    // Rotation with the default overlap: both passwords work until the previous one is revoked; then only the new.
    await page.getByRole('button', { name: 'Rotate credentials' }).click();
    await page.getByRole('heading', { name: 'Credentials rotated' }).waitFor();
    await step(page, 'console-records-4-rotated');
    const rotated = await cell('Password');
    expect(rotated).not.toBe(created.password);
    const oldPassword = () =>
      tokenRequest(t.app, {
        grant_type: 'password',
        client_id: created.clientId,
        username: created.username,
        password: created.password,
      });
    expect((await oldPassword()).statusCode).toBe(200);
    await aToken(t.app, { ...created, password: rotated });
    await page.goto(`${base}/console/workspaces/${created.workspaceId}`);
    await page.getByRole('button', { name: 'Revoke the previous password' }).click();
    await page.getByRole('status').getByText('Only the current password works').waitFor();
    expect((await oldPassword()).json().error).toBe('invalid_grant');
    await aToken(t.app, { ...created, password: rotated });

    // Search an order id; open its timeline; resend its first event.
    await page.getByRole('navigation').getByRole('link', { name: 'Search' }).click();
    await page.getByLabel(/Id or email/).fill(orderId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: '1 match' }).waitFor();
    await step(page, 'console-records-5-search');
    await page.getByRole('link', { name: orderId }).click();
    await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    expect(await page.getByText('<b>PO-1</b>').count()).toBeGreaterThan(0);
    await step(page, 'console-records-6-order');
    const received = receiver.received.length;
    await page
      .getByRole('button', { name: /^Resend / })
      .first()
      .click();
    await page.getByText('The event was queued for 1 delivery.').waitFor();
    await step(page, 'console-records-7-resent');
    await deliver();
    expect(receiver.received.length).toBe(received + 1);

    // The ledger and its verification.
    await page.getByRole('navigation').getByRole('link', { name: 'Ledger' }).click();
    await page.getByRole('heading', { name: 'Ledger', exact: true }).waitFor();
    await step(page, 'console-records-8-ledger');
    await page.getByRole('button', { name: 'Run the verification' }).click();
    await page.getByText('The ledger is consistent.').waitFor();
    await step(page, 'console-records-9-verification');
    expect(problems).toEqual([]);
    await context.close();
  });
});
