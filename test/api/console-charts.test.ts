import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { type CookieJar, getPage, signedInOperator } from '../support/operators.js';
import { approvedPartner } from '../support/orders.js';
import { fundEur } from '../support/sandbox-helpers.js';

// Goal (issue 14, item 3): the charts page draws, on the server, volume and count per day and currency and event
// deliveries by outcome, each as an accessible SVG with its numbers as a table; the choice of figures is a GET form
// (no script); a role without the daily figures' permission is refused. Method: a deposit received today, then the
// page read by a viewer.

let t: TestApp;
const clock = new TestClock();
let viewer: CookieJar;
let workspaceId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '600000' } });
  viewer = await signedInOperator(t.app, clock, 'viewer');
  const partner = await approvedPartner(t);
  workspaceId = partner.credentials.workspaceId;
  await fundEur(t, partner, 1234.56);
});
afterAll(async () => {
  await t.app.close();
});

describe('the charts page', () => {
  it("draws today's received deposit in EUR, exactly, with its table, and the deliveries chart", async () => {
    // The run shares one database: the workspace's own figures are the ones known here.
    const page = await getPage(
      t.app,
      viewer,
      `/console/charts?kind=deposits&currency=EUR&days=7&workspaceId=${workspaceId}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    const svgs = page.body.match(/<svg [^>]*role="img"/g) ?? [];
    expect(svgs).toHaveLength(3);
    expect(page.body).toContain('Deposits received: volume per day');
    expect(page.body).toContain('Event deliveries by outcome');
    expect(page.body).toMatch(/<table[\s\S]*1,234\.56/);
    expect(page.body).not.toMatch(/<script/);
  });

  it('falls back to what exists for unknown choices, and refuses unknown parameters', async () => {
    const fallback = await getPage(t.app, viewer, '/console/charts?kind=nonsense&days=5');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('Orders completed');
    expect((await getPage(t.app, viewer, '/console/charts?colour=red')).statusCode).toBe(400);
  });
});
