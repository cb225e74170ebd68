import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  runBrowserTests,
  screenshots,
  watchPageProblems,
} from '../support/browser.js';
import { adminHeaders, aWorkspace } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { createOperator, enrol, strongPassword } from '../support/operators.js';

// Goal (issue 14, items 2 and 4): an admin reads the audit log in a real browser. Signed in with the second factor,
// they change a workspace's write limit in the console, open the audit log, filter by the workspace and see their
// change (null → 60) beside the CLI's earlier one, each with who, via and the full before and after; the page is
// accessible (axe-core) and photographed at 375 and 1280 px. Method: the app on a loopback socket, Debian's Chromium
// through playwright-core, codes from otpauth at the app's test clock.

let t: TestApp;
let base: string;
let browser: Browser | undefined;
const clock = new TestClock();
let workspaceId: string;
const partnerName = 'Audit Partner <i>Ltd</i>';

const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.nowMs() });

/** The text as a person sees it (a line break at each <br>): Playwright's Locator.innerText, not a DOM property. */
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is checked
const seen = (locator: Locator) => locator.innerText();

async function step(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshots(page, name);
}

describe.skipIf(!runBrowserTests)('the audit log in a browser', () => {
  beforeAll(async () => {
    t = await buildTestApp({ clock });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
    // A workspace made through the API, its fee changed from the CLI: entries already in the log.
    workspaceId = (await aWorkspace(t.app, { name: partnerName })).workspaceId;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${workspaceId}`,
      headers: { ...adminHeaders, 'user-agent': 'brokerage-cli/1.4.0 (linux; x64; node 20.11.1; ops-runner)' },
      payload: { feeSchedule: { defaultBps: 35, pairs: { 'EUR/BRL': 20 } } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.app.close();
  });

  it('changes a setting, then finds the change in the audit log filtered by the workspace', async () => {
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

    // The change, made in the console.
    await page.goto(`${base}/console/workspaces/${workspaceId}`);
    await page.getByRole('heading', { name: partnerName }).waitFor();
    await page.getByLabel(/Write limit/).fill('60');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The settings were saved.').waitFor();

    // The audit log, from the navigation, filtered by the workspace.
    await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', exact: true }).waitFor();
    await step(page, 'console-audit-1-all');
    await page.getByLabel('Workspace id').fill(workspaceId);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/workspaceId=/);
    const rows = page.locator('table.audit tbody tr');
    expect(await rows.count()).toBe(3);

    // Newest first: the console change by this person, then the CLI's, then the creation through the API.
    const [mine, cli, creation] = [rows.nth(0), rows.nth(1), rows.nth(2)];
    expect(await seen(mine.getByRole('cell').nth(1))).toMatch(new RegExp(`${email}\\s+admin\\s+via console`));
    expect(await seen(mine)).toContain('admin.workspaces.update');
    const changes = await mine.getByRole('listitem').allInnerTexts();
    expect(changes).toHaveLength(2);
    expect(changes).toContain('writeLimitPerMinute: null → 60');
    expect(changes.find((c) => c.startsWith('updatedAt: '))).toMatch(/^updatedAt: \d+ \(.+ UTC\) → \d+ \(.+ UTC\)$/);
    expect(await seen(cli)).toMatch(/ADMIN_TOKEN\s+via cli/);
    expect(await seen(cli)).toContain(
      'feeSchedule: {"pairs":{},"defaultBps":50} → {"pairs":{"EUR/BRL":20},"defaultBps":35}',
    );
    expect(await seen(creation)).toMatch(/ADMIN_TOKEN\s+via api/);
    expect(await seen(creation)).toContain(`name: ${JSON.stringify(partnerName)}`);

    // The full before and after, and the CLI's whole user agent, opened.
    await mine.getByText('Before and after in full').click();
    await expect.poll(() => seen(mine.locator('pre.json').first())).toContain('"writeLimitPerMinute": null');
    expect(await seen(mine.locator('pre.json').nth(1))).toContain('"writeLimitPerMinute": 60');
    await cli.getByText(/^brokerage-cli\/1\.4\.0/).click();
    await cli.getByText('ops-runner)').waitFor();
    await step(page, 'console-audit-2-workspace');

    // The workspace page's History link leads to the same filter.
    await page.getByRole('link', { name: workspaceId }).first().click();
    await page.getByRole('heading', { name: partnerName }).waitFor();
    await page.getByRole('link', { name: /History/ }).click();
    await page.waitForURL(new RegExp(`/console/audit\\?workspaceId=${workspaceId}$`));
    expect(await page.locator('table.audit tbody tr').count()).toBe(3);
    expect(problems).toEqual([]);
    await context.close();
  });
});
