import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorRoles } from '../../src/domain/operators/roles.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import {
  adminHeaders,
  type CookieJar,
  createOperator,
  enrol,
  formTokenOf,
  getPage,
  postForm,
  signIn,
} from '../support/operators.js';

// Goal: the console refuses what it must (issue 14, items 1 and 4): a forged form without its token (403), a post
// from another origin (403), and a page or post the role does not allow (403, the page and the POST both, and
// nothing changed). Method: app.inject with the cookies of a signed-in operator of each role.

let t: TestApp;
const clock = new TestClock();
const unique = () => `op-${randomUUID().slice(0, 8)}@brokerage.example`;
const jars = new Map<string, CookieJar>();

beforeAll(async () => {
  t = await buildTestApp({ clock });
  for (const role of operatorRoles) {
    const email = unique();
    const { enrolmentPath } = await createOperator(t.app, email, role);
    const { secret } = await enrol(t.app, enrolmentPath, clock);
    clock.advance(30_000);
    jars.set(role, await signIn(t.app, email, secret, clock));
  }
});
afterAll(async () => {
  await t.app.close();
});

const jarOf = (role: string) => jars.get(role) as CookieJar;
const operatorsListed = async () =>
  (await t.app.inject({ method: 'GET', url: '/admin/v1/operators', headers: adminHeaders })).json() as {
    email: string;
  }[];

describe('forged forms', () => {
  const post = (jar: CookieJar, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/console/operators',
      headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });

  it('refuses a form without its token, or with another session’s, and creates nothing', async () => {
    const email = unique();
    const payload = new URLSearchParams({ email, role: 'admin' }).toString();
    const forged = await post(jarOf('admin'), payload);
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This form cannot be accepted');
    const othersToken = formTokenOf((await getPage(t.app, jarOf('viewer'), '/console')).body);
    expect((await post(jarOf('admin'), `${payload}&csrf=${encodeURIComponent(othersToken)}`)).statusCode).toBe(403);
    expect((await operatorsListed()).map((o) => o.email)).not.toContain(email);
  });

  it('refuses a post from another origin, or one the browser marks cross-site, even with the token', async () => {
    const jar = jarOf('admin');
    const csrf = formTokenOf((await getPage(t.app, jar, '/console/operators')).body);
    const email = unique();
    const payload = new URLSearchParams({ csrf, email, role: 'viewer' }).toString();
    expect((await post(jar, payload, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(jar, payload, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post(jar, payload, { origin: 'null' })).statusCode).toBe(403);
    expect((await operatorsListed()).map((o) => o.email)).not.toContain(email);
    // The same form from the console's own origin goes through.
    const own = await post(jar, payload, { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.body).toContain('/console/enrol/');
  });

  it('refuses a sign-in form without the token of its page', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/console/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.example&password=whatever',
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('roles', () => {
  it.each(['viewer', 'support', 'compliance'])('refuses the operators page and its POST to %s', async (role) => {
    const jar = jarOf(role);
    const page = await getPage(t.app, jar, '/console/operators');
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('Not allowed for your role');
    const email = unique();
    const posted = await postForm(t.app, jar, '/console/operators', { email, role: 'admin' });
    expect(posted.statusCode).toBe(403);
    expect((await operatorsListed()).map((o) => o.email)).not.toContain(email);
    // Nor is the section offered in the navigation.
    expect((await getPage(t.app, jar, '/console')).body).not.toContain('href="/console/operators"');
  });

  it('lets an admin create an operator from the page, shown its enrolment link once', async () => {
    const email = unique();
    const posted = await postForm(t.app, jarOf('admin'), '/console/operators', { email, role: 'support' });
    expect(posted.statusCode).toBe(201);
    expect(posted.body).toMatch(/\/console\/enrol\/[A-Za-z0-9_-]{43}/);
    const page = await getPage(t.app, jarOf('admin'), '/console/operators');
    expect(page.body).toContain(email);
    expect(page.body).not.toMatch(/\/console\/enrol\//);
  });

  it('sends a request without a session to the sign-in page', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/console/operators' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/console/login');
  });
});
