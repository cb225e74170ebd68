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
import { type CliRun, cliAgainst } from '../support/cli.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { adminHeaders } from '../support/operators.js';

// Goal: an operator created from the CLI enrols and signs in with a second factor in a real browser, as a person
// would (issue 14, items 1, 3 and 4): the enrolment page's QR code and key, the password and code steps, the home
// page, the operators and sessions pages; sign-out, after which neither the back button nor the old cookie opens a
// page; a viewer refused the operators page; a forged cross-site form refused. Every page is accessible (axe-core)
// and photographed at 375 and 1280 px (test-results/screenshots). Method: the app on a loopback socket, Debian's
// Chromium through playwright-core, codes from otpauth at the app's test clock.

let t: TestApp;
let base: string;
let cli: (argv: string[]) => Promise<CliRun>;
let browser: Browser | undefined;
const clock = new TestClock();
const password = 'correct horse battery staple';

const code = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.nowMs() });

async function step(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshots(page, name);
}

/** Opens an enrolment link and completes it; answers the TOTP key read from the page. */
async function enrolIn(page: Page, enrolmentUrl: string, photograph: boolean, withCode = true) {
  await page.goto(`${base}${new URL(enrolmentUrl).pathname}`);
  await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
  if (photograph) await step(page, 'console-1-enrol');
  const secret = ((await page.locator('.secret').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('The same password again').fill(password);
  if (withCode) await page.getByLabel(/Code from the app/).fill(code(secret));
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
  if (photograph) await step(page, 'console-2-enrolled');
  return secret;
}

describe.skipIf(!runBrowserTests)('the operator console in a browser', () => {
  beforeAll(async () => {
    t = await buildTestApp({ clock });
    cli = await cliAgainst(t.app);
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.app.close();
  });

  it('enrols, signs in with the second factor, works, signs out; the back button and the old cookie fail', async () => {
    if (!browser) throw new Error('no browser');
    const email = `admin-${randomUUID().slice(0, 8)}@brokerage.example`;
    const created = await cli(['operators', 'create', '--email', email, '--role', 'admin']);
    expect(created.code, created.stderr).toBe(0);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    const problems = watchPageProblems(page);
    const secret = await enrolIn(page, created.json().enrolmentUrl, true);
    // The code that confirmed enrolment is spent: the sign-in takes the next one.
    clock.advance(30_000);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await step(page, 'console-3-sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('The email or password is not right.').waitFor();
    await step(page, 'console-3b-sign-in-refused');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Second factor' }).waitFor();
    await step(page, 'console-4-code');
    await page.getByLabel('Code').fill(code(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'What needs a person now' }).waitFor();
    await step(page, 'console-5-home');
    expect(await page.getByText(`Signed in as ${email}, admin.`).count()).toBe(1);

    await page.getByRole('navigation').getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('heading', { name: 'Operators' }).waitFor();
    await page.getByLabel('Email').fill(`viewer-${randomUUID().slice(0, 8)}@brokerage.example`);
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('button', { name: 'Create and show the enrolment link' }).click();
    await page.getByText(/shown only now/).waitFor();
    await step(page, 'console-6-operators');

    await page.getByRole('navigation').getByRole('link', { name: 'Charts' }).click();
    await page.getByRole('heading', { name: 'Charts', exact: true }).waitFor();
    await page.locator('select[name="days"]').selectOption('92');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/days=92/);
    expect(await page.locator('svg[role="img"]').count()).toBeGreaterThanOrEqual(1);
    await step(page, 'console-6b-charts');

    await page.getByRole('navigation').getByRole('link', { name: 'My sessions' }).click();
    await page.getByRole('heading', { name: 'My sessions' }).waitFor();
    await step(page, 'console-7-sessions');

    const [sessionCookie] = (await context.cookies()).filter((c) => c.name === 'console_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/console' });
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByText('You have signed out.').waitFor();
    await step(page, 'console-8-signed-out');

    // The back button asks the server again (no-store), which sends the browser to sign in.
    await page.goBack();
    await page.waitForURL(`${base}/console/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    // The old cookie, replayed from another browser, opens nothing.
    const thief = await browser.newContext();
    await thief.addCookies([{ ...(sessionCookie as NonNullable<typeof sessionCookie>) }]);
    const stolen = await thief.newPage();
    await stolen.goto(`${base}/console`);
    expect(new URL(stolen.url()).pathname).toBe('/console/login');
    await thief.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a viewer the operators page and a forged cross-site form; the session ends after the idle timeout', async () => {
    if (!browser) throw new Error('no browser');
    const email = `viewer-${randomUUID().slice(0, 8)}@brokerage.example`;
    const created = await cli(['operators', 'create', '--email', email, '--role', 'viewer']);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await enrolIn(page, created.json().enrolmentUrl, false, false);
    await page.goto(`${base}/console/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'What needs a person now' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Operators' }).count()).toBe(0);

    const refused = await page.goto(`${base}/console/operators`);
    expect(refused?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Not allowed for your role' }).waitFor();
    await step(page, 'console-9-refused');

    // A page of another origin posts a form to the console in the signed-in browser.
    const forgedEmail = `forged-${randomUUID().slice(0, 8)}@brokerage.example`;
    await page.setContent(
      `<form method="post" action="${base}/console/operators"><input name="email" value="${forgedEmail}">` +
        '<input name="role" value="admin"><button>Win a prize</button></form>',
    );
    const [answer] = await Promise.all([
      page.waitForResponse(`${base}/console/operators`),
      page.getByRole('button', { name: 'Win a prize' }).click(),
    ]);
    expect(answer.status()).toBe(403);
    const listed = await t.app.inject({ method: 'GET', url: '/admin/v1/operators', headers: adminHeaders });
    expect(listed.json().map((o: { email: string }) => o.email)).not.toContain(forgedEmail);

    // Left alone past the idle timeout (OPERATOR_SESSION_IDLE_MINUTES, 30), the next page asks to sign in again.
    await page.goto(`${base}/console`);
    await page.getByRole('heading', { name: 'What needs a person now' }).waitFor();
    clock.advance(31 * 60_000);
    await page.goto(`${base}/console`);
    await page.waitForURL(`${base}/console/login`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
