import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  runBrowserTests,
  screenshots,
  watchPageProblems,
} from '../support/browser.js';
import { aWorkspace, type Credentials } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { freePort } from '../support/net.js';

// Goal: a partner's engineer opens the API reference of a stage server, authorizes through the OAuth 2.0 password
// flow the document declares, and runs the quote example: all with no network beyond the server (every other host
// is blocked and counted), under the page's own Content-Security-Policy (a violation or a console error fails).
// Method: the app on a loopback port that is also its PUBLIC_BASE_URL (the document's server and token URL), Debian's
// Chromium through playwright-core, axe-core for accessibility, screenshots at 375 and 1280 px.

/**
 * What axe finds in Swagger UI's own markup that no option or small stylesheet removes (docs/decisions/sdk-and-docs.md, "The API reference"):
 * white-on-colour method badges, a summary button nested in a clickable row, headings that skip a level, content
 * outside landmarks, the unlabelled server select.
 */
const swaggerUiViolations = ['color-contrast', 'heading-order', 'nested-interactive', 'region', 'select-name'];

let t: TestApp;
let base: string;
let browser: Browser | undefined;
let credentials: Credentials;

describe.skipIf(!runBrowserTests)('the API reference page in a browser', () => {
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { PUBLIC_BASE_URL: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    credentials = await aWorkspace(t.app);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.app.close();
  });

  /** A page that refuses every request to another host, and reports console errors beside CSP refusals. */
  async function openReference(): Promise<{ page: Page; problems: string[]; elsewhere: string[] }> {
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    const elsewhere: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${base}/`) || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    const response = await page.goto(`${base}/docs/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    // Tags start closed (docExpansion 'none'): open the resource, as a reader does.
    await page.locator('.opblock-tag', { hasText: 'Quotes' }).first().click();
    await page.locator('.opblock-summary-path[data-path="/v1/quotes"]').waitFor();
    return { page, problems, elsewhere };
  }

  it('loads from the server alone under its CSP, lists the operations and is accessible', async () => {
    const { page, problems, elsewhere } = await openReference();
    // Every resource's tag is listed; each opens to its operations (Operators holds the most).
    expect(await page.locator('.opblock-tag').count()).toBeGreaterThanOrEqual(15);
    await page.locator('.opblock-tag', { hasText: 'Operators' }).first().click();
    await expect.poll(() => page.locator('.opblock-summary-path').count()).toBeGreaterThan(50);
    await expectAccessible(page, 'reference', swaggerUiViolations);
    await screenshots(page, 'reference-1-loaded');
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('authorizes by the password flow and runs the quote example: 201 with a quoteId', {
    timeout: 60_000,
  }, async () => {
    const { page, problems, elsewhere } = await openReference();
    await page.locator('.auth-wrapper .btn.authorize').click();
    const dialog = page.locator('.dialog-ux .modal-ux');
    await dialog.locator('#oauth_username').fill(credentials.username);
    await dialog.locator('#oauth_password').fill(credentials.password);
    await dialog.locator('#client_id_password').fill(credentials.clientId);
    await screenshots(page, 'reference-2-authorize');
    // The first Authorize of the dialog is the password flow's (partnerToken); the second, the operators' token.
    await dialog.locator('.auth-btn-wrapper .btn.authorize').first().click();
    await dialog.getByText('Authorized', { exact: true }).waitFor();
    await dialog.locator('.auth-btn-wrapper .btn-done').first().click();

    const quote = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path="/v1/quotes"]') });
    await quote.locator('.opblock-summary').click();
    await quote.locator('.try-out__btn').click();
    await quote.locator('.execute').click();
    const answer = quote.locator('.live-responses-table .response');
    await answer.waitFor();
    expect((await answer.locator('.response-col_status').textContent()) ?? '').toContain('201');
    const body = (await answer.locator('.response-col_description pre').first().textContent()) ?? '';
    expect(JSON.parse(body)).toMatchObject({ quoteId: expect.any(String), pair: 'EUR/USDC' });
    await screenshots(page, 'reference-3-quote');
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });
});
