import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { getDashboardPage, signedInPerson } from '../support/dashboard.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import {
  documentFields,
  openFlow,
  photo,
  postStep,
  sendKycData,
  standardProfile,
  startKyc,
} from '../support/kyc-flow.js';
import type { CookieJar } from '../support/operators.js';
import { payer, sepaToPixOrder } from '../support/orders.js';
import { fundEur } from '../support/sandbox-helpers.js';

// Goal: the partner dashboard's objects (issue 30, "Objects"): the workspace's orders, deposits, withdrawals,
// balances and verifications, each list newest first and filtered by status, each object with its facts, the
// partner API's view of it and its timeline, for every role of the workspace; an id of another workspace answers
// the 404 page, never the object. Method: a stage app, objects made through the partner API, pages read through
// app.inject with a signed-in person's cookie jar.

let t: TestApp;
const clock = new TestClock();
let p: Partner;
let other: Partner;
let viewer: CookieJar;
let stranger: CookieJar;
let orderId: string;
let depositId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  p = await aPartner(t.app);
  other = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
  ({
    order: { orderId },
  } = await sepaToPixOrder(t, p));
  await fundEur(t, p, 40);
  const deposits = await t.app.inject({ method: 'GET', url: '/v1/deposits', headers: p.headers });
  depositId = deposits.json()[0].depositId;
  ({ jar: viewer } = await signedInPerson(t.app, clock, p.credentials.workspaceId, 'viewer'));
  ({ jar: stranger } = await signedInPerson(t.app, clock, other.credentials.workspaceId, 'admin'));
});
afterAll(async () => {
  await t.app.close();
});

const page = async (jar: CookieJar, url: string, status = 200) => {
  const answer = await getDashboardPage(t.app, jar, url);
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.headers['content-type']).toContain('text/html');
  return answer.body;
};

describe('lists', () => {
  it('lists the workspace’s orders, filtered by status, and names each section in the header', async () => {
    const all = await page(viewer, '/dashboard/orders');
    expect(all).toContain(orderId);
    expect(all).toContain('100.00 EUR');
    for (const section of ['Orders', 'Deposits', 'Withdrawals', 'Balances', 'KYC'])
      expect(all).toContain(`>${section}</a>`);
    expect(await page(viewer, '/dashboard/orders?status=Pending')).toContain(orderId);
    expect(await page(viewer, '/dashboard/orders?status=Success')).not.toContain(orderId);
    await page(viewer, '/dashboard/orders?status=Nonsense', 400);
    await page(viewer, '/dashboard/orders?page=x', 400);
    expect(await page(viewer, '/dashboard/orders?page=3')).not.toContain(orderId);
  });

  it('lists deposits and withdrawals; another workspace sees none of them', async () => {
    expect(await page(viewer, '/dashboard/deposits')).toContain(depositId);
    expect(await page(viewer, '/dashboard/deposits?status=Received')).toContain(depositId);
    expect(await page(viewer, '/dashboard/withdrawals')).toContain('No withdrawals');
    expect(await page(stranger, '/dashboard/orders')).not.toContain(orderId);
    expect(await page(stranger, '/dashboard/deposits')).not.toContain(depositId);
  });
});

describe('one object', () => {
  it('shows an order: facts, the partner API’s view, the timeline and its events', async () => {
    const body = await page(viewer, `/dashboard/orders/${orderId}`);
    expect(body).toContain(`Order ${orderId}`);
    expect(body).toContain('Pending');
    expect(body).toContain('id="timeline"');
    expect(body).toContain('Created');
    expect(body).toContain('<code>orderId</code>');
    expect(body).toContain('id="events"');
    // A viewer is offered no sandbox helper.
    expect(body).not.toContain('Simulate the incoming transfer');
  });

  it('shows a received deposit with its status change and its ledger entry', async () => {
    const body = await page(viewer, `/dashboard/deposits/${depositId}`);
    expect(body).toContain('Received');
    expect(body).toContain('Ledger entry');
    expect(body).toContain('deposit_completed');
    expect(body).not.toContain('Simulate the incoming transfer');
  });

  it('answers the 404 page for another workspace’s ids and for ids that do not exist', async () => {
    for (const url of [
      `/dashboard/orders/${orderId}`,
      `/dashboard/deposits/${depositId}`,
      `/dashboard/kyc/${encodeURIComponent(payer.userEmail)}`,
      '/dashboard/withdrawals/00000000-0000-4000-8000-000000000000',
      '/dashboard/withdrawals/not-a-uuid',
    ]) {
      const body = await page(stranger, url, 404);
      expect(body).toContain('Not found');
      expect(body).not.toContain(orderId);
    }
    await page(viewer, '/dashboard/orders/ord_missing', 404);
  });
});

describe('balances and KYC', () => {
  it('shows the workspace’s balances per currency, and a customer’s by email', async () => {
    const own = await page(viewer, '/dashboard/balances');
    expect(own).toContain('40.00 EUR');
    const customer = await page(viewer, `/dashboard/balances?email=${encodeURIComponent(payer.userEmail)}`);
    expect(customer).not.toContain('There is no customer');
    expect(customer).toContain(`value="${payer.userEmail}"`);
    const nobody = await page(viewer, '/dashboard/balances?email=nobody%40example.com');
    expect(nobody).toContain('There is no customer with this email');
    expect(await page(stranger, '/dashboard/balances')).not.toContain('40.00 EUR');
  });

  it('lists verifications and shows one with its status and its events, never what the customer typed', async () => {
    const list = await page(viewer, '/dashboard/kyc');
    expect(list).toContain(payer.userEmail);
    expect(list).toContain('APPROVED');
    expect(await page(viewer, '/dashboard/kyc?status=REJECTED')).not.toContain(payer.userEmail);
    await page(viewer, '/dashboard/kyc?status=Nonsense', 400);
    const one = await page(viewer, `/dashboard/kyc/${encodeURIComponent(payer.userEmail)}`);
    expect(one).toContain('APPROVED');
    expect(one).toContain('verification_status_updated');
    expect(one).not.toContain('Move to APPROVED');
    await page(viewer, '/dashboard/kyc/nobody%40example.com', 404);
  });

  it('dates a verification’s Created step from its creation, not from its submission later', async () => {
    const email = 'later.submitter@example.com';
    const createdFrom = Math.floor(clock.nowMs() / 1000) * 1000;
    expect((await sendKycData(t.app, p, { userEmail: email, ...standardProfile })).statusCode).toBe(200);
    const started = await startKyc(t.app, p, {
      userEmail: email,
      countryCode: 'PT',
      type: 'INDIVIDUAL',
      sendOTPMail: false,
    });
    expect(started.statusCode, started.body).toBe(200);
    const createdUntil = clock.nowMs();
    const flow = await openFlow(t.app, started.json().kycUrl);
    // The customer submits 20 minutes later: within the opened flow's hour and the dashboard session's idle limit.
    clock.advance(20 * 60_000);
    expect((await postStep(t.app, `${flow}/consent`, { consent: 'yes' })).statusCode).toBe(303);
    const submitted = await postStep(t.app, `${flow}/document`, documentFields(), photo);
    expect(submitted.statusCode, submitted.body).toBe(303);
    const one = await page(viewer, `/dashboard/kyc/${encodeURIComponent(email)}`);
    const utc = (text: string | undefined) => Date.parse(`${(text ?? '').replace(' UTC', '').replace(' ', 'T')}Z`);
    const lastSubmitted = utc(/<th scope="row">Last submitted<\/th><td>([^<]+)<\/td>/.exec(one)?.[1]);
    expect(lastSubmitted).toBeGreaterThanOrEqual(createdFrom + 19 * 60_000);
    const created = utc(/<td data-label="When">([^<]+)<\/td><td data-label="What">Created<\/td>/.exec(one)?.[1]);
    expect(created).toBeGreaterThanOrEqual(createdFrom);
    expect(created).toBeLessThanOrEqual(createdUntil);
  });
});
