import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { limits } from '../../limits.js';
import type { BrowserSessionRow, NewBrowserSession, SessionStage } from './session-store.js';
import { type SessionAccount, type SessionKeeping, sessionAlive, sessionExpiry, siteSessions } from './sessions.js';
import { tokenHash } from './tokens.js';

// The sessions of the signed-in sites, the console's and the dashboard's alike: how long each stage lasts, when a
// row is still good, and which session a cookie names. Over HTTP and a real database: test/api/console-sessions.test.ts
// (the console), test/api/dashboard-people.test.ts (the dashboard).

const config = { operatorSessionMaxHours: 12, operatorSessionIdleMinutes: 30 } as Config;
const hourMs = 3_600_000;
const minuteMs = 60_000;
const nowMs = Date.parse('2025-06-02T09:00:00Z');

describe('sessionExpiry: when a session opened now ends at the latest', () => {
  it.each<[SessionStage, number]>([
    ['signed-in', nowMs + 12 * hourMs],
    ['second-factor', nowMs + limits.operatorSecondFactorWindowMs],
  ])('a %s session', (stage, expiresAtMs) => {
    expect(sessionExpiry(config, stage, nowMs)).toBe(expiresAtMs);
  });
});

const row = (over: Partial<BrowserSessionRow> = {}): BrowserSessionRow => ({
  id: 'h',
  stage: 'signed-in',
  csrf_token: 'c',
  created_at_ms: BigInt(nowMs - hourMs),
  last_seen_at_ms: BigInt(nowMs - minuteMs),
  expires_at_ms: BigInt(nowMs + hourMs),
  revoked_at_ms: null,
  address: '10.0.0.1',
  user_agent: null,
  ...over,
});

describe('sessionAlive: whether a row is still good now, at the stage asked for', () => {
  it.each<[string, Partial<BrowserSessionRow>, SessionStage, boolean]>([
    ['signed in, seen a minute ago', {}, 'signed-in', true],
    ['asked for at the other stage', {}, 'second-factor', false],
    ['revoked', { revoked_at_ms: BigInt(nowMs - 1) }, 'signed-in', false],
    ['at its absolute expiry', { expires_at_ms: BigInt(nowMs) }, 'signed-in', false],
    ['a moment before its absolute expiry', { expires_at_ms: BigInt(nowMs + 1) }, 'signed-in', true],
    ['idle to the minute', { last_seen_at_ms: BigInt(nowMs - 30 * minuteMs) }, 'signed-in', false],
    ['idle a moment less', { last_seen_at_ms: BigInt(nowMs - 30 * minuteMs + 1) }, 'signed-in', true],
    [
      'waiting for the code, never seen since (no idle timeout)',
      { stage: 'second-factor', last_seen_at_ms: BigInt(nowMs - hourMs) },
      'second-factor',
      true,
    ],
    [
      'waiting for the code, past its window',
      { stage: 'second-factor', expires_at_ms: BigInt(nowMs) },
      'second-factor',
      false,
    ],
    ['waiting for the code, asked for signed in', { stage: 'second-factor' }, 'signed-in', false],
  ])('%s', (_, over, stage, alive) => {
    expect(sessionAlive(config, row(over), stage, nowMs)).toBe(alive);
  });
});

describe('siteSessions: the session a cookie names', () => {
  type Session = BrowserSessionRow & { readonly owner: string };
  type Account = SessionAccount & { readonly id: string };
  const token = 'A'.repeat(43);

  function site(session: Partial<Session> | undefined, account: Account | undefined) {
    const touched: string[] = [];
    const inserted: NewBrowserSession[] = [];
    const stored = session && { ...row(), owner: 'acc', ...session, id: tokenHash(token) };
    const sessions = siteSessions<Session, Account>({
      store: {
        insert: async (_db, s) => void inserted.push(s),
        find: async (_db, id) => (id === stored?.id ? stored : undefined),
        touch: async (_db, id) => void touched.push(id),
      },
      accountIdOf: (s) => s.owner,
      findAccount: async (_db, id) => (id === account?.id ? account : undefined),
    });
    const ctx = { db: {}, clock: { nowMs: () => nowMs }, config } as unknown as SessionKeeping;
    return { sessions, ctx, touched, inserted };
  }
  const enrolled: Account = { id: 'acc', enrolled: true, disabled: false };

  it.each<[string, string | undefined, Partial<Session> | undefined, Account | undefined, SessionStage, boolean]>([
    ['a live session of an enrolled, enabled account', token, {}, enrolled, 'signed-in', true],
    ['no cookie', undefined, {}, enrolled, 'signed-in', false],
    ['a cookie not shaped as a token', 'not-a-token', {}, enrolled, 'signed-in', false],
    ['a token of no session', token, undefined, enrolled, 'signed-in', false],
    ['an ended session', token, { revoked_at_ms: 1n }, enrolled, 'signed-in', false],
    ['a session whose account is gone', token, {}, undefined, 'signed-in', false],
    ['a disabled account', token, {}, { ...enrolled, disabled: true }, 'signed-in', false],
    ['an account enrolling again', token, {}, { ...enrolled, enrolled: false }, 'signed-in', false],
    ['a session waiting for the code', token, { stage: 'second-factor' }, enrolled, 'second-factor', true],
  ])('%s', async (_, cookie, session, account, stage, live) => {
    const s = site(session, account);
    const found = await s.sessions.live(s.ctx, cookie, stage);
    expect(found !== undefined).toBe(live);
    if (found) expect(found.account).toBe(account);
    // Only a signed-in session is marked seen: the wait for the code has no idle timeout.
    expect(s.touched).toEqual(live && stage === 'signed-in' ? [tokenHash(token)] : []);
  });

  it('opens a session under the hash of a new token, with its own form token, the browser kept to 500 characters', async () => {
    const s = site(undefined, enrolled);
    const who = { address: '10.0.0.9', userAgent: 'x'.repeat(600), requestId: 'r' };
    const cookie = await s.sessions.start(s.ctx, s.ctx.db, 'acc', 'second-factor', who);
    expect(cookie.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.expiresAtMs).toBe(nowMs + limits.operatorSecondFactorWindowMs);
    expect(s.inserted).toEqual([
      {
        id: tokenHash(cookie.token),
        accountId: 'acc',
        stage: 'second-factor',
        csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        nowMs,
        expiresAtMs: cookie.expiresAtMs,
        address: '10.0.0.9',
        userAgent: 'x'.repeat(500),
      },
    ]);
    expect(s.inserted[0]?.csrfToken).not.toBe(cookie.token);
  });
});
