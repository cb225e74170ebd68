import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { buildTestApp, type TestApp } from '../support/harness.js';
import { mailedCode, pngBytes, sendKycData, standardProfile, startKyc } from '../support/kyc-flow.js';

// Goal: a customer completes the hosted verification in a real browser, as they would, in English and in Spanish,
// under the page's real content security policy; every step is accessible (axe-core) and is photographed at 375
// and 1280 px (test-results/screenshots). Method: the app on a loopback socket, Debian's Chromium through
// playwright-core; the timed review runs on demand; outcomes are read through the API and the outbox.

let t: TestApp;
let base: string;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let p: Partner;

const photo = { name: 'front.png', mimeType: 'image/png', buffer: pngBytes };

describe.skipIf(!runBrowserTests)('the hosted verification page in a browser', () => {
  beforeAll(async () => {
    t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
    base = await listenOnLoopback(t.app);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    p = await aPartner(t.app);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.app.close();
  });

  /** Sends the profile, asks for a kycUrl and opens it in a new tab (the link is on our test server's address). */
  async function begin(email: string, options: Record<string, unknown>) {
    await sendKycData(t.app, p, { userEmail: email, ...standardProfile });
    const started = await startKyc(t.app, p, { userEmail: email, countryCode: 'PT', type: 'INDIVIDUAL', ...options });
    expect(started.statusCode, started.body).toBe(200);
    if (!context) throw new Error('no browser context');
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const response = await page.goto(`${base}${new URL(started.json().kycUrl).pathname}`);
    expect(response?.status()).toBe(200);
    return { page, problems };
  }

  const statusOf = async (email: string) =>
    (await t.app.inject({ method: 'GET', url: `/v1/kyc/${email}`, headers: p.headers })).json().value.status;

  const eventStatuses = async (email: string) =>
    (
      await t.ctx.db.query<{ status: string }>(
        `select data->>'status' as status from outbox_events
          where workspace_id = $1 and type = 'verification_status_updated' and data->>'customerEmail' = $2 order by id`,
        [p.credentials.workspaceId, email],
      )
    ).map((e) => e.status);

  async function step(page: Page, name: string) {
    await expectAccessible(page, name);
    await screenshots(page, name);
  }

  it('in English with the emailed code: consent, code, document, then APPROVED', async () => {
    const email = 'browser-en@example.com';
    const { page, problems } = await begin(email, { sendOTPMail: true, language: 'en' });
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await step(page, 'kyc-en-1-consent');

    await page.getByLabel(/I agree that my identity document/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Email code' }).waitFor();
    await step(page, 'kyc-en-2-code');

    await page.getByLabel('Code from the email').fill('000000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(/That code is not right/).waitFor();
    await step(page, 'kyc-en-2b-wrong-code');
    await page.getByLabel('Code from the email').fill(await mailedCode(t.app, p, email));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Document' }).waitFor();
    expect(await page.getByLabel('Issuing country').inputValue()).toBe('PT');
    await step(page, 'kyc-en-3-document');

    // A file that is not an image is refused by its bytes, and the typed values stay.
    await page.getByLabel('Document type').selectOption('passport');
    await page.getByLabel('Document number').fill('P1234567');
    await page.getByLabel('Expiry date').fill('2031-05-31');
    await page.getByLabel('Activity sector').selectOption('50');
    await page
      .getByLabel('Photo of the front')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('hello') });
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await page.getByText('Please correct the highlighted fields.').waitFor();
    expect(await page.getByLabel('Document number').inputValue()).toBe('P1234567');
    await step(page, 'kyc-en-3b-document-error');

    await page.getByLabel('Photo of the front').setInputFiles(photo);
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await page.getByRole('heading', { name: 'Thank you, we are checking your document' }).waitFor();
    await step(page, 'kyc-en-4-done');
    expect(await statusOf(email)).toBe('IN_PROGRESS');

    await t.ctx.jobs.runDue();
    expect(await statusOf(email)).toBe('APPROVED');
    expect(await eventStatuses(email)).toEqual(['PENDING', 'IN_PROGRESS', 'REVIEWING', 'APPROVED']);
    expect(problems).toEqual([]);
  });

  it('in Spanish, light theme, without the code: a rejected test document ends REJECTED; the link works once', async () => {
    const email = 'browser-es@example.com';
    const { page, problems } = await begin(email, {
      sendOTPMail: false,
      language: 'es',
      theme: 'light',
      successUrl: `${base}/health`,
    });
    const firstUrl = page.url();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.getByRole('heading', { name: 'Verifica tu identidad' }).waitFor();
    await step(page, 'kyc-es-1-consent');

    await page.getByLabel(/Acepto que se traten/).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Documento' }).waitFor();
    await step(page, 'kyc-es-2-document');

    await page.getByLabel('Tipo de documento').selectOption('idcard');
    await page.getByLabel('Número del documento').fill('RJ7654321');
    await page.getByLabel('Fecha de caducidad').fill('2030-12-31');
    await page.getByLabel('Sector de actividad').selectOption('40');
    await page.getByLabel('Foto de la cara frontal').setInputFiles(photo);
    await page.getByRole('button', { name: 'Enviar para verificar' }).click();
    // Submission finished: the customer goes to the partner's successUrl (here, a page of our own server).
    await page.waitForURL(`${base}/health`);

    await t.ctx.jobs.runDue();
    expect(await statusOf(email)).toBe('REJECTED');
    expect(await eventStatuses(email)).toEqual(['PENDING', 'IN_PROGRESS', 'REVIEWING', 'REJECTED']);

    // The flow's own address still shows the finished attempt; the spent kycUrl does not open again.
    await page.goto(firstUrl);
    await page.getByRole('heading', { name: 'Gracias, estamos comprobando tu documento' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('a cancelled attempt in Spanish shows its page and can be started again with a new link', async () => {
    const email = 'browser-cancel@example.com';
    const { page } = await begin(email, { sendOTPMail: false, language: 'es', blank: true, width: '420px' });
    expect(await page.locator('body').getAttribute('class')).toContain('blank');
    await step(page, 'kyc-es-blank-consent');
    await page.getByRole('button', { name: 'Cancelar la verificación' }).click();
    await page.getByRole('heading', { name: 'Verificación cancelada' }).waitFor();
    await step(page, 'kyc-es-cancelled');
    expect(await statusOf(email)).toBe('PENDING');
    const again = await startKyc(t.app, p, {
      userEmail: email,
      countryCode: 'PT',
      type: 'INDIVIDUAL',
      sendOTPMail: false,
    });
    expect(again.json().kycUrl).toBeDefined();
  });
});
