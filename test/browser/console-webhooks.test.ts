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
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import { freePort } from '../support/net.js';
import { codeAt, createOperator, enrol, strongPassword } from '../support/operators.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal (issue 30, item 1): the webhook pages as an operator reaches them in a browser: from the home page's flag of
// a failing endpoint to the endpoint's page (its facts and every failed attempt), to its workspace's endpoints, and
// to the section's list of what fails. Each page passes axe-core at 375 and 1280 px and is photographed at both.
// Method: the app on a loopback socket, Debian's Chromium through playwright-core, a viewer signed in through the
// forms; an endpoint with retries to a loopback port nothing listens on, its events sent by the dispatcher.

let t: TestApp;
let base: string;
let browser: Browser | undefined;
let partner: Partner;
let endpointId = '';
const clock = new TestClock();
const tenYearsMs = 10 * 365 * 86_400_000;

/** axe-core at a phone's and a desktop's width, then the photographs. */
async function step(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `${name} at ${width} px`);
  }
  await screenshots(page, name);
}

async function signedInViewer(): Promise<Page> {
  if (!browser) throw new Error('no browser');
  const email = `viewer-${randomUUID().slice(0, 8)}@brokerage.example`;
  const { enrolmentPath } = await createOperator(t.app, email, 'viewer');
  const { secret } = await enrol(t.app, enrolmentPath, clock);
  clock.advance(30_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(8_000);
  await page.goto(`${base}/console/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(strongPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  if (await page.getByLabel('Code').count()) {
    await page.getByLabel('Code').fill(codeAt(secret, clock));
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.getByRole('heading', { name: 'What needs a person now' }).waitFor();
  return page;
}

describe.skipIf(!runBrowserTests)('the webhook pages in a browser', () => {
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { WEBHOOK_ALLOW_INSECURE: '1' } });
    base = await listenOnLoopback(t.app);
    browser = await launchBrowser();
    partner = await aPartner(t.app, { name: 'Browser Remit' });
    await t.ctx.webhooks.runDue();
    const created = await aWebhookEndpoint(t.app, partner, `http://127.0.0.1:${await freePort()}/hook`, {
      name: 'Browser ledger sync',
      secret: 'whsec-browser-webhooks',
      retryPolicy: 'exponential',
    });
    endpointId = created.id;
    const db = await testDb();
    for (let i = 0; i < 3; i += 1) {
      await db.query(
        `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
         values ($1, 'balance_updated', $2, '{}'::jsonb, $3)`,
        [partner.credentials.workspaceId, randomUUID(), clock.nowMs()],
      );
    }
    await t.ctx.webhooks.runDue();
    // The home page lists the longest failing endpoints first, and the run's database may hold others.
    await db.query(
      'update webhook_deliveries set attempted_at_ms = attempted_at_ms - $2 where endpoint_id = $1 and attempted_at_ms is not null',
      [endpointId, tenYearsMs],
    );
  });

  afterAll(async () => {
    await browser?.close();
    await t?.app.close();
  });

  it("goes from the home page's flag to the endpoint's failed attempts, its workspace's endpoints and the list", async () => {
    const page = await signedInViewer();
    const problems = watchPageProblems(page);
    await page.getByRole('link', { name: 'Browser ledger sync' }).click();
    await page.getByRole('heading', { name: 'Webhook endpoint Browser ledger sync' }).waitFor();
    const attempts = page.getByRole('table', { name: 'Attempts, newest first' });
    expect(await attempts.getByRole('row').filter({ hasText: 'ECONNREFUSED' }).count()).toBe(3);
    expect(await attempts.getByRole('row').filter({ hasText: 'Retry scheduled' }).count()).toBe(3);
    await step(page, 'webhooks-1-endpoint');

    await page.getByRole('link', { name: "The workspace's webhook endpoints" }).click();
    await page.getByRole('heading', { name: 'Webhook endpoints of Browser Remit' }).waitFor();
    await step(page, 'webhooks-2-workspace');

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhook endpoints', exact: true }).waitFor();
    await page.getByRole('table', { name: 'Endpoints failing or disabled, the longest first' }).waitFor();
    await step(page, 'webhooks-3-list');
    await page.getByLabel('Workspace id').fill(partner.credentials.workspaceId);
    await page.getByRole('button', { name: 'Show its endpoints' }).click();
    await page.getByRole('heading', { name: 'Webhook endpoints of Browser Remit' }).waitFor();
    expect(problems).toEqual([]);
  });
});
