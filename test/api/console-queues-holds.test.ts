import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { type CookieJar, getPage, postForged, postForm, signedInOperator } from '../support/operators.js';
import { approvedPartner, payIn, readOrder, sepaToPixOrder } from '../support/orders.js';

// Goal: the compliance holds queue of the console (issue 14, items 3 and 4): held deposits and orders are listed,
// a compliance operator clears or rejects them through the page's forms and the partner's own reads then show the
// change; a viewer sees the queue without buttons and is refused the POST (403, nothing changed); a form without its
// token is refused; deciding an item already decided answers the page with the service's message. Method:
// app.inject over the test database, with the cookies of operators signed in with TOTP.

let t: TestApp;
const clock = new TestClock();
let compliance: CookieJar;
let viewer: CookieJar;
let support: CookieJar;
const iban = { counterparty: { name: 'A', iban: 'PT50000201231234567890154' } };
const payer = { firstName: 'Ana', lastName: 'Silva', userEmail: 'ana.payer@example.com', country: 'PT' };

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, clock });
  compliance = await signedInOperator(t.app, clock, 'compliance');
  viewer = await signedInOperator(t.app, clock, 'viewer');
  support = await signedInOperator(t.app, clock, 'support');
});
afterAll(async () => {
  await t.app.close();
});

async function heldDeposit(): Promise<{ p: Partner; id: string }> {
  const p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: p.headers,
    payload: { userData: payer, currency: 'EUR', amount: 30 },
  });
  const id = created.json().depositId as string;
  await t.app.inject({
    method: 'POST',
    url: '/v1/simulate/incoming-transfer/deposit',
    headers: p.headers,
    payload: { depositId: id, amount: 30, scenario: 'compliance_review', ...iban },
  });
  await t.ctx.jobs.runDue();
  return { p, id };
}

const partnerDeposit = async (p: Partner, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/deposits/${id}`, headers: p.headers })).json();

describe('compliance holds in the console', () => {
  it('lists a held deposit; compliance clears it; the partner sees it received; again is a message', async () => {
    const { p, id } = await heldDeposit();
    const page = await getPage(t.app, compliance, `/console/queues/holds?workspaceId=${p.credentials.workspaceId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(id);
    expect(page.body).toContain('30.00 EUR');
    expect(page.body).toContain(`action="/console/queues/holds/deposits/${id}/clear"`);

    const cleared = await postForm(t.app, compliance, `/console/queues/holds/deposits/${id}/clear`, {});
    expect(cleared.statusCode, cleared.body).toBe(303);
    expect(cleared.headers.location).toBe('/console/queues/holds?done=deposit-clear');
    expect(await partnerDeposit(p, id)).toMatchObject({ status: 'Received', amount: 30 });
    const after = await getPage(t.app, compliance, '/console/queues/holds?done=deposit-clear');
    expect(after.body).toContain('The deposit was cleared');
    expect(after.body).not.toContain(`/deposits/${id}/clear`);

    const again = await postForm(t.app, compliance, `/console/queues/holds/deposits/${id}/reject`, {});
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(`Deposit ${id} is Received, not held for compliance review`);
    expect(await partnerDeposit(p, id)).toMatchObject({ status: 'Received' });
  });

  it('rejects a held deposit: the partner sees it failed', async () => {
    const { p, id } = await heldDeposit();
    const rejected = await postForm(t.app, compliance, `/console/queues/holds/deposits/${id}/reject`, {});
    expect(rejected.statusCode).toBe(303);
    expect(await partnerDeposit(p, id)).toMatchObject({ status: 'Failed', amount: 0 });
  });

  it('clears and rejects held orders: the partner sees them go on, or fail', async () => {
    const p = await approvedPartner(t);
    const orders: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { order } = await sepaToPixOrder(t, p);
      await payIn(t, p, order.orderId, 100, 'compliance_review');
      orders.push(order.orderId);
    }
    await t.ctx.jobs.runDue();
    const [toClear, toReject] = orders as [string, string];
    const page = await getPage(t.app, compliance, `/console/queues/holds?workspaceId=${p.credentials.workspaceId}`);
    expect(page.body).toContain(toClear);
    expect(page.body).toContain(toReject);
    expect((await postForm(t.app, compliance, `/console/queues/holds/orders/${toClear}/clear`, {})).statusCode).toBe(
      303,
    );
    expect((await postForm(t.app, compliance, `/console/queues/holds/orders/${toReject}/reject`, {})).statusCode).toBe(
      303,
    );
    expect((await readOrder(t.app, p, toClear)).status).not.toBe('ComplianceReview');
    expect((await readOrder(t.app, p, toReject)).status).toBe('Failed');
  });

  it('a viewer or support sees the queue without buttons and is refused the POST; nothing changes', async () => {
    const { p, id } = await heldDeposit();
    for (const jar of [viewer, support]) {
      const page = await getPage(t.app, jar, `/console/queues/holds?workspaceId=${p.credentials.workspaceId}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(id);
      expect(page.body).not.toContain(`/deposits/${id}/clear`);
      const refused = await postForm(t.app, jar, `/console/queues/holds/deposits/${id}/clear`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('Not allowed for your role');
    }
    expect(await partnerDeposit(p, id)).toMatchObject({ status: 'ComplianceReview' });
  });

  it('refuses a forged form without its token; nothing changes', async () => {
    const { p, id } = await heldDeposit();
    const forged = await postForged(t.app, compliance, `/console/queues/holds/deposits/${id}/clear`);
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This form cannot be accepted');
    expect(await partnerDeposit(p, id)).toMatchObject({ status: 'ComplianceReview' });
  });

  it('an unknown deposit is a message (404), a decision not in the list is 400', async () => {
    const unknown = await postForm(t.app, compliance, '/console/queues/holds/deposits/dep_nope/clear', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Deposit dep_nope does not exist');
    expect((await postForm(t.app, compliance, '/console/queues/holds/deposits/dep_nope/maybe', {})).statusCode).toBe(
      400,
    );
  });

  it('the queues index counts what waits', async () => {
    const page = await getPage(t.app, viewer, '/console/queues');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/Compliance holds<\/strong><span>\d+ waiting/);
  });
});
