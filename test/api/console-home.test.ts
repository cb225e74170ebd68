import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { type CookieJar, getPage, signedInOperator } from '../support/operators.js';

// Goal (issue 14, item 3): the console's home shows what needs a person now, each with a count and a link, and the
// counts are the overview's (GET /admin/v1/overview), so the page and the API agree. Method: a support ticket and an
// idempotency key release change the counts; the page is read by a viewer.

let t: TestApp;
const clock = new TestClock();
let viewer: CookieJar;
let partner: Partner;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  viewer = await signedInOperator(t.app, clock, 'viewer');
  partner = await aPartner(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const countOn = (html: string, title: string) => {
  const match = new RegExp(`${title}</strong><span class="count">(\\d+) items?</span>`).exec(html);
  if (!match) throw new Error(`no count for ${title} on the page`);
  return Number(match[1]);
};
const overview = async () =>
  (await t.app.inject({ method: 'GET', url: '/admin/v1/overview', headers: adminHeaders })).json().queues;

describe("the console's home", () => {
  it('counts each queue as the overview does, links each to its queue, and moves with the work', async () => {
    const before = await getPage(t.app, viewer, '/console');
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('<h1>What needs a person now</h1>');
    for (const href of ['holds', 'kyc', 'aml', 'refunds', 'tickets', 'conversations', 'idempotency-keys']) {
      expect(before.body).toContain(`href="/console/queues/${href}"`);
    }
    expect(countOn(before.body, 'Support tickets')).toBe((await overview()).supportTickets.count);

    const filed = await t.app.inject({
      method: 'POST',
      url: '/v1/support-tickets',
      headers: { ...partner.headers, 'idempotency-key': `home-${clock.nowMs()}` },
      payload: { subject: 'Payout not received', description: 'Nothing arrived.', category: 'PAYMENT' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const after = await getPage(t.app, viewer, '/console');
    expect(countOn(after.body, 'Support tickets')).toBe(countOn(before.body, 'Support tickets') + 1);
    expect(countOn(after.body, 'Support tickets')).toBe((await overview()).supportTickets.count);
  });

  it('counts the keys released in the last 24 hours from the audit log', async () => {
    const count = async () =>
      countOn((await getPage(t.app, viewer, '/console')).body, 'Keys released in the last 24 hours');
    const before = await count();
    // A deposit for a payer not verified is refused after its key is claimed: the key is left consumed.
    const key = `home-key-${clock.nowMs()}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: { ...partner.headers, 'idempotency-key': key },
      payload: {
        userData: { firstName: 'Ana', userEmail: 'home.unverified@example.com', country: 'PT' },
        currency: 'EUR',
        amount: 42,
      },
    });
    expect(refused.statusCode, refused.body).toBe(403);
    const release = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/idempotency-keys/release',
      headers: adminHeaders,
      payload: { workspaceId: partner.credentials.workspaceId, key },
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
