import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { type CookieJar, postForm, signedInOperator } from '../support/operators.js';

// Goal (issue 14, item 2): a change made in the console is recorded like one made through the operator API: who (the
// signed-in person, not the shared token), through what (`console`), what (the operator API's action name for the
// same change) and its before and after; a refused change records nothing. Method: an admin signs in with a second
// factor and works the workspace and operator forms; the audit log is read back through GET /admin/v1/audit-log.

let t: TestApp;
const clock = new TestClock();
let admin: CookieJar;
let viewer: CookieJar;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await signedInOperator(t.app, clock, 'admin');
  viewer = await signedInOperator(t.app, clock, 'viewer');
});
afterAll(async () => {
  await t.app.close();
});

async function entriesOf(action: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/admin/v1/audit-log?via=console&action=${action}`,
    headers: adminHeaders,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Record<string, unknown>[];
}

describe('changes made in the console', () => {
  it('a workspace created, changed and rotated: one entry each, by the person, via console', async () => {
    const name = `Console audited ${clock.nowMs()}`;
    const created = await postForm(t.app, admin, '/console/workspaces', { name }, '/console/workspaces');
    expect(created.statusCode, created.body).toBe(201);
    // Found by its own name: the run shares one database, and other files' clocks may run ahead of this one's.
    const entry = (await entriesOf('admin.workspaces.create')).find((e) => JSON.stringify(e.after).includes(name));
    expect(entry).toMatchObject({ action: 'admin.workspaces.create', via: 'console', before: null });
    expect(JSON.stringify(entry)).toMatch(/admin-[a-z0-9]+@brokerage\.example/);
    expect(JSON.stringify(entry)).toContain(name);
    const workspaceId = entry?.workspaceId as string;

    const rotated = await postForm(
      t.app,
      admin,
      `/console/workspaces/${workspaceId}/rotate-credentials`,
      {},
      `/console/workspaces/${workspaceId}`,
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const rotation = (await entriesOf('admin.workspaces.rotateCredentials')).find((e) => e.workspaceId === workspaceId);
    expect(rotation).toMatchObject({
      via: 'console',
      workspaceId,
      before: { credentialVersion: 1, previousVersionExpiresAt: null },
    });
    // The form's default overlap, 24 hours: the previous version works until then.
    expect(rotation?.after).toEqual({ credentialVersion: 2, previousVersionExpiresAt: expect.any(Number) });
  });

  it('an operator created from the Operators page is recorded without its enrolment link', async () => {
    const email = `audited-${clock.nowMs()}@brokerage.example`;
    const answer = await postForm(t.app, admin, '/console/operators', { email, role: 'support' }, '/console/operators');
    expect(answer.statusCode, answer.body).toBe(201);
    const link = /\/console\/enrol\/([A-Za-z0-9_-]+)/.exec(answer.body)?.[1] ?? '';
    expect(link).not.toBe('');
    const entries = await entriesOf('admin.operators.create');
    const entry = entries.find((e) => JSON.stringify(e.after).includes(email));
    expect(entry).toMatchObject({ via: 'console', after: { email, role: 'support' } });
    expect(JSON.stringify(entries)).not.toContain(link);
  });

  it("a viewer's refused change records nothing", async () => {
    const before = (await entriesOf('admin.workspaces.create')).length;
    const refused = await postForm(t.app, viewer, '/console/workspaces', { name: 'Not allowed' }, '/console');
    expect(refused.statusCode).toBe(403);
    expect((await entriesOf('admin.workspaces.create')).length).toBe(before);
  });
});
