import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryRow } from '../../src/platform/audit/repo.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import {
  adminHeaders,
  CookieJar,
  codeAt,
  createOperator,
  enrol,
  formTokenOf,
  getPage,
  postCode,
  postPassword,
  signIn,
  strongPassword,
} from '../support/operators.js';

// Goal: the console's door in the audit log (issue #28, item 3): every sign-in (who, from where, with or without
// the second factor), every refused one (the e-mail tried, whether or not it names an account, and why, while the
// browser is answered the same whatever the reason), every lockout, and a person ending their own sessions. No
// password or code is ever in a row. Method: the console's forms through app.inject with a cookie jar; the rows are
// found by the X-Request-Id of the answer that made them, and read again through GET /admin/v1/audit-log.

let t: TestApp;
const clock = new TestClock();
const unique = () => `audit-${randomUUID().slice(0, 8)}@brokerage.example`;
const wrongPassword = 'not the password at all, 7Zq!';

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t.app.close();
});

/** The audit rows the request behind `answer` wrote. */
async function rowsOf(answer: LightMyRequestResponse): Promise<AuditEntryRow[]> {
  const requestId = answer.headers['x-request-id'];
  expect(typeof requestId).toBe('string');
  return (await testDb()).query<AuditEntryRow>('select * from audit_log where request_id = $1 order by id', [
    requestId,
  ]);
}

/** The whole row as text, to search it for what must never be in it. */
const textOf = (row: AuditEntryRow) =>
  JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value));

async function onlyRowOf(answer: LightMyRequestResponse): Promise<AuditEntryRow> {
  const rows = await rowsOf(answer);
  expect(rows).toHaveLength(1);
  return rows[0] as AuditEntryRow;
}

async function enrolled(role: string, withCode = true) {
  const email = unique();
  const { operatorId, enrolmentPath } = await createOperator(t.app, email, role);
  const { secret } = await enrol(t.app, enrolmentPath, clock, { withCode });
  clock.advance(30_000);
  return { email, operatorId, secret };
}

describe('a sign-in', () => {
  it('with the second factor: one entry, written by the code step, naming the person, the address and the agent', async () => {
    const { email, operatorId, secret } = await enrolled('admin');
    const jar = new CookieJar();
    const password = await postPassword(t.app, jar, email, strongPassword);
    expect(password.statusCode).toBe(303);
    // The right password alone is not a sign-in yet.
    expect(await rowsOf(password)).toEqual([]);
    const code = codeAt(secret, clock);
    const signedIn = await postCode(t.app, jar, code);
    expect(signedIn.statusCode).toBe(303);
    const row = await onlyRowOf(signedIn);
    expect(row).toMatchObject({
      action: 'console.signIn',
      actor_kind: 'operator',
      via: 'console',
      operator_id: operatorId,
      operator_email: email,
      address: jar.address,
      user_agent: 'lightMyRequest',
      workspace_id: null,
      target_type: 'operator',
      target_id: operatorId,
      before: null,
      after: { role: 'admin', secondFactorUsed: true },
    });
    expect(textOf(row)).not.toContain(strongPassword);
    expect(textOf(row)).not.toContain(code);
  });

  it('with the password alone (a viewer without a second factor): secondFactorUsed false', async () => {
    const { email, operatorId } = await enrolled('viewer', false);
    const answer = await postPassword(t.app, new CookieJar(), email, strongPassword);
    expect(answer.headers.location).toBe('/console');
    expect(await onlyRowOf(answer)).toMatchObject({
      action: 'console.signIn',
      operator_id: operatorId,
      after: { role: 'viewer', secondFactorUsed: false },
    });
  });
});

describe('a refused sign-in', () => {
  it('records the e-mail tried and the reason, while every browser is answered alike', async () => {
    const known = await enrolled('viewer', false);
    const pendingEmail = unique();
    const pending = await createOperator(t.app, pendingEmail, 'viewer');
    const gone = await enrolled('viewer', false);
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/operators/${gone.operatorId}/disable`,
      headers: adminHeaders,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const nobody = unique();
    const cases = [
      { email: known.email, password: wrongPassword, reason: 'wrong-password', operatorId: known.operatorId },
      { email: nobody, password: strongPassword, reason: 'unknown-account', operatorId: undefined },
      { email: pendingEmail, password: strongPassword, reason: 'not-enrolled', operatorId: pending.operatorId },
      { email: gone.email, password: strongPassword, reason: 'disabled', operatorId: gone.operatorId },
    ];
    const bodies = new Set<string>();
    for (const c of cases) {
      const jar = new CookieJar();
      const answer = await postPassword(t.app, jar, c.email.toUpperCase(), c.password);
      expect(answer.statusCode).toBe(401);
      // The page differs only by its random form token: with the token taken out, one page for every reason.
      bodies.add(answer.body.replace(formTokenOf(answer.body), '').replace(c.email.toUpperCase(), 'EMAIL'));
      const row = await onlyRowOf(answer);
      expect(row).toMatchObject({
        action: 'console.signInRefused',
        // Nobody signed in: a console actor without an operator id, with the e-mail tried (normalised).
        actor_kind: 'operator',
        via: 'console',
        operator_id: null,
        operator_email: c.email,
        address: jar.address,
        target_type: c.operatorId === undefined ? 'operator-email' : 'operator',
        target_id: c.operatorId ?? c.email,
        after: { reason: c.reason, step: 'password' },
      });
      expect(textOf(row)).not.toContain(c.password);
    }
    expect(bodies.size).toBe(1);
  });

  it('a wrong code: the operator named, the reason wrong-code, the code not kept', async () => {
    const { email, operatorId, secret } = await enrolled('compliance');
    const jar = new CookieJar();
    await postPassword(t.app, jar, email, strongPassword);
    const right = codeAt(secret, clock);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const answer = await postCode(t.app, jar, wrong);
    expect(answer.statusCode).toBe(401);
    // A wrong code begins the code's hold at once (at most a few seconds): its entry follows the refusal's.
    const [row, hold] = await rowsOf(answer);
    expect(hold).toMatchObject({ action: 'console.signInLocked', after: { step: 'code' } });
    expect(row).toMatchObject({
      action: 'console.signInRefused',
      operator_id: null,
      operator_email: email,
      target_type: 'operator',
      target_id: operatorId,
      after: { reason: 'wrong-code', step: 'code' },
    });
    expect(textOf(row as AuditEntryRow)).not.toContain(wrong);
  });

  it('keeps no e-mail that is not an address: a password typed into the e-mail field stays out', async () => {
    const typed = 'hunter2-typed-too-early';
    const answer = await postPassword(t.app, new CookieJar(), typed, strongPassword);
    expect(answer.statusCode).toBe(401);
    const row = await onlyRowOf(answer);
    expect(row).toMatchObject({
      action: 'console.signInRefused',
      operator_email: null,
      target_type: 'operator-email',
      target_id: '',
      after: { reason: 'unknown-account' },
    });
    expect(textOf(row)).not.toContain(typed);
  });

  it('is listed by the operator API under its e-mail, as the document describes it', async () => {
    const email = unique();
    await postPassword(t.app, new CookieJar(), email, strongPassword);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/admin/v1/audit-log?email=${encodeURIComponent(email)}`,
      headers: adminHeaders,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ kind: 'operator', operatorId: null, email }),
        via: 'console',
        action: 'console.signInRefused',
        target: { type: 'operator-email', id: email },
        after: { reason: 'unknown-account', step: 'password' },
      }),
    ]);
  });
});

describe('a lockout', () => {
  it('the failure that begins a hold is an entry, naming no account; the attempts refused while it holds are none', async () => {
    const { email, operatorId } = await enrolled('viewer', false);
    const jar = new CookieJar();
    // However the throttle counts, wrong passwords from one place are refused at some point (429).
    let locked: LightMyRequestResponse | undefined;
    let last: LightMyRequestResponse | undefined;
    for (let attempt = 0; attempt < 60 && locked === undefined; attempt += 1) {
      const answer = await postPassword(t.app, jar, email, wrongPassword);
      if (answer.statusCode === 429) locked = answer;
      else {
        expect(answer.statusCode).toBe(401);
        last = answer;
      }
    }
    expect(locked, 'the throttle never refused an attempt').toBeDefined();
    // A flood while the throttle holds writes nothing: the log (never pruned) does not grow with it.
    expect(await rowsOf(locked as LightMyRequestResponse)).toEqual([]);
    const [, row] = await rowsOf(last as LightMyRequestResponse);
    expect(row).toMatchObject({
      action: 'console.signInLocked',
      actor_kind: 'operator',
      operator_id: null,
      operator_email: email,
      address: jar.address,
      target_type: 'operator-email',
      target_id: email,
      after: { step: 'password' },
    });
    const retryAt = ((row as AuditEntryRow).after as { retryAt: number }).retryAt;
    expect(retryAt).toBeGreaterThanOrEqual(Math.floor(clock.nowMs() / 1000));
    expect(textOf(row as AuditEntryRow)).not.toContain(wrongPassword);
    expect(textOf(row as AuditEntryRow)).not.toContain(operatorId);
  });
});

describe("ending one's own sessions", () => {
  it('"every other session", "this session" and the sign-out are each an entry of the person', async () => {
    const { email, operatorId } = await enrolled('viewer', false);
    const here = await signIn(t.app, email, undefined, clock);
    const other = await signIn(t.app, email, undefined, clock);
    const third = await signIn(t.app, email, undefined, clock);

    const page = await getPage(t.app, here, '/console/sessions');
    const sessionId = /action="\/console\/sessions\/([0-9a-f]{64})\/revoke"/.exec(page.body)?.[1];
    expect(sessionId).toBeDefined();
    const post = (jar: CookieJar, url: string, csrf: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ csrf }).toString(),
      });
    const one = await post(here, `/console/sessions/${sessionId}/revoke`, formTokenOf(page.body));
    expect(one.headers.location).toBe('/console/sessions?ended=1');
    expect(await onlyRowOf(one)).toMatchObject({
      action: 'console.sessions.revoke',
      actor_kind: 'operator',
      operator_id: operatorId,
      target_type: 'operator',
      target_id: operatorId,
      after: { signInsEnded: 1 },
    });

    const others = await post(here, '/console/sessions/revoke-others', formTokenOf(page.body));
    expect(others.headers.location).toBe('/console/sessions?ended=1');
    expect(await onlyRowOf(others)).toMatchObject({
      action: 'console.sessions.revokeOthers',
      operator_id: operatorId,
      after: { signInsEnded: 1 },
    });
    expect((await getPage(t.app, other, '/console')).headers.location).toBe('/console/login');
    expect((await getPage(t.app, third, '/console')).headers.location).toBe('/console/login');

    const out = await post(here, '/console/logout', formTokenOf(page.body));
    expect(out.headers.location).toBe('/console/login?ended=signed-out');
    expect(await onlyRowOf(out)).toMatchObject({
      action: 'console.signOut',
      operator_id: operatorId,
      operator_email: email,
      after: { signInsEnded: 1 },
    });
  });
});
