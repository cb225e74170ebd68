import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardChanges } from '../../src/dashboard/routes.js';
import { adminHeaders, aPartner, aWorkspace, type Partner, verifyCustomer } from '../support/builders.js';
import { getDashboardPage, postDashboardForm, signedInPerson } from '../support/dashboard.js';
import { buildTestApp, productionEnv, type TestApp, TestClock } from '../support/harness.js';
import type { CookieJar } from '../support/operators.js';
import { payer, readOrder, sepaToPixOrder } from '../support/orders.js';

// Goal: the stage sandbox's helpers as the dashboard's buttons (issue 30, "Objects"): a developer simulates the
// incoming transfer of an order or a deposit awaiting funds, moves a verification, advances the test clock; each
// is the /v1/simulate helper's doing, recorded in the audit log as the person's once it succeeded; a viewer is
// refused (403) every one; another workspace's object is not found (404); in production the buttons are absent and
// the forms answer 404. Method: app.inject with signed-in people's cookie jars, jobs run at once.

let t: TestApp;
const clock = new TestClock();
let p: Partner;
let developer: CookieJar;
let viewer: CookieJar;
let stranger: CookieJar;

const sandboxPaths = () => [...dashboardChanges].filter(([, action]) => action.startsWith('dashboard.sandbox.'));

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
  ({ jar: developer } = await signedInPerson(t.app, clock, p.credentials.workspaceId, 'developer'));
  ({ jar: viewer } = await signedInPerson(t.app, clock, p.credentials.workspaceId, 'viewer'));
  const other = await aPartner(t.app);
  ({ jar: stranger } = await signedInPerson(t.app, clock, other.credentials.workspaceId, 'admin'));
});
afterAll(async () => {
  await t.app.close();
});

const auditOf = async (workspaceId: string) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/admin/v1/audit-log?workspaceId=${workspaceId}&via=dashboard`,
    headers: adminHeaders,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { action: string; target: { type: string; id: string }; actor: { kind: string } }[];
};

describe('the transfer buttons', () => {
  it('simulates the incoming transfer of a Pending order; the order moves on and the audit log says who', async () => {
    const { order } = await sepaToPixOrder(t, p);
    const path = `/dashboard/orders/${order.orderId}`;
    const shown = await getDashboardPage(t.app, developer, path);
    expect(shown.body).toContain('Simulate the incoming transfer');
    const sent = await postDashboardForm(
      t.app,
      developer,
      `${path}/simulate-transfer`,
      { amount: '100', payerName: 'Ana', payerField: 'PT50000201231234567890154', scenario: 'success' },
      path,
    );
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toBe(`${path}?done=transfer`);
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, order.orderId)).status).not.toBe('Pending');
    const entries = await auditOf(p.credentials.workspaceId);
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'dashboard.sandbox.simulateTransfer',
        target: { type: 'order', id: order.orderId },
        actor: expect.objectContaining({ kind: 'partner-user' }),
      }),
    );
    const after = await getDashboardPage(t.app, developer, `${path}?done=transfer`);
    expect(after.body).toContain('The incoming transfer was simulated');
  });

  it('simulates a deposit’s transfer; a refusal of the helper is a page with its status', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: p.headers,
      payload: { userData: payer, currency: 'EUR', amount: 25 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const depositId = created.json().depositId as string;
    const path = `/dashboard/deposits/${depositId}`;
    expect((await getDashboardPage(t.app, developer, path)).body).toContain('Simulate the incoming transfer');
    const wrongPayer = await postDashboardForm(
      t.app,
      developer,
      `${path}/simulate-transfer`,
      { amount: '25', payerName: 'Ana', payerField: '' },
      path,
    );
    expect(wrongPayer.statusCode).toBe(400);
    const badAmount = await postDashboardForm(t.app, developer, `${path}/simulate-transfer`, { amount: 'x' }, path);
    expect(badAmount.statusCode).toBe(400);
    const sent = await postDashboardForm(
      t.app,
      developer,
      `${path}/simulate-transfer`,
      { amount: '25', payerName: 'Ana', payerField: 'PT50000201231234567890154' },
      path,
    );
    expect(sent.statusCode, sent.body).toBe(303);
    await t.ctx.jobs.runDue();
    const read = await t.app.inject({ method: 'GET', url: `/v1/deposits/${depositId}`, headers: p.headers });
    expect(read.json().status).toBe('Received');
    expect((await getDashboardPage(t.app, developer, path)).body).not.toContain('Simulate the incoming transfer');
    // Another workspace's person cannot reach it.
    const foreign = await postDashboardForm(
      t.app,
      stranger,
      `${path}/simulate-transfer`,
      { amount: '25', payerField: 'PT50000201231234567890154' },
      '/dashboard',
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('KYC and the test clock', () => {
  it('moves a verification to REJECTED and then refuses what the path does not allow', async () => {
    const email = 'dash-kyc@example.com';
    await verifyCustomer(t.app, p, email, 'PENDING');
    const path = `/dashboard/kyc/${encodeURIComponent(email)}`;
    expect((await getDashboardPage(t.app, developer, path)).body).toContain('Move to REJECTED');
    const moved = await postDashboardForm(t.app, developer, `${path}/simulate`, { status: 'REJECTED' }, path);
    expect(moved.statusCode, moved.body).toBe(303);
    const read = await t.app.inject({ method: 'GET', url: `/v1/kyc/${email}`, headers: p.headers });
    expect(JSON.stringify(read.json())).toContain('REJECTED');
    const bad = await postDashboardForm(t.app, developer, `${path}/simulate`, { status: 'PENDING' }, path);
    expect(bad.statusCode).toBe(400);
    const foreign = await postDashboardForm(t.app, stranger, `${path}/simulate`, { status: 'APPROVED' });
    expect(foreign.statusCode).toBe(404);
    expect(await auditOf(p.credentials.workspaceId)).toContainEqual(
      expect.objectContaining({ action: 'dashboard.sandbox.moveVerification' }),
    );
  });

  it('advances the test clock by hours and by minutes, within the helper’s bound', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/v1/simulate/clock', headers: p.headers })).json()
      .offsetSeconds;
    const shown = await getDashboardPage(t.app, developer, '/dashboard/sandbox');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Advance the test clock');
    expect((await getDashboardPage(t.app, viewer, '/dashboard/sandbox')).body).not.toContain('Advance the test clock');
    const hours = await postDashboardForm(t.app, developer, '/dashboard/sandbox/clock', { amount: '2', unit: 'hours' });
    expect(hours.statusCode, hours.body).toBe(303);
    const minutes = await postDashboardForm(t.app, developer, '/dashboard/sandbox/clock', {
      amount: '5',
      unit: 'minutes',
    });
    expect(minutes.statusCode).toBe(303);
    const after = (await t.app.inject({ method: 'GET', url: '/v1/simulate/clock', headers: p.headers })).json();
    expect(after.offsetSeconds - before).toBe(2 * 3600 + 5 * 60);
    const tooFar = await postDashboardForm(t.app, developer, '/dashboard/sandbox/clock', {
      amount: '100000',
      unit: 'hours',
    });
    expect(tooFar.statusCode).toBe(400);
    expect(await auditOf(p.credentials.workspaceId)).toContainEqual(
      expect.objectContaining({
        action: 'dashboard.sandbox.advanceClock',
        target: { type: 'workspace', id: p.credentials.workspaceId },
      }),
    );
  });
});

describe('who may, and where', () => {
  it('refuses every sandbox form to a viewer (403)', async () => {
    const paths = sandboxPaths();
    expect(paths.map(([, action]) => action).sort()).toEqual([
      'dashboard.sandbox.advanceClock',
      'dashboard.sandbox.moveVerification',
      'dashboard.sandbox.simulateTransfer',
      'dashboard.sandbox.simulateTransfer',
    ]);
    for (const [path, action] of paths) {
      const answer = await postDashboardForm(t.app, viewer, path.replace(':id', 'x'), {
        amount: '1',
        status: 'APPROVED',
      });
      expect(answer.statusCode, `${action} as viewer`).toBe(403);
    }
  });

  it('in production: no sandbox page, no buttons, and every sandbox form answers 404', async () => {
    const prodClock = new TestClock();
    const prod = await buildTestApp({ env: productionEnv, clock: prodClock });
    try {
      const workspace = await aWorkspace(prod.app);
      const { jar } = await signedInPerson(prod.app, prodClock, workspace.workspaceId, 'admin');
      const page = await getDashboardPage(prod.app, jar, '/dashboard/sandbox');
      expect(page.statusCode).toBe(404);
      expect((await getDashboardPage(prod.app, jar, '/dashboard/orders')).body).not.toContain('/dashboard/sandbox');
      for (const [path] of sandboxPaths()) {
        const answer = await postDashboardForm(prod.app, jar, path.replace(':id', 'x'), {
          amount: '1',
          unit: 'hours',
          status: 'APPROVED',
        });
        expect(answer.statusCode, path).toBe(404);
        expect(answer.body).toContain('Not found');
      }
    } finally {
      await prod.app.close();
    }
  });
});
