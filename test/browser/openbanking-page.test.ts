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
import type { Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { aDeposit, aWebForm, banks, obEvents, obStatus } from '../support/openbanking.js';
import { approvedPartner, readOrder, sepaToPixOrder } from '../support/orders.js';

// Goal: a payer completes the hosted open banking page in a real browser, under its real content security policy,
// and every step is accessible (axe-core finds no violation) and looks right on a phone and a desktop (screenshots
// in test-results/screenshots). Method: the app on a loopback socket, Debian's Chromium through playwright-core,
// jobs run on demand, outcomes read through the API.

let t: TestApp;
let base: string;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let p: Partner;

describe.skipIf(!runBrowserTests)('the hosted open banking page in a browser', () => {
  beforeAll(async () => {
    t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
    base = await listenOnLoopback(t.app);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    p = await approvedPartner(t);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.app.close();
  });

  /** Opens the web form of `id` in a new tab; answers the page and the problems its console reports. */
  async function open(id: string, language: string) {
    const form = await aWebForm(t, p, id, language);
    if (!context) throw new Error('no browser context');
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const response = await page.goto(`${base}${form.path}`);
    expect(response?.status()).toBe(200);
    return { page, problems, form };
  }

  const heading = (page: Page) => page.locator('h1').textContent();

  async function fill(page: Page, labels: { name: string; account: string }, bankName: string, account: string) {
    await page.getByLabel(bankName).check();
    await page.getByLabel(labels.name).fill('Ana Silva');
    await page.getByLabel(labels.account).fill(account);
  }

  const english = { name: 'Your full name', account: 'Your IBAN' };

  it('a deposit in English: pay with the approving bank; the deposit is Received, the session COMPLETED', async () => {
    const deposit = await aDeposit(t, p, { amount: 1250 });
    const { page, problems } = await open(deposit.depositId, 'en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await expectAccessible(page, 'deposit form');
    await screenshots(page, 'openbanking-deposit-form');

    await fill(page, english, banks.approves.name, 'DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('heading', { name: 'Payment approved' }).waitFor();
    await expectAccessible(page, 'deposit approved');
    await screenshots(page, 'openbanking-deposit-approved');

    await t.ctx.jobs.runDue();
    expect((await obStatus(t, p, deposit.depositId)).openbanking).toMatchObject({ status: 'COMPLETED', amount: 1250 });
    const read = await t.app.inject({ method: 'GET', url: `/v1/deposits/${deposit.depositId}`, headers: p.headers });
    expect(read.json()).toMatchObject({ status: 'Received', amount: 1250 });
    expect((await obEvents(t, deposit.depositId)).map((e) => e.status)).toEqual(['AUTHORIZED', 'COMPLETED']);

    await page.getByRole('link', { name: 'Check again' }).click();
    await page.getByRole('heading', { name: 'Payment complete' }).waitFor();
    await expectAccessible(page, 'deposit complete');
    await screenshots(page, 'openbanking-deposit-complete');
    expect(problems).toEqual([]);
  });

  it('an order in Spanish: the origin leg is paid and the order goes on to Success', async () => {
    const { order } = await sepaToPixOrder(t, p);
    const { page, problems } = await open(order.orderId, 'es');
    expect(await heading(page)).toBe('Pagar con tu banco');
    await expectAccessible(page, 'order form (es)');
    await screenshots(page, 'openbanking-order-form-es');

    await fill(
      page,
      { name: 'Tu nombre completo', account: 'Tu IBAN' },
      banks.approves.name,
      'ES9121000418450200051332',
    );
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.getByRole('heading', { name: 'Pago aprobado' }).waitFor();
    await expectAccessible(page, 'order approved (es)');
    await screenshots(page, 'openbanking-order-approved-es');

    await t.ctx.jobs.runDue();
    expect((await obStatus(t, p, order.orderId)).openbanking.status).toBe('COMPLETED');
    expect((await readOrder(t.app, p, order.orderId)).status).toBe('Success');
    expect((await obEvents(t, order.orderId)).map((e) => e.status)).toEqual(['AUTHORIZED', 'COMPLETED']);
    expect(problems).toEqual([]);
  });

  it('a GBP deposit in German, paid from the declining bank: FAILED, nothing received', async () => {
    const deposit = await aDeposit(t, p, { currency: 'GBP', amount: 75 });
    const { page, problems } = await open(deposit.depositId, 'de');
    await expectAccessible(page, 'GBP form (de)');
    await screenshots(page, 'openbanking-gbp-form-de');
    await fill(page, { name: 'Ihr vollständiger Name', account: 'Ihre Kontonummer' }, banks.declines.name, '12345678');
    await page.getByRole('button', { name: /bezahlen$/ }).click();
    await page.getByRole('heading', { name: 'Zahlung abgelehnt' }).waitFor();
    await expectAccessible(page, 'declined (de)');
    await screenshots(page, 'openbanking-declined-de');
    await t.ctx.jobs.runDue();
    expect((await obStatus(t, p, deposit.depositId)).openbanking).toMatchObject({
      status: 'FAILED',
      reason: 'declined',
    });
    const read = await t.app.inject({ method: 'GET', url: `/v1/deposits/${deposit.depositId}`, headers: p.headers });
    expect(read.json()).toMatchObject({ status: 'Pending', amount: 0 });
    expect((await obEvents(t, deposit.depositId)).map((e) => e.status)).toEqual(['FAILED']);
    expect(problems).toEqual([]);
  });

  it('cancel: CANCELLED and the page says so', async () => {
    const deposit = await aDeposit(t, p);
    const { page, problems } = await open(deposit.depositId, 'en');
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
    await expectAccessible(page, 'cancelled');
    await screenshots(page, 'openbanking-cancelled');
    expect((await obStatus(t, p, deposit.depositId)).openbanking.status).toBe('CANCELLED');
    expect((await obEvents(t, deposit.depositId)).map((e) => e.status)).toEqual(['CANCELLED']);
    expect(problems).toEqual([]);
  });

  it('an empty name shows the form again with an accessible error tied to the field', async () => {
    const deposit = await aDeposit(t, p, { amount: undefined });
    const { page, problems } = await open(deposit.depositId, 'en');
    await page.getByLabel(banks.approves.name).check();
    await page.getByLabel('Your IBAN').fill('DE89370400440532013000');
    await page.getByLabel('Amount to pay (EUR)').fill('abc');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Enter your full name');
    const name = page.getByLabel('Your full name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.getAttribute('aria-describedby')).toContain('payerName-error');
    expect(await page.getByLabel('Your IBAN').inputValue()).toBe('DE89370400440532013000');
    await expectAccessible(page, 'validation errors');
    await screenshots(page, 'openbanking-validation');
    // The summary's link takes the payer to the field.
    await page.getByRole('link', { name: /Enter your full name/ }).click();
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('payerName');
    expect((await obStatus(t, p, deposit.depositId)).openbanking.status).toBe('CREATED');
    expect(problems).toEqual([]);
  });

  it('an unknown link is a friendly, accessible 404 page', async () => {
    if (!context) throw new Error('no browser context');
    const page = await context.newPage();
    const response = await page.goto(`${base}/pay/${'x'.repeat(43)}`);
    expect(response?.status()).toBe(404);
    expect(await heading(page)).toBe('Payment link not found');
    await expectAccessible(page, 'not found');
    await screenshots(page, 'openbanking-not-found');
  });
});
