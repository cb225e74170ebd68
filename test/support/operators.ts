// Operator accounts of the console in tests: created through the operator API, enrolled and signed in through the
// console's own forms (app.inject), with TOTP codes computed by otpauth at the app's clock.

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { Clock } from '../../src/platform/clock.js';
import { adminToken } from './harness.js';

export const adminHeaders = { authorization: `Bearer ${adminToken}` };
export const strongPassword = 'correct horse battery staple';

/** The cookies a browser would hold: set from each answer's Set-Cookie, sent back as one Cookie header. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  /**
   * Where this browser signs in from. The whole run shares one database, so failed sign-ins of every file would
   * otherwise count against one loopback address and lock it (the per-address throttle): each jar is its own place.
   */
  readonly address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
  take(response: LightMyRequestResponse): this {
    const set = response.headers['set-cookie'];
    for (const line of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  header(): Record<string, string> {
    return this.cookies.size === 0
      ? {}
      : { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }
}

/** The hidden form token of a page (the first form's). */
export function formTokenOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form token in the page:\n${html.slice(0, 2000)}`);
  return match[1];
}

export async function createOperator(app: FastifyInstance, email: string, role: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/admin/v1/operators',
    headers: adminHeaders,
    payload: { email, role },
  });
  expect(created.statusCode, created.body).toBe(201);
  const body = created.json() as { operator: { operatorId: string }; enrolmentUrl: string };
  return { operatorId: body.operator.operatorId, enrolmentPath: new URL(body.enrolmentUrl).pathname };
}

export const codeAt = (secret: string, clock: Clock) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.nowMs() });

/** Opens the enrolment link, reads the key beside the QR code, sets the password and (unless told not to) TOTP. */
export async function enrol(
  app: FastifyInstance,
  enrolmentPath: string,
  clock: Clock,
  options: { withCode?: boolean; password?: string } = {},
): Promise<{ secret: string; answer: LightMyRequestResponse; code: string }> {
  const page = await app.inject({ method: 'GET', url: enrolmentPath });
  expect(page.statusCode, page.body).toBe(200);
  const secret = (/<span class="secret">([A-Z2-7 ]+)<\/span>/.exec(page.body)?.[1] ?? '').replace(/ /g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const password = options.password ?? strongPassword;
  // The code sent, returned as sent: computed again later, on a clock that follows real time, it may be the next step's.
  const code = options.withCode === false ? '' : codeAt(secret, clock);
  const answer = await app.inject({
    method: 'POST',
    url: enrolmentPath,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      csrf: formTokenOf(page.body),
      password,
      confirmation: password,
      code,
    }).toString(),
  });
  return { secret, answer, code };
}

/** Posts the sign-in form as a browser would: the page first (its cookie and token), then the form. */
export async function postPassword(app: FastifyInstance, jar: CookieJar, email: string, password: string) {
  const page = await app.inject({
    method: 'GET',
    url: '/console/login',
    headers: jar.header(),
    remoteAddress: jar.address,
  });
  jar.take(page);
  const answer = await app.inject({
    method: 'POST',
    url: '/console/login',
    remoteAddress: jar.address,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf: formTokenOf(page.body), email, password }).toString(),
  });
  jar.take(answer);
  return answer;
}

export async function postCode(app: FastifyInstance, jar: CookieJar, code: string) {
  const page = await app.inject({
    method: 'GET',
    url: '/console/login/code',
    headers: jar.header(),
    remoteAddress: jar.address,
  });
  expect(page.statusCode, page.body).toBe(200);
  const answer = await app.inject({
    method: 'POST',
    url: '/console/login/code',
    remoteAddress: jar.address,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf: formTokenOf(page.body), code }).toString(),
  });
  jar.take(answer);
  return answer;
}

/** Signs in with password and code; answers the jar holding the session cookie. */
export async function signIn(app: FastifyInstance, email: string, secret: string | undefined, clock: Clock) {
  const jar = new CookieJar();
  const first = await postPassword(app, jar, email, strongPassword);
  expect(first.statusCode, first.body).toBe(303);
  if (secret !== undefined) {
    expect(first.headers.location).toBe('/console/login/code');
    const second = await postCode(app, jar, codeAt(secret, clock));
    expect(second.statusCode, second.body).toBe(303);
  }
  expect(jar.cookies.has('console_session')).toBe(true);
  return jar;
}

/** GET a console page with the jar's cookies. */
export const getPage = (app: FastifyInstance, jar: CookieJar, url: string) =>
  app.inject({ method: 'GET', url, headers: jar.header() });

/** POST a console form with the page's token (taken from `tokenFrom`, default the page at the same URL). */
export async function postForm(
  app: FastifyInstance,
  jar: CookieJar,
  url: string,
  fields: Record<string, string>,
  tokenFrom = '/console',
) {
  const page = await getPage(app, jar, tokenFrom);
  const csrf = page.statusCode === 200 ? formTokenOf(page.body) : '';
  return app.inject({
    method: 'POST',
    url,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf, ...fields }).toString(),
  });
}

/** An operator of `role`, created, enrolled with TOTP and signed in; answers the session's cookie jar. */
export async function signedInOperator(
  app: FastifyInstance,
  clock: Clock & { advance(ms: number): void },
  role: string,
) {
  const email = `${role}-${Math.random().toString(36).slice(2, 10)}@brokerage.example`;
  const { enrolmentPath } = await createOperator(app, email, role);
  const { secret } = await enrol(app, enrolmentPath, clock);
  // The code that confirmed enrolment is spent: the sign-in takes the next one.
  clock.advance(30_000);
  return signIn(app, email, secret, clock);
}

/** POST a console form without its token, as a forged cross-site form would arrive. */
export const postForged = (app: FastifyInstance, jar: CookieJar, url: string, fields: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
