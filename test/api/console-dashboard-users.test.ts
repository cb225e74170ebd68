import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aWorkspace } from '../support/builders.js';
import { getDashboardPage, invitePerson, signedInPerson } from '../support/dashboard.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { adminHeaders, type CookieJar, enrol, getPage, postForm, signedInOperator } from '../support/operators.js';

// Goal: the console's workspace page shows the workspace's partner dashboard users and manages them as the operator
// API does (issue 30, item 1: people "invited by an operator or by the workspace's own admin"): the list with role,
// status and last sign-in; an invitation whose enrolment link is shown once and works; a role changed; a person
// disabled (their session ends); a new link; the use case's refusals (a bad or duplicate address, the workspace's
// only admin: 409) shown on the page, not as a failure; each change in the audit log via console under the operator
// API's action, by the person; a role without the API's permission sees no form and is refused the POST (403).
// Method: app.inject with signed-in operators' cookies over the test database; the API and the dashboard read back.

let t: TestApp;
const clock = new TestClock();
let admin: CookieJar;
let viewer: CookieJar;
let support: CookieJar;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await signedInOperator(t.app, clock, 'admin');
  viewer = await signedInOperator(t.app, clock, 'viewer');
  support = await signedInOperator(t.app, clock, 'support');
});
afterAll(async () => {
  await t.app.close();
});

const unique = (who: string) => `${who}-${randomUUID().slice(0, 8)}@partner.example`;
const pageOf = (workspaceId: string) => `/console/workspaces/${workspaceId}`;
const linkOf = (html: string) => /<p class="secret" id="enrolment-link">([^<]+)<\/p>/.exec(html)?.[1];

interface Listed {
  partnerUserId: string;
  email: string;
  role: string;
  enrolled: boolean;
  disabled: boolean;
}
const usersOf = async (workspaceId: string) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/admin/v1/workspaces/${workspaceId}/dashboard-users`,
    headers: adminHeaders,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as Listed[];
};
const userOf = async (workspaceId: string, email: string) =>
  (await usersOf(workspaceId)).find((u) => u.email === email) as Listed;

interface Entry {
  action: string;
  via: string;
  workspaceId: string | null;
  actor: { kind: string; email: string | null };
  target: { type: string; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const consoleEntries = async (workspaceId: string) => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/admin/v1/audit-log?via=console&workspaceId=${workspaceId}&limit=500`,
    headers: adminHeaders,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Entry[];
};

/** The section's row of a person, as the page shows it. */
const rowOf = (html: string, email: string) =>
  new RegExp(`<tr><td data-label="Email">${email}</td>[\\s\\S]*?</tr>`).exec(html)?.[0] ?? '';

describe('the dashboard users on the workspace page', () => {
  it('lists each person with role, status and last sign-in', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const { person: signedIn } = await signedInPerson(t.app, clock, workspaceId, 'admin');
    const pending = unique('pending');
    await invitePerson(t.app, workspaceId, pending, 'viewer');
    const gone = unique('gone');
    const { partnerUserId: goneId } = await invitePerson(t.app, workspaceId, gone, 'developer');
    const off = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${workspaceId}/dashboard-users/${goneId}/disable`,
      headers: adminHeaders,
    });
    expect(off.statusCode, off.body).toBe(200);

    const page = await getPage(t.app, admin, pageOf(workspaceId));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2 id="dashboard-users">Dashboard users</h2>');
    const active = rowOf(page.body, signedIn.email);
    expect(active).toContain('<td data-label="Role">admin</td>');
    expect(active).toContain('<td data-label="Status">Enabled</td>');
    expect(active).toMatch(/<td data-label="Last sign-in">\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/td>/);
    const invited = rowOf(page.body, pending);
    expect(invited).toContain('<td data-label="Role">viewer</td>');
    expect(invited).toMatch(/Enrolment pending: the link works until \d{4}-/);
    expect(invited).toContain('<td data-label="Last sign-in">Never</td>');
    const disabled = rowOf(page.body, gone);
    expect(disabled).toContain('<td data-label="Status">Disabled</td>');
    expect(disabled).not.toContain('Change role');

    const empty = await aWorkspace(t.app);
    expect((await getPage(t.app, admin, pageOf(empty.workspaceId))).body).toContain('No dashboard users yet.');
  });

  it('invites: the link is shown once, works, and the invitation is audited without it', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const page = pageOf(workspaceId);
    const email = unique('dev');
    const invited = await postForm(t.app, admin, `${page}/dashboard-users`, { email, role: 'developer' }, page);
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.headers['cache-control']).toBe('no-store');
    const link = linkOf(invited.body) as string;
    expect(link).toMatch(/\/dashboard\/enrol\/[A-Za-z0-9_-]{43}$/);
    expect(invited.body).toContain(`Enrolment link for ${email}`);
    expect(await userOf(workspaceId, email)).toMatchObject({ role: 'developer', enrolled: false, disabled: false });
    // Never again on the page.
    const again = await getPage(t.app, admin, page);
    expect(again.body).toContain(email);
    expect(again.body).not.toContain(link);
    // The link is the person's way in.
    const { answer } = await enrol(t.app, new URL(link).pathname, clock);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await userOf(workspaceId, email)).enrolled).toBe(true);

    const entries = await consoleEntries(workspaceId);
    const entry = entries.find((e) => e.action === 'admin.dashboardUsers.invite');
    expect(entry).toMatchObject({
      via: 'console',
      actor: { kind: 'operator' },
      target: { type: 'partner_user' },
      before: null,
      after: { email, role: 'developer' },
    });
    expect(entry?.actor.email).toMatch(/^admin-[a-z0-9]+@brokerage\.example$/);
    expect(JSON.stringify(entries)).not.toContain(new URL(link).pathname.split('/').pop());
  });

  it('shows a bad address, an unknown role and a duplicate as the form errors they are, creating nothing', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const page = pageOf(workspaceId);
    const existing = unique('taken');
    await invitePerson(t.app, workspaceId, existing, 'viewer');
    for (const [fields, status, reason] of [
      [{ email: 'not an address', role: 'viewer' }, 400, 'Enter the email address of the person to invite.'],
      [{ email: unique('x'), role: 'owner' }, 400, 'Choose a role: viewer, developer or admin.'],
      [{ email: existing.toUpperCase(), role: 'admin' }, 409, 'already exists'],
    ] as const) {
      const refused = await postForm(t.app, admin, `${page}/dashboard-users`, fields, page);
      expect(refused.statusCode, fields.email).toBe(status);
      expect(refused.body).toContain('<p class="error" id="users-error" role="alert">');
      expect(refused.body).toContain(reason);
      expect(refused.body).toContain(`value="${fields.email}"`);
      expect(linkOf(refused.body)).toBeUndefined();
    }
    expect((await usersOf(workspaceId)).map((u) => u.email)).toEqual([existing]);
    expect((await consoleEntries(workspaceId)).filter((e) => e.action.startsWith('admin.dashboardUsers'))).toEqual([]);
  });

  it('changes a role, keeps the only admin, and audits only what changed', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const page = pageOf(workspaceId);
    const only = unique('admin');
    const { partnerUserId: adminId } = await invitePerson(t.app, workspaceId, only, 'admin');
    const dev = unique('dev');
    const { partnerUserId: devId } = await invitePerson(t.app, workspaceId, dev, 'developer');
    const shown = (await getPage(t.app, admin, page)).body;
    expect(shown).toContain(`action="${page}/dashboard-users/${devId}/role"`);
    expect(shown).toContain(`Role for ${dev}`);

    // The workspace's only admin may be neither demoted nor disabled: 409 on the page, nothing changed.
    const demote = await postForm(t.app, admin, `${page}/dashboard-users/${adminId}/role`, { role: 'viewer' }, page);
    expect(demote.statusCode, demote.body).toBe(409);
    expect(demote.body).toContain('only admin: make another person admin first');
    expect(demote.body).toContain('<h2 id="dashboard-users">Dashboard users</h2>');
    const disable = await postForm(t.app, admin, `${page}/dashboard-users/${adminId}/disable`, {}, page);
    expect(disable.statusCode, disable.body).toBe(409);
    expect(disable.body).toContain('only admin');
    expect(await userOf(workspaceId, only)).toMatchObject({ role: 'admin', disabled: false });

    const promoted = await postForm(t.app, admin, `${page}/dashboard-users/${devId}/role`, { role: 'admin' }, page);
    expect(promoted.statusCode, promoted.body).toBe(303);
    expect(promoted.headers.location).toBe(`${page}?done=role`);
    expect((await getPage(t.app, admin, `${page}?done=role`)).body).toContain(
      'The role of the dashboard user was changed.',
    );
    expect((await userOf(workspaceId, dev)).role).toBe('admin');
    // With a second admin the first may step down.
    const stepDown = await postForm(t.app, admin, `${page}/dashboard-users/${adminId}/role`, { role: 'viewer' }, page);
    expect(stepDown.statusCode, stepDown.body).toBe(303);
    expect((await userOf(workspaceId, only)).role).toBe('viewer');
    const badRole = await postForm(t.app, admin, `${page}/dashboard-users/${devId}/role`, { role: 'root' }, page);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.body).toContain('Choose a role');

    const roles = (await consoleEntries(workspaceId)).filter((e) => e.action === 'admin.dashboardUsers.setRole');
    expect(roles).toHaveLength(2);
    expect(roles).toContainEqual(
      expect.objectContaining({
        via: 'console',
        target: { type: 'partner_user', id: devId },
        before: expect.objectContaining({ role: 'developer' }),
        after: expect.objectContaining({ role: 'admin' }),
      }),
    );
    expect(roles.map((e) => e.target.id).sort()).toEqual([adminId, devId].sort());
    expect((await consoleEntries(workspaceId)).some((e) => e.action === 'admin.dashboardUsers.disable')).toBe(false);
  });

  it('disables a person: their session ends now, and the change is audited', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const page = pageOf(workspaceId);
    const { person, jar } = await signedInPerson(t.app, clock, workspaceId, 'developer');
    expect((await getDashboardPage(t.app, jar, '/dashboard')).statusCode).toBe(200);

    const off = await postForm(t.app, admin, `${page}/dashboard-users/${person.partnerUserId}/disable`, {}, page);
    expect(off.statusCode, off.body).toBe(303);
    expect(off.headers.location).toBe(`${page}?done=user-disabled`);
    expect((await getPage(t.app, admin, off.headers.location as string)).body).toContain(
      'The dashboard user was disabled',
    );
    expect((await userOf(workspaceId, person.email)).disabled).toBe(true);
    const after = await getDashboardPage(t.app, jar, '/dashboard');
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/dashboard/login');

    const entry = (await consoleEntries(workspaceId)).find((e) => e.action === 'admin.dashboardUsers.disable');
    expect(entry).toMatchObject({
      via: 'console',
      target: { type: 'partner_user', id: person.partnerUserId },
      before: { disabled: false },
      after: { disabled: true, signInsEnded: 1 },
    });
  });

  it('re-issues the enrolment link: the new one is shown once and works, the old one no longer does', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const page = pageOf(workspaceId);
    const email = unique('lost');
    const { partnerUserId, enrolmentPath: old } = await invitePerson(t.app, workspaceId, email, 'viewer');
    const issued = await postForm(t.app, admin, `${page}/dashboard-users/${partnerUserId}/enrolment`, {}, page);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const link = linkOf(issued.body) as string;
    expect(new URL(link).pathname).not.toBe(old);
    expect((await getPage(t.app, admin, page)).body).not.toContain(link);
    expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(link).pathname })).statusCode).toBe(200);
    const entry = (await consoleEntries(workspaceId)).find((e) => e.action === 'admin.dashboardUsers.reissueEnrolment');
    expect(entry).toMatchObject({ via: 'console', target: { type: 'partner_user', id: partnerUserId } });
    expect(JSON.stringify(entry)).not.toContain(new URL(link).pathname.split('/').pop());
  });
});

describe('roles without the permission', () => {
  it.each([
    ['viewer', () => viewer],
    ['support', () => support],
  ])(
    '%s sees the dashboard users but no form, and each POST is refused with 403, nothing changed',
    async (_, jarOf) => {
      const jar = jarOf();
      const { workspaceId } = await aWorkspace(t.app);
      const page = pageOf(workspaceId);
      const email = unique('kept');
      const { partnerUserId } = await invitePerson(t.app, workspaceId, email, 'admin');
      const second = unique('second');
      await invitePerson(t.app, workspaceId, second, 'admin');
      const before = await usersOf(workspaceId);

      const shown = await getPage(t.app, jar, page);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain(email);
      for (const form of ['Invite and show the enrolment link', 'Change role', 'New enrolment link', '>Disable<']) {
        expect(shown.body).not.toContain(form);
      }
      expect(shown.body).not.toContain('<th scope="col">Actions</th>');

      const person = `${page}/dashboard-users/${partnerUserId}`;
      for (const [url, fields] of [
        [`${page}/dashboard-users`, { email: unique('no'), role: 'admin' }],
        [`${person}/role`, { role: 'viewer' }],
        [`${person}/disable`, {}],
        [`${person}/enrolment`, {}],
      ] as const) {
        const refused = await postForm(t.app, jar, url, fields, page);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.body).toContain('Not allowed for your role');
        expect(linkOf(refused.body)).toBeUndefined();
      }
      expect(await usersOf(workspaceId)).toEqual(before);
      expect(await consoleEntries(workspaceId)).toEqual([]);
    },
  );
});

describe('a link left unused', () => {
  it('says it expired and what to do (last: the clock jumps past every session)', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const email = unique('late');
    await invitePerson(t.app, workspaceId, email, 'viewer');
    clock.advance(73 * 3_600_000);
    const late = await signedInOperator(t.app, clock, 'admin');
    const page = await getPage(t.app, late, pageOf(workspaceId));
    expect(rowOf(page.body, email)).toMatch(/Enrolment pending: the link expired at .+; send a new one/);
  });
});
