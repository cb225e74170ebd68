import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardChanges } from '../../src/dashboard/routes.js';
import { aWorkspace, type Credentials, tokenRequest } from '../support/builders.js';
import {
  getDashboardPage,
  invitePerson,
  postDashboardForm,
  postDashboardSignIn,
  signedInPerson,
} from '../support/dashboard.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { adminHeaders, CookieJar, codeAt, enrol, signedInOperator, strongPassword } from '../support/operators.js';

// Goal: the partner dashboard's people and door (issue 30, item 1): a workspace's engineers invited by an operator
// (the operator API) or by the workspace's admin (the dashboard), enrolled with a password and TOTP, signed in with
// both in one form; roles from the dashboard's own permission table; the workspace keeps an admin; the session's
// cookie is the dashboard's own; every change and sign-in in the audit log as the partner user's. Method: the
// dashboard's forms through app.inject with a cookie jar, codes from otpauth at the app's test clock.

let t: TestApp;
const clock = new TestClock();
let workspace: Credentials;
const unique = (role: string) => `${role}-${randomUUID().slice(0, 8)}@partner.example`;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  workspace = await aWorkspace(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const auditOf = async (query: string) => {
  const answer = await t.app.inject({ method: 'GET', url: `/admin/v1/audit-log?${query}`, headers: adminHeaders });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    action: string;
    via: string;
    workspaceId: string | null;
    actor: { kind: string; partnerUserId: string | null; email: string | null };
    target: { type: string; id: string };
    after: Record<string, unknown> | null;
  }[];
};

describe('people invited by an operator', () => {
  it('invites with a one-time link under /dashboard/enrol, refuses the address again in any case, lists them', async () => {
    const email = unique('dev');
    const { partnerUserId, enrolmentPath } = await invitePerson(t.app, workspace.workspaceId, email, 'developer');
    expect(enrolmentPath).toMatch(/^\/dashboard\/enrol\/[A-Za-z0-9_-]{43}$/);
    const again = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${workspace.workspaceId}/dashboard-users`,
      headers: adminHeaders,
      payload: { email: email.toUpperCase(), role: 'viewer' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('DuplicityError');
    const list = await t.app.inject({
      method: 'GET',
      url: `/admin/v1/workspaces/${workspace.workspaceId}/dashboard-users`,
      headers: adminHeaders,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ partnerUserId, email, role: 'developer', enrolled: false, disabled: false }),
    );
  });

  it('answers 404 for a workspace that does not exist and 400 for a role that is not one', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${randomUUID()}/dashboard-users`,
      headers: adminHeaders,
      payload: { email: unique('x'), role: 'viewer' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('ExistenceError');
    const badRole = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${workspace.workspaceId}/dashboard-users`,
      headers: adminHeaders,
      payload: { email: unique('x'), role: 'support' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error).toBe('ValidationError');
  });
});

describe('signing in', () => {
  it('enrols with password and TOTP, signs in with both in one form, under a cookie of the dashboard only', async () => {
    const email = unique('viewer');
    const { enrolmentPath } = await invitePerson(t.app, workspace.workspaceId, email, 'viewer');
    const { secret } = await enrol(t.app, enrolmentPath, clock);
    // The link works once.
    expect((await t.app.inject({ method: 'GET', url: enrolmentPath })).statusCode).toBe(404);
    clock.advance(30_000);
    const jar = new CookieJar();
    const answer = await postDashboardSignIn(t.app, jar, {
      email,
      password: strongPassword,
      code: codeAt(secret, clock),
    });
    expect(answer.statusCode, answer.body).toBe(303);
    const cookie = [answer.headers['set-cookie']].flat().find((c) => c?.startsWith('dashboard_session='));
    expect(cookie).toMatch(/Path=\/dashboard; HttpOnly; SameSite=Strict/);
    const home = await getDashboardPage(t.app, jar, '/dashboard');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(email);
    expect(home.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('says the same for a wrong password, a wrong code, a reused code and an unknown address', async () => {
    const { person } = await signedInPerson(t.app, clock, workspace.workspaceId, 'viewer');
    // A new step: the code of the sign-in above is spent, this one is not (until the first attempt takes it).
    clock.advance(30_000);
    const spent = codeAt(person.secret, clock);
    const attempts = [
      { email: person.email, password: 'not the password at all', code: spent },
      { email: person.email, password: strongPassword, code: '000000' === spent ? '111111' : '000000' },
      { email: person.email, password: strongPassword, code: spent },
      { email: unique('nobody'), password: strongPassword, code: spent },
    ];
    for (const fields of attempts) {
      const answer = await postDashboardSignIn(t.app, new CookieJar(), fields);
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.body).toContain('The email, password or code is not right.');
    }
    const refused = await auditOf(`action=dashboard.signInRefused&email=${encodeURIComponent(person.email)}`);
    expect(refused.map((e) => e.after?.reason).sort()).toEqual(['wrong-code', 'wrong-code', 'wrong-password']);
    expect(refused.every((e) => e.via === 'dashboard' && e.actor.kind === 'partner-user')).toBe(true);
  });

  it('an operator console session does not open the dashboard, nor a dashboard session the console', async () => {
    const operatorJar = await signedInOperator(t.app, clock, 'admin');
    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard', headers: operatorJar.header() });
    expect(dashboard.statusCode).toBe(303);
    expect(dashboard.headers.location).toBe('/dashboard/login');
    const { jar } = await signedInPerson(t.app, clock, workspace.workspaceId, 'admin');
    const console = await t.app.inject({ method: 'GET', url: '/console', headers: jar.header() });
    expect(console.statusCode).toBe(303);
    expect(console.headers.location).toBe('/console/login');
  });

  it('signs out: the session ends, and the cookie no longer opens a page', async () => {
    const { jar } = await signedInPerson(t.app, clock, workspace.workspaceId, 'viewer');
    const kept = jar.header();
    const out = await postDashboardForm(t.app, jar, '/dashboard/logout', {});
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/dashboard/login?ended=signed-out');
    const after = await t.app.inject({ method: 'GET', url: '/dashboard', headers: kept });
    expect(after.statusCode).toBe(303);
  });

  it('refuses a form without its token (403) and a form from another site (403)', async () => {
    const { jar } = await signedInPerson(t.app, clock, workspace.workspaceId, 'admin');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/dashboard/users/invite',
      headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: unique('x'), role: 'viewer' }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/dashboard/users/invite',
      headers: { ...jar.header(), origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: unique('x'), role: 'viewer' }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('roles', () => {
  it('refuses every change to a viewer, and the admin-only ones to a developer (403)', async () => {
    const { jar: viewer } = await signedInPerson(t.app, clock, workspace.workspaceId, 'viewer');
    const { jar: developer } = await signedInPerson(t.app, clock, workspace.workspaceId, 'developer');
    const adminOnly = new Set([
      'dashboard.users.invite',
      'dashboard.users.setRole',
      'dashboard.users.disable',
      'dashboard.users.reissueEnrolment',
      'dashboard.credentials.rotate',
      'dashboard.credentials.revokePrevious',
    ]);
    expect(dashboardChanges.size).toBeGreaterThan(0);
    for (const [path, action] of dashboardChanges) {
      const url = path.replace(':partnerUserId', randomUUID());
      const asViewer = await postDashboardForm(t.app, viewer, url, {});
      expect(asViewer.statusCode, `${action} as viewer`).toBe(403);
      if (adminOnly.has(action)) {
        const asDeveloper = await postDashboardForm(t.app, developer, url, {});
        expect(asDeveloper.statusCode, `${action} as developer`).toBe(403);
      }
    }
  });

  it("lets the workspace's admin invite, change a role and disable; the only admin keeps the role", async () => {
    const own = await aWorkspace(t.app);
    const { person: admin, jar } = await signedInPerson(t.app, clock, own.workspaceId, 'admin');
    const email = unique('invited');
    const invited = await postDashboardForm(t.app, jar, '/dashboard/users/invite', { email, role: 'viewer' });
    expect(invited.statusCode, invited.body).toBe(200);
    const link = /id="invitation-link">([^<]+)</.exec(invited.body)?.[1] ?? '';
    expect(new URL(link).pathname).toMatch(/^\/dashboard\/enrol\//);
    const list = await t.app.inject({
      method: 'GET',
      url: `/admin/v1/workspaces/${own.workspaceId}/dashboard-users`,
      headers: adminHeaders,
    });
    const newcomer = (list.json().data as { partnerUserId: string; email: string }[]).find((u) => u.email === email);
    expect(newcomer).toBeDefined();
    const promoted = await postDashboardForm(t.app, jar, `/dashboard/users/${newcomer?.partnerUserId}/role`, {
      role: 'developer',
    });
    expect(promoted.statusCode).toBe(303);
    const demoteSelf = await postDashboardForm(t.app, jar, `/dashboard/users/${admin.partnerUserId}/role`, {
      role: 'viewer',
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.body).toContain('only admin');
    const disabled = await postDashboardForm(t.app, jar, `/dashboard/users/${newcomer?.partnerUserId}/disable`, {});
    expect(disabled.statusCode).toBe(303);
    // Someone of another workspace is not found from this one.
    const foreign = await invitePerson(t.app, workspace.workspaceId, unique('foreign'), 'viewer');
    const across = await postDashboardForm(t.app, jar, `/dashboard/users/${foreign.partnerUserId}/disable`, {});
    expect(across.statusCode).toBe(404);

    const entries = await auditOf(`workspaceId=${own.workspaceId}&via=dashboard`);
    const actions = entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'dashboard.users.invite',
        'dashboard.users.setRole',
        'dashboard.users.disable',
        'dashboard.signIn',
      ]),
    );
    const invite = entries.find((e) => e.action === 'dashboard.users.invite');
    expect(invite?.actor).toMatchObject({
      kind: 'partner-user',
      partnerUserId: admin.partnerUserId,
      email: admin.email,
    });
    expect(invite?.target).toEqual({ type: 'partner_user', id: newcomer?.partnerUserId });
    // The link is a credential: never in the log.
    expect(JSON.stringify(entries)).not.toContain('/dashboard/enrol/');
  });
});

describe('credentials', () => {
  it('an admin issues a new password with an overlap in which both work, then ends the overlap', async () => {
    const own = await aWorkspace(t.app);
    const { jar } = await signedInPerson(t.app, clock, own.workspaceId, 'admin');
    const page = await getDashboardPage(t.app, jar, '/dashboard/credentials');
    expect(page.body).toContain(own.clientId);
    expect(page.body).toContain(own.username);
    const rotated = await postDashboardForm(
      t.app,
      jar,
      '/dashboard/credentials/rotate',
      { overlapSeconds: '86400' },
      '/dashboard/credentials',
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const password = /id="new-password">([^<]+)</.exec(rotated.body)?.[1] ?? '';
    expect(password.length).toBeGreaterThan(20);
    const mint = (pw: string) =>
      tokenRequest(t.app, { grant_type: 'password', client_id: own.clientId, username: own.username, password: pw });
    expect((await mint(own.password)).statusCode).toBe(200);
    expect((await mint(password)).statusCode).toBe(200);
    const revoked = await postDashboardForm(
      t.app,
      jar,
      '/dashboard/credentials/revoke-previous',
      {},
      '/dashboard/credentials',
    );
    expect(revoked.statusCode).toBe(303);
    expect((await mint(own.password)).json().error).toBe('invalid_grant');
    expect((await mint(password)).statusCode).toBe(200);
    const entries = await auditOf(`workspaceId=${own.workspaceId}&action=dashboard.credentials.rotate`);
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(password);
  });

  it('refuses an overlap that is not one offered (400)', async () => {
    const own = await aWorkspace(t.app);
    const { jar } = await signedInPerson(t.app, clock, own.workspaceId, 'admin');
    const answer = await postDashboardForm(t.app, jar, '/dashboard/credentials/rotate', { overlapSeconds: '5' });
    expect(answer.statusCode).toBe(400);
  });
});
