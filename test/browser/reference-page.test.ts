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
// flow the document declares, stays authorized past the token's lifetime (the page renews it), and runs the quote
// example: all with no network beyond the server (every other host is blocked and counted), under the page's own
// Content-Security-Policy (a violation or a console error fails). The page loads and links /openapi.json; the
// operators' reference is its own page, /admin/docs, on /admin/openapi.json.
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

  interface Opened {
    page: Page;
    problems: string[];
    elsewhere: string[];
    /** Every path the page asked this server for. */
    asked: string[];
  }

  /** A page that refuses every request to another host, and reports console errors beside CSP refusals. */
  async function openPage(path: string, beforeLoad?: (page: Page) => Promise<void>): Promise<Opened> {
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await beforeLoad?.(page);
    const problems = watchPageProblems(page);
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    const elsewhere: string[] = [];
    const asked: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${base}/`)) asked.push(new URL(url).pathname);
      if (url.startsWith(`${base}/`) || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    const response = await page.goto(`${base}${path}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
    return { page, problems, elsewhere, asked };
  }

  /** The partner reference at /docs/, with the Quotes tag opened. */
  async function openReference(beforeLoad?: (page: Page) => Promise<void>): Promise<Opened> {
    const opened = await openPage('/docs/', beforeLoad);
    // Tags start closed (docExpansion 'none'): open the resource, as a reader does.
    await opened.page.locator('.opblock-tag', { hasText: 'Quotes' }).first().click();
    await opened.page.locator('.opblock-summary-path[data-path="/v1/quotes"]').waitFor();
    return opened;
  }

  it('loads /openapi.json from the server alone under its CSP, links it, lists the operations and is accessible', async () => {
    const { page, problems, elsewhere, asked } = await openReference();
    // Every resource's tag is listed, in the spec's order; each opens to its operations (the sandbox holds the most).
    const tags = await page.locator('.opblock-tag').allTextContents();
    expect(tags.length).toBeGreaterThanOrEqual(15);
    expect(tags[0]).toContain('Discovery');
    expect(tags.some((tag) => tag.includes('Operators'))).toBe(false);
    await page.locator('.opblock-tag', { hasText: 'Sandbox simulation' }).first().click();
    await expect.poll(() => page.locator('.opblock-summary-path').count()).toBeGreaterThan(15);
    // The document the page loaded and links is the published one, not the package's /docs/json.
    expect(asked).toContain('/openapi.json');
    expect(asked).not.toContain('/docs/json');
    expect(await page.locator('.info a[href="/openapi.json"]').count()).toBe(1);
    expect(await page.locator('a[href*="/docs/json"]').count()).toBe(0);
    // Success answers say what they are, not "Default Response".
    expect(await page.getByText('Default Response').count()).toBe(0);
    await expectAccessible(page, 'reference', swaggerUiViolations);
    await screenshots(page, 'reference-1-loaded');
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('authorizes by the password flow, renews the token before it expires, and runs the quote example: 201', {
    timeout: 90_000,
  }, async () => {
    // The page's clock is Playwright's, so that the token's 300 seconds can pass in a moment.
    const { page, problems, elsewhere } = await openReference((p) => p.clock.install());
    const tokens: string[] = [];
    page.on('response', async (answer) => {
      if (answer.url() === `${base}/oauth/token` && answer.request().method() === 'POST' && answer.ok()) {
        tokens.push(((await answer.json()) as { access_token: string }).access_token);
      }
    });
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
    await expect.poll(() => tokens.length).toBe(1);

    // 280 seconds on: the page has asked for a new token with the credentials the dialog holds (30 s before the
    // 300 s run out), and every call from now on carries it.
    await page.clock.fastForward('04:40');
    // (The server's clock has not moved: minted within the same second, the two tokens may be the same text.)
    await expect.poll(() => tokens.length, { timeout: 15_000 }).toBe(2);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url() === `${base}/v1/quotes`) sent.push(request.headers().authorization ?? '');
    });

    const quote = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path="/v1/quotes"]') });
    await quote.locator('.opblock-summary').click();
    await quote.locator('.try-out__btn').click();
    await quote.locator('.execute').click();
    const answer = quote.locator('.live-responses-table .response');
    await answer.waitFor();
    expect((await answer.locator('.response-col_status').textContent()) ?? '').toContain('201');
    const body = (await answer.locator('.response-col_description pre').first().textContent()) ?? '';
    expect(JSON.parse(body)).toMatchObject({ quoteId: expect.any(String), pair: 'EUR/USDC' });
    expect(sent).toEqual([`Bearer ${tokens[1]}`]);
    // Nothing of the authorization is kept beyond the page: no password, no token in the browser's storage.
    const stored = String(await page.evaluate('JSON.stringify(localStorage) + JSON.stringify(sessionStorage)'));
    expect(stored).not.toContain(credentials.password);
    expect(stored).not.toContain(tokens[0] ?? 'no token');
    await screenshots(page, 'reference-3-quote');
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("the operators' reference at /admin/docs loads /admin/openapi.json and lists the operator API alone", async () => {
    const { page, problems, elsewhere, asked } = await openPage('/admin/docs/');
    await page.locator('.opblock-tag', { hasText: 'Operators' }).first().click();
    await expect.poll(() => page.locator('.opblock-summary-path').count()).toBeGreaterThan(40);
    const paths = await page
      .locator('.opblock-summary-path')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path') ?? ''));
    expect(paths.filter((path) => !path.startsWith('/admin/v1/'))).toEqual([]);
    expect(asked).toContain('/admin/openapi.json');
    expect(await page.locator('.info a[href="/admin/openapi.json"]').count()).toBe(1);
    await expectAccessible(page, 'operator reference', swaggerUiViolations);
    await screenshots(page, 'reference-4-operators');
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });
});
