// The partner dashboard in tests: people invited through the operator API, enrolled through their link and signed
// in through the dashboard's one form (app.inject, a cookie jar), with TOTP codes from otpauth at the app's clock.

import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Clock } from '../../src/platform/clock.js';
import { adminHeaders, CookieJar, codeAt, enrol, formTokenOf, strongPassword } from './operators.js';

export interface DashboardPerson {
  readonly partnerUserId: string;
  readonly email: string;
  readonly secret: string;
}

/** Invites a person to a workspace's dashboard through the operator API; answers the id and the link's path. */
export async function invitePerson(app: FastifyInstance, workspaceId: string, email: string, role: string) {
  const invited = await app.inject({
    method: 'POST',
    url: `/admin/v1/workspaces/${workspaceId}/dashboard-users`,
    headers: adminHeaders,
    payload: { email, role },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const body = invited.json() as { partnerUser: { partnerUserId: string }; enrolmentUrl: string };
  return { partnerUserId: body.partnerUser.partnerUserId, enrolmentPath: new URL(body.enrolmentUrl).pathname };
}

/** Posts the dashboard's sign-in form as a browser would: the page first (its cookie and token), then the form. */
export async function postDashboardSignIn(
  app: FastifyInstance,
  jar: CookieJar,
  fields: { email: string; password: string; code: string },
) {
  const page = await app.inject({
    method: 'GET',
    url: '/dashboard/login',
    headers: jar.header(),
    remoteAddress: jar.address,
  });
  jar.take(page);
  const answer = await app.inject({
    method: 'POST',
    url: '/dashboard/login',
    remoteAddress: jar.address,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf: formTokenOf(page.body), ...fields }).toString(),
  });
  jar.take(answer);
  return answer;
}

/** A person of `role` in the workspace, invited, enrolled and signed in; answers them and their session's jar. */
export async function signedInPerson(
  app: FastifyInstance,
  clock: Clock & { advance(ms: number): void },
  workspaceId: string,
  role: string,
): Promise<{ person: DashboardPerson; jar: CookieJar }> {
  const email = `${role}-${Math.random().toString(36).slice(2, 10)}@partner.example`;
  const { partnerUserId, enrolmentPath } = await invitePerson(app, workspaceId, email, role);
  const { secret, answer } = await enrol(app, enrolmentPath, clock);
  expect(answer.statusCode, answer.body).toBe(200);
  // The code that confirmed enrolment is spent: the sign-in takes the next one.
  clock.advance(30_000);
  const jar = new CookieJar();
  const signedIn = await postDashboardSignIn(app, jar, {
    email,
    password: strongPassword,
    code: codeAt(secret, clock),
  });
  expect(signedIn.statusCode, signedIn.body).toBe(303);
  expect(signedIn.headers.location).toBe('/dashboard');
  return { person: { partnerUserId, email, secret }, jar };
}

/** GET a dashboard page with the jar's cookies. */
export const getDashboardPage = (app: FastifyInstance, jar: CookieJar, url: string) =>
  app.inject({ method: 'GET', url, headers: jar.header() });

/** POST a dashboard form with the token of the page at `tokenFrom` (default the home page). */
export async function postDashboardForm(
  app: FastifyInstance,
  jar: CookieJar,
  url: string,
  fields: Record<string, string>,
  tokenFrom = '/dashboard',
) {
  const page = await getDashboardPage(app, jar, tokenFrom);
  const csrf = page.statusCode === 200 ? formTokenOf(page.body) : '';
  return app.inject({
    method: 'POST',
    url,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf, ...fields }).toString(),
  });
}
