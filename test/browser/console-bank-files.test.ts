import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053 } from '../support/bank-file-builders.js';
import { ownBankProviders, ownEurIban } from '../support/bank-providers.js';
import {
  expectAccessible,
  launchBrowser,
  listenOnLoopback,
  runBrowserTests,
  screenshots,
  watchPageProblems,
} from '../support/browser.js';
import { buildTestApp, productionEnv, type TestApp, TestClock } from '../support/harness.js';
import { adminHeaders, codeAt, createOperator, enrol, strongPassword } from '../support/operators.js';

// Goal (issue #27, the console's part): an admin works the Bank files page in Debian's Chromium: a held statement is
// listed first and flagged with its reasons beside a refused file's; the admin opens it, accepts it with a note,
// and the answer page says it was applied; a viewer sees the same page without forms. Every page passes axe-core
// and is photographed at 375 and 1280 px (test-results/screenshots). Method: a production app on a loopback socket
// whose EUR collection account is an IBAN of this file's own; files imported through POST /admin/v1/bank-files.

const ownIban = ownEurIban();
const providers = ownBankProviders({ iban: ownIban });

let t: TestApp;
let base: string;
let browser: Browser | undefined;
const clock = new TestClock();
let heldId: string;
let refusedId: string;

async function step(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshots(page, name);
}

const importFile = (text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/v1/bank-files',
    headers: { ...adminHeaders, 'content-type': 'application/xml' },
    payload: text,
  });

/** An operator enrolled through the API and signed in through the browser's forms; answers the page. */
async function signedIn(role: string): Promise<Page> {
  if (!browser) throw new Error('no browser');
  const email = `${role}-${randomUUID().slice(0, 8)}@brokerage.example`;
  const { enrolmentPath } = await createOperator(t.app, email, role);
  const { secret } = await enrol(t.app, enrolmentPath, clock);
  clock.advance(30_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(8_000);
  await page.goto(`${base}/console/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(strongPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Enrolled with TOTP, every role is asked for its code.
  await page.getByLabel('Code').fill(codeAt(secret, clock));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'What needs a person now' }).waitFor();
  return page;
}

describe.skipIf(!runBrowserTests)('the Bank files page in a browser', () => {
  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
      providersFile: providers,
    });
    base = await listenOnLoopback(t.app);
    browser = await launchBrowser();
    const statement = (sequence: number, opening: string, closing: string, lines: Parameters<typeof camt053>[3]) =>
      camt053(ownIban, 'EUR', { amount: closing, opening, date: `2026-12-${sequence}`, sequence }, lines);
    expect((await importFile(statement(10, '1000.00', '1000.00', []))).statusCode).toBe(200);
    // Statement 13 opens at 980.00: days 11 and 12 are missing and the figures do not follow. Held.
    const held = await importFile(
      statement(13, '980.00', '1005.00', [
        { bankReference: `B-${randomUUID().slice(0, 8)}`, direction: 'CRDT', amount: '25.00', remittance: 'invoice 7' },
      ]),
    );
    expect(held.statusCode, held.body).toBe(202);
    heldId = held.json().fileId;
    // A statement of an account that is not ours: refused, every reason named.
    const refused = await importFile(
      statement(14, '1005.00', '1005.00', []).replaceAll(ownIban, 'DE75512108001245126199'),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    refusedId = /bank file ([0-9a-f-]{36})/.exec(refused.json().message)?.[1] as string;
  });

  afterAll(async () => {
    await browser?.close();
    await t?.app.close();
  });

  it('an admin finds the held statement first, reads why, and accepts it with a note', async () => {
    const page = await signedIn('admin');
    const problems = watchPageProblems(page);
    await page.getByRole('link', { name: /^Held bank files/ }).waitFor();
    await step(page, 'bank-files-1-home');

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bank files' }).click();
    await page.getByRole('heading', { name: 'Bank files', exact: true }).waitFor();
    const heldRow = page.getByRole('row').filter({ has: page.locator(`a[href="/console/bank-files/${heldId}"]`) });
    expect(await heldRow.getByText('Held: waits for a decision').count()).toBe(1);
    expect(await heldRow.getByText(/opens at 980\.00 EUR/).count()).toBe(1);
    const refusedRow = page
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/console/bank-files/${refusedId}"]`) });
    expect(await refusedRow.getByText('Refused', { exact: true }).count()).toBe(1);
    await step(page, 'bank-files-2-list');

    await heldRow.getByRole('link', { name: heldId.slice(0, 8) }).click();
    await page.getByRole('heading', { name: `Bank file ${heldId.slice(0, 8)}` }).waitFor();
    await step(page, 'bank-files-3-held');
    // The browser itself refuses an empty note (required): nothing is sent.
    await page.getByRole('button', { name: `Accept and apply: file ${heldId}` }).click();
    expect(page.url()).toBe(`${base}/console/bank-files/${heldId}`);
    await page.getByLabel('Note: why accept it').fill('Days 11 and 12 arrive late: the bank confirmed by phone');
    await page.getByRole('button', { name: `Accept and apply: file ${heldId}` }).click();
    await page.getByText('The file was accepted').waitFor();
    await step(page, 'bank-files-4-accepted');
    const file = (
      await t.app.inject({ method: 'GET', url: `/admin/v1/bank-files/${heldId}`, headers: adminHeaders })
    ).json();
    expect(file).toMatchObject({
      status: 'imported',
      decisionNote: 'Days 11 and 12 arrive late: the bank confirmed by phone',
      summary: { unmatched: 1 },
    });
    expect(problems).toEqual([]);
  });

  it('a viewer reads the page without forms', async () => {
    const held = await importFile(
      camt053(ownIban, 'EUR', { amount: '1.00', opening: '1.00', date: '2026-12-20', sequence: 20 }, []),
    );
    expect(held.statusCode, held.body).toBe(202);
    const page = await signedIn('viewer');
    const problems = watchPageProblems(page);
    await page.goto(`${base}/console/bank-files`);
    await page.getByRole('heading', { name: 'Bank files', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Accept and apply/ }).count()).toBe(0);
    await step(page, 'bank-files-5-viewer');
    expect(problems).toEqual([]);
  });
});
