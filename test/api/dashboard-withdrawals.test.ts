import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { getDashboardPage, signedInPerson } from '../support/dashboard.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import type { CookieJar } from '../support/operators.js';
import { destinations, payer } from '../support/orders.js';
import { eurBalance, fundEur } from '../support/sandbox-helpers.js';

// Goal: a withdrawal in the partner dashboard (issue 30, "Objects"): one made through the partner API in the
// sandbox workspace is on the workspace's withdrawals list, and its page shows its amount, its status as the
// sandbox rail settled it and its timeline (created, its status change, its ledger entries); a dashboard user of
// another workspace gets the 404 page for it. Method: a stage app whose sandbox rail settles at once, the balance
// funded by a simulated deposit, the withdrawal posted to /v1/withdrawals and paid out by the job runner, the pages
// read through app.inject with signed-in people's cookie jars.

let t: TestApp;
const clock = new TestClock();
let p: Partner;
let viewer: CookieJar;
let stranger: CookieJar;
let withdrawalId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
  await fundEur(t, p, 200);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/withdrawals',
    headers: p.headers,
    payload: { currency: 'EUR', amount: 120.5, destinationTransferData: destinations.SEPA },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json()).toMatchObject({ status: 'Pending', amount: 120.5, currency: 'EUR' });
  withdrawalId = created.json().withdrawalId;
  await t.ctx.jobs.runDue();
  expect(await eurBalance(t, p)).toMatchObject({ available: 79.5, pending: 0 });
  ({ jar: viewer } = await signedInPerson(t.app, clock, p.credentials.workspaceId, 'viewer'));
  const other = await aPartner(t.app);
  ({ jar: stranger } = await signedInPerson(t.app, clock, other.credentials.workspaceId, 'admin'));
});
afterAll(async () => {
  await t.app.close();
});

const page = async (jar: CookieJar, url: string, status = 200) => {
  const answer = await getDashboardPage(t.app, jar, url);
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.body;
};

/** The rows of a page's table of cards, each a row's HTML. */
const rowsOf = (html: string, label: string) =>
  html.split('<tr>').filter((row) => row.includes(`data-label="${label}"`));

describe('a withdrawal in the dashboard', () => {
  it('is on the withdrawals list with its amount and status, and under its status filter only', async () => {
    const list = await page(viewer, '/dashboard/withdrawals');
    const row = rowsOf(list, 'Id').find((r) => r.includes(`href="/dashboard/withdrawals/${withdrawalId}"`)) ?? '';
    expect(row).toContain('data-label="Status">Success<');
    expect(row).toContain('data-label="Amount">120.50 EUR<');
    expect(await page(viewer, '/dashboard/withdrawals?status=Success')).toContain(withdrawalId);
    expect(await page(viewer, '/dashboard/withdrawals?status=Pending')).not.toContain(withdrawalId);
  });

  it('shows its amount, status, the partner API’s view and its timeline from creation to the payout', async () => {
    const body = await page(viewer, `/dashboard/withdrawals/${withdrawalId}`);
    expect(body).toContain(`<h1>Withdrawal ${withdrawalId}</h1>`);
    expect(body).toContain('<th scope="row">Status</th><td>Success</td>');
    expect(body).toContain('<th scope="row">Amount</th><td>120.50 EUR</td>');
    expect(body).toContain('<th scope="row">Fee</th><td>0.00 EUR</td>');
    expect(body).toContain('<code>withdrawalId</code>');
    const timeline = body.slice(body.indexOf('id="timeline"'), body.indexOf('id="api"'));
    const steps = rowsOf(timeline, 'What').map((r) => /data-label="What">([^<]+)</.exec(r)?.[1]);
    expect(steps[0]).toBe('Created');
    // The hold when it was created, the rail's outcome as its status event carries it, then the settlement.
    expect(steps).toEqual(
      expect.arrayContaining([
        'Ledger entry: withdrawal_hold',
        'Status Success (withdrawal_status_updated)',
        'Ledger entry: withdrawal_settle',
      ]),
    );
    const events = body.slice(body.indexOf('id="events"'));
    expect(events).toContain('withdrawal_status_updated');
    expect(events).toContain('withdrawal_completed');
  });

  it('answers the 404 page to another workspace’s dashboard user, never the withdrawal', async () => {
    const body = await page(stranger, `/dashboard/withdrawals/${withdrawalId}`, 404);
    expect(body).toContain('Not found');
    expect(body).not.toContain('120.50 EUR');
    expect(await page(stranger, '/dashboard/withdrawals')).not.toContain(withdrawalId);
  });
});
