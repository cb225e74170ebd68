import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, TestClock } from '../support/harness.js';
import { standardProfile, underManualReview } from '../support/kyc-flow.js';
import { type CookieJar, getPage, signedInOperator } from '../support/operators.js';

// Goal (issue #28, part 1: "the audit log records who saw what"): when an operator's request opens sealed values
// to answer (the operator API's verifications, the console's KYC review page), the audit log has a row
// `sensitive.shown` naming who (the operator, or the admin token and whether through the CLI), the route, the path
// and the fields opened; the partner reading its own data, and an operator's answer that opens nothing, add none.
// Method: a production app whose verification is manual review, a document typed on the hosted page, then the
// operator API and a signed-in compliance operator read it; the audit log is read through its API.

let t: TestApp;
let partner: Partner;
const clock = new TestClock();
let compliance: CookieJar;
const email = `shown-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  t = await buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    providersFile: { verification: { provider: 'manual-review' } },
    clock,
  });
  partner = await aPartner(t.app);
  compliance = await signedInOperator(t.app, clock, 'compliance');
  await underManualReview(t, partner, email, standardProfile, { documentNumber: 'S5550123' });
});
afterAll(async () => {
  await t.app.close();
});

interface AuditRow {
  action: string;
  actor: { kind: string; via?: string; email?: string };
  target: { type: string; id: string };
  after: { path: string; fields: string[]; count: number };
  requestId: string;
}

/** The `sensitive.shown` rows of one request, by its id, through the audit log's API. */
async function shownRows(requestId: string): Promise<AuditRow[]> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/admin/v1/audit-log?action=sensitive.shown&limit=100',
    headers: adminHeaders,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as AuditRow[]).filter((row) => row.requestId === requestId);
}

describe('who saw what', () => {
  it('records the admin token reading verifications with what it opened, once per request', async () => {
    const requestId = randomUUID();
    const answer = await t.app.inject({
      method: 'GET',
      url: `/admin/v1/verifications?status=REVIEWING&workspaceId=${partner.credentials.workspaceId}`,
      headers: { ...adminHeaders, 'x-request-id': requestId },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await shownRows(requestId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'sensitive.shown',
      target: { type: 'route', id: 'GET /admin/v1/verifications' },
      after: { path: '/admin/v1/verifications', fields: expect.arrayContaining(['documentNumber']) },
    });
    // The query (what was searched for) is not kept.
    expect(JSON.stringify(rows[0])).not.toContain('REVIEWING');
  });

  it("records the console's operator reading a verification's page", async () => {
    const requestId = randomUUID();
    const page = await t.app.inject({
      method: 'GET',
      url: `/console/queues/kyc/verification?${new URLSearchParams({ workspaceId: partner.credentials.workspaceId, email })}`,
      headers: { ...compliance.header(), 'x-request-id': requestId },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('S5550123');
    const rows = await shownRows(requestId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.target.id).toBe('GET /console/queues/kyc/verification');
    expect(rows[0]?.after.fields).toContain('documentNumber');
    expect(rows[0]?.actor.kind).toBe('operator');
  });

  it('records nothing for an operator page that opens nothing, nor for the partner', async () => {
    const home = randomUUID();
    expect((await getPage(t.app, compliance, '/console')).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/console', headers: { ...compliance.header(), 'x-request-id': home } });
    expect(await shownRows(home)).toEqual([]);
    const own = randomUUID();
    await t.app.inject({
      method: 'GET',
      url: '/v1/withdrawals',
      headers: { ...partner.headers, 'x-request-id': own },
    });
    expect(await shownRows(own)).toEqual([]);
  });
});
