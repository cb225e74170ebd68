import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBucketOf, sourceOf } from '../../src/domain/operators/sign-in-throttle.js';
import { limits } from '../../src/limits.js';
import type { Clock } from '../../src/platform/clock.js';
import { aWorkspace, type Credentials } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';
import { CookieJar, codeAt, createOperator, enrol, formTokenOf, strongPassword } from '../support/operators.js';

// Goal (issue #28, item 2): the sign-in throttles slow an attacker without locking the owner out. Each test runs the
// attack and then the owner's path side by side: for an operator, the right password with a valid code from another
// address signs in at once, and from the attacking address within signInOwnerWaitMaxMs; for a partner, a correct
// grant from a source that has not been failing is never held. Method: app.inject from chosen addresses, the app's
// clock stopped (so that a hold lasts until the test moves the clock past it, never slept), and the throttle's rows
// read from the database to check the bounds.

/** The app's clock, moved only by the test. */
class StoppedClock implements Clock {
  private at = Date.now();
  nowMs(): number {
    return this.at;
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

let t: TestApp;
const clock = new StoppedClock();
const unique = () => `op-${randomUUID().slice(0, 8)}@brokerage.example`;
const anAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  // The buckets this file held were held on its stopped clock, moved hours past the real one, and the files of a
  // worker share its database: an email of a later file hashing into one of the account buckets (mod
  // signInAccountBucketCount) would find it held. The files of a worker run one after another, so every row now is
  // this file's or a finished file's.
  await t.ctx.db.query('delete from sign_in_throttles');
  await t.app.close();
});

async function bucket(scope: string, key: string) {
  const db = await testDb();
  const [row] = await db.query<{ failures: number; held_until_ms: bigint }>(
    'select failures, held_until_ms from sign_in_throttles where scope = $1 and key = $2 and forget_at_ms > $3',
    [scope, key, clock.nowMs()],
  );
  return row ? { failures: row.failures, heldForMs: Number(row.held_until_ms) - clock.nowMs() } : undefined;
}

/** The console's sign-in form posted from `address`: email and password, and the code too when given. */
async function consoleAttempt(address: string, email: string, password: string, code?: string) {
  const jar = new CookieJar();
  const page = await t.app.inject({ method: 'GET', url: '/console/login', remoteAddress: address });
  jar.take(page);
  const fields = { csrf: formTokenOf(page.body), email, password, ...(code === undefined ? {} : { code }) };
  const answer = await t.app.inject({
    method: 'POST',
    url: '/console/login',
    remoteAddress: address,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  jar.take(answer);
  return { answer, jar };
}

async function anOperator(role: 'admin' | 'viewer', withCode = true) {
  const email = unique();
  const { enrolmentPath } = await createOperator(t.app, email, role);
  const { secret } = await enrol(t.app, enrolmentPath, clock, { withCode });
  clock.advance(30_000); // the enrolment's code is used: the next sign-in takes a later one
  return { email, secret };
}

describe('the console: an attacker slowed, the owner let in', () => {
  it('50 wrong passwords from A for X: X with password and code signs in at once from B, and from A', async () => {
    const { email, secret } = await anOperator('admin');
    const attacker = anAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1)
      statuses.push((await consoleAttempt(attacker, email, `wrong ${i}`)).answer.statusCode);
    // Checked until the free failures are spent, then refused unchecked while held (no password hashed, no row written).
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.signInFreeFailureCount + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - limits.signInFreeFailureCount - 1);
    const account = await bucket('console-account', accountBucketOfEmail(email));
    expect(account?.failures).toBe(limits.signInFreeFailureCount + 1);

    // The account is held, so the password alone is refused, even from elsewhere: the page offers the owner's path.
    const alone = await consoleAttempt(anAddress(), email, strongPassword);
    expect(alone.answer.statusCode).toBe(429);
    expect(alone.answer.body).toContain('code of your authenticator app together');
    expect(alone.answer.body).toMatch(/<input name="code"[^>]*autocomplete="one-time-code"/);

    // The owner's path from another address: at once.
    const fromB = await consoleAttempt(anAddress(), email, strongPassword, codeAt(secret, clock));
    expect(fromB.answer.statusCode, fromB.answer.body).toBe(303);
    expect(fromB.answer.headers.location).toBe('/console');
    expect(fromB.jar.cookies.has('console_session')).toBe(true);

    // And from the attacking address itself, at once too: its holds are on the password step, not on this path.
    clock.advance(30_000);
    const fromA = await consoleAttempt(attacker, email, strongPassword, codeAt(secret, clock));
    expect(fromA.answer.statusCode, fromA.answer.body).toBe(303);
    expect(fromA.jar.cookies.has('console_session')).toBe(true);
  });

  it('wrong codes sent from A hold the owner at A for signInOwnerWaitMaxMs at most; B not at all', async () => {
    const { email, secret } = await anOperator('admin');
    const attacker = anAddress();
    for (let i = 0; i < 20; i += 1) {
      // Each guess checked as soon as the last hold lets go, and then some refused unchecked while held.
      expect((await consoleAttempt(attacker, email, `wrong ${i}`, String(100_000 + i))).answer.statusCode).toBe(401);
      expect((await consoleAttempt(attacker, email, `wrong ${i}`, String(200_000 + i))).answer.statusCode).toBe(429);
      if (i < 19) clock.advance((await bucket('console-code', sourceOf(attacker)))?.heldForMs ?? 0);
    }
    const held = await bucket('console-code', sourceOf(attacker));
    expect(held?.heldForMs).toBe(limits.signInOwnerWaitMaxMs);

    const fromB = await consoleAttempt(anAddress(), email, strongPassword, codeAt(secret, clock));
    expect(fromB.answer.statusCode, fromB.answer.body).toBe(303);

    clock.advance(30_000 + limits.signInOwnerWaitMaxMs);
    const fromA = await consoleAttempt(attacker, email, strongPassword, codeAt(secret, clock));
    expect(fromA.answer.statusCode, fromA.answer.body).toBe(303);
  });

  it('a wrong password with a valid code is refused, and uses the code up', async () => {
    const { email, secret } = await anOperator('admin');
    const from = anAddress();
    const code = codeAt(secret, clock);
    expect((await consoleAttempt(from, email, 'not the password', code)).answer.statusCode).toBe(401);
    expect((await consoleAttempt(anAddress(), email, strongPassword, code)).answer.statusCode).toBe(401);
  });

  it('an account without a second factor is held at most signInAccountHoldMaxMs, then its owner signs in', async () => {
    const { email } = await anOperator('viewer', false);
    // A patient attacker on many addresses, each guess checked as soon as the last hold lets go: the holds double
    // up to the account's cap and no further.
    const holds: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      expect((await consoleAttempt(anAddress(), email, `wrong ${i}`)).answer.statusCode).toBe(401);
      const heldForMs = (await bucket('console-account', accountBucketOfEmail(email)))?.heldForMs ?? 0;
      holds.push(heldForMs);
      clock.advance(heldForMs);
    }
    expect(holds.slice(0, limits.signInFreeFailureCount).every((ms) => ms === 0)).toBe(true);
    expect(holds.slice(limits.signInFreeFailureCount, limits.signInFreeFailureCount + 3)).toEqual([
      1_000, 2_000, 4_000,
    ]);
    expect(Math.max(...holds)).toBe(limits.signInAccountHoldMaxMs);
    expect((await consoleAttempt(anAddress(), email, `wrong again`)).answer.statusCode).toBe(401);
    expect((await consoleAttempt(anAddress(), email, strongPassword)).answer.statusCode).toBe(429);
    clock.advance(limits.signInAccountHoldMaxMs);
    const owner = await consoleAttempt(anAddress(), email, strongPassword);
    expect(owner.answer.statusCode, owner.answer.body).toBe(303);
    expect(owner.jar.cookies.has('console_session')).toBe(true);
  });

  it('an address is held whatever emails it names, up to signInAddressHoldMaxMs; held attempts write nothing', async () => {
    const attacker = anAddress();
    for (let i = 0; i < 30; i += 1) {
      expect((await consoleAttempt(attacker, unique(), 'guess')).answer.statusCode).toBe(401);
      clock.advance((await bucket('console-address', attacker))?.heldForMs ?? 0);
    }
    expect((await consoleAttempt(attacker, unique(), 'guess')).answer.statusCode).toBe(401);
    const before = await bucket('console-address', attacker);
    expect(before?.heldForMs).toBe(limits.signInAddressHoldMaxMs);
    const db = await testDb();
    const count = async () =>
      Number((await db.query<{ n: bigint }>('select count(*) as n from sign_in_throttles'))[0]?.n);
    const rows = await count();
    for (let i = 0; i < 20; i += 1) {
      expect((await consoleAttempt(attacker, unique(), 'guess')).answer.statusCode).toBe(429);
    }
    expect(await count()).toBe(rows);
    expect((await bucket('console-address', attacker))?.failures).toBe(before?.failures);
  });
});

describe('the token endpoint: an attacker slowed, the partner not blocked', () => {
  const grant = (c: Credentials, address: string, password = c.password) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: c.clientId,
        username: c.username,
        password,
      }).toString(),
    });

  it('40 wrong grants from A: the partner from P gets its token at once; A is answered 503 unchecked', async () => {
    const c = await aWorkspace(t.app);
    const attacker = anAddress();
    const answers = [];
    for (let i = 0; i < 40; i += 1) answers.push(await grant(c, attacker, `wrong ${i}`));
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(limits.signInFreeFailureCount + 1);
    expect(refused).toHaveLength(40 - limits.signInFreeFailureCount - 1);
    // Held: the spec's limit status (never 429), in the token endpoint's own shape, with when to come back.
    expect(refused[0]?.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.any(String) });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);

    const partner = await grant(c, anAddress());
    expect(partner.statusCode, partner.body).toBe(200);
    expect(partner.json().access_token).toEqual(expect.any(String));

    // The attacking address is held even with the right password (nothing is checked while held) ...
    expect((await grant(c, attacker)).statusCode).toBe(503);
    const held = await bucket('token-address', attacker);
    expect(held?.heldForMs).toBeLessThanOrEqual(limits.signInAddressHoldMaxMs);
    // ... until its hold has passed.
    clock.advance((held?.heldForMs ?? 0) + 1);
    expect((await grant(c, attacker)).statusCode).toBe(200);
  });

  it('many addresses, a few wrong grants each: only the sources that failed wait for the client (its cap at most)', async () => {
    const c = await aWorkspace(t.app);
    const failing = Array.from({ length: 12 }, anAddress);
    // Each past its free failures: a slip or two (the old password after a rotation) holds no source.
    for (const address of failing) {
      for (let i = 0; i <= limits.signInFreeFailureCount; i += 1) {
        expect((await grant(c, address, 'guess')).statusCode).toBe(400);
      }
    }
    const client = await bucket('token-client', c.workspaceId);
    expect(client?.heldForMs).toBeGreaterThan(0);
    expect(client?.heldForMs).toBeLessThanOrEqual(limits.signInAccountHoldMaxMs);

    // A source that has not been failing: not held.
    expect((await grant(c, anAddress())).statusCode).toBe(200);
    // One that has: held by the client, right password or not, for the client's hold at most.
    const [one = ''] = failing;
    const held = await grant(c, one);
    expect(held.statusCode).toBe(503);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(limits.signInAccountHoldMaxMs / 1000);
    clock.advance(limits.signInAccountHoldMaxMs);
    expect((await grant(c, one)).statusCode).toBe(200);
    // Its success forgives its failures for this client.
    expect(await bucket('token-source', `${c.workspaceId} ${one}`)).toBeUndefined();
  });
});

describe('the token endpoint refuses a URL it cannot take in its own shape', () => {
  it.each(['/oauth/token?%00=1', '/oauth/token?a=%00', '/oauth/token?a=b%00c'])(
    '%s is 400 invalid_request',
    async (url) => {
      const c = await aWorkspace(t.app);
      const answer = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: anAddress(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          client_id: c.clientId,
          username: c.username,
          password: c.password,
        }).toString(),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('NUL') });
      expect(answer.headers['cache-control']).toBe('no-store');
    },
  );
});

function accountBucketOfEmail(email: string): string {
  return accountBucketOf(email.trim().toLowerCase());
}
