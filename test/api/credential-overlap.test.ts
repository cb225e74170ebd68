import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { adminHeaders, aToken, aWorkspace, type Credentials, tokenRequest } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';

// Goal (issue 30): a partner rotates its password without downtime. After a rotation the previous password, and the
// tokens minted with it, keep working until the overlap ends, then only the new one does; overlapSeconds 0 and the
// revocation cut the previous one off at once; one previous password at a time; bad overlaps are 400; every change
// is in the audit log. Method: HTTP through inject over the run's database, time moved with the app's test clock.

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t.app.close();
});

type Json = Record<string, unknown>;

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/admin/v1${url}`,
    headers: adminHeaders,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

const rotate = async (workspaceId: string, body?: Json) => {
  const response = await admin('POST', `/workspaces/${workspaceId}/rotate-credentials`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Credentials & { previousPasswordExpiresAt: number | null };
};

const revoke = (workspaceId: string) => admin('POST', `/workspaces/${workspaceId}/revoke-previous-credentials`);

const read = async (workspaceId: string) => (await admin('GET', `/workspaces/${workspaceId}`)).json() as Json;

/** The status of a grant with this password: 200 mints, 400 invalid_grant. */
const grantStatus = async (c: Credentials, password: string) =>
  (
    await tokenRequest(t.app, {
      grant_type: 'password',
      client_id: c.clientId,
      username: c.username,
      password,
    })
  ).statusCode;

/** The status of a partner read with this token: 200 works, 401 refused. */
const tokenStatus = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/v1/pairs', headers: { authorization: `Bearer ${token}` } })).statusCode;

const nowSeconds = () => Math.floor(clock.nowMs() / 1000);

const auditOf = async (workspaceId: string, action: string) => {
  const response = await admin('GET', `/audit-log?workspaceId=${workspaceId}&action=${action}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { before: Json | null; after: Json | null; target: Json }[];
};

describe('rotation with an overlap', () => {
  it('both passwords mint tokens during the window, and their tokens work; after it only the new one', async () => {
    const c = await aWorkspace(t.app);
    const oldToken = await aToken(t.app, c);
    const rotated = await rotate(c.workspaceId, { overlapSeconds: 120 });
    expect(rotated).toEqual({
      workspaceId: c.workspaceId,
      clientId: c.clientId,
      username: c.username,
      password: expect.any(String),
      previousPasswordExpiresAt: expect.any(Number),
    });
    expect(rotated.password).not.toBe(c.password);
    expect(Math.abs((rotated.previousPasswordExpiresAt ?? 0) - (nowSeconds() + 120))).toBeLessThanOrEqual(2);
    expect(await read(c.workspaceId)).toMatchObject({
      credentialVersion: 2,
      previousPasswordExpiresAt: rotated.previousPasswordExpiresAt,
    });

    // The token minted before the rotation, a token of the previous password and one of the new all work.
    expect(await tokenStatus(oldToken)).toBe(200);
    const previousToken = await aToken(t.app, c);
    const newToken = await aToken(t.app, { ...c, password: rotated.password });
    for (const token of [oldToken, previousToken, newToken]) expect(await tokenStatus(token)).toBe(200);

    clock.advance(121_000);
    try {
      // The previous password's tokens are within their own 300 seconds, and still refused: the overlap is over.
      expect(await grantStatus(c, c.password)).toBe(400);
      expect(await tokenStatus(oldToken)).toBe(401);
      expect(await tokenStatus(previousToken)).toBe(401);
      expect(await tokenStatus(newToken)).toBe(200);
      expect(await grantStatus(c, rotated.password)).toBe(200);
      expect(await read(c.workspaceId)).toMatchObject({ credentialVersion: 2, previousPasswordExpiresAt: null });
    } finally {
      clock.advance(-121_000);
    }
  });

  it('without a body, the previous password works for the default overlap, 24 hours', async () => {
    const c = await aWorkspace(t.app);
    const response = await admin('POST', `/workspaces/${c.workspaceId}/rotate-credentials`);
    expect(response.statusCode, response.body).toBe(200);
    const expected = nowSeconds() + limits.credentialOverlapDefaultSeconds;
    expect(Math.abs(response.json().previousPasswordExpiresAt - expected)).toBeLessThanOrEqual(2);
    expect(await grantStatus(c, c.password)).toBe(200);
    expect(await grantStatus(c, response.json().password)).toBe(200);
  });

  it('overlapSeconds 0 cuts the old password and its tokens off at once, as before', async () => {
    const c = await aWorkspace(t.app);
    const oldToken = await aToken(t.app, c);
    const rotated = await rotate(c.workspaceId, { overlapSeconds: 0 });
    expect(rotated.previousPasswordExpiresAt).toBeNull();
    expect(await tokenStatus(oldToken)).toBe(401);
    expect(await grantStatus(c, c.password)).toBe(400);
    expect(await grantStatus(c, rotated.password)).toBe(200);
    expect(await read(c.workspaceId)).toMatchObject({ credentialVersion: 2, previousPasswordExpiresAt: null });
  });

  it('the longest overlap is accepted', async () => {
    const c = await aWorkspace(t.app);
    const rotated = await rotate(c.workspaceId, { overlapSeconds: limits.credentialOverlapMaxSeconds });
    const expected = nowSeconds() + limits.credentialOverlapMaxSeconds;
    expect(Math.abs((rotated.previousPasswordExpiresAt ?? 0) - expected)).toBeLessThanOrEqual(2);
  });

  it('a second rotation during an overlap: the password it replaces becomes the previous one, the first stops', async () => {
    const c = await aWorkspace(t.app);
    const tokenA = await aToken(t.app, c);
    const b = await rotate(c.workspaceId, { overlapSeconds: 3_600 });
    const tokenB = await aToken(t.app, { ...c, password: b.password });
    const cc = await rotate(c.workspaceId, { overlapSeconds: 600 });
    expect(Math.abs((cc.previousPasswordExpiresAt ?? 0) - (nowSeconds() + 600))).toBeLessThanOrEqual(2);
    expect(await read(c.workspaceId)).toMatchObject({
      credentialVersion: 3,
      previousPasswordExpiresAt: cc.previousPasswordExpiresAt,
    });
    expect(await grantStatus(c, c.password)).toBe(400);
    expect(await tokenStatus(tokenA)).toBe(401);
    expect(await grantStatus(c, b.password)).toBe(200);
    expect(await tokenStatus(tokenB)).toBe(200);
    expect(await grantStatus(c, cc.password)).toBe(200);

    // A third with no overlap during the second's: only the newest password works.
    const d = await rotate(c.workspaceId, { overlapSeconds: 0 });
    expect(d.previousPasswordExpiresAt).toBeNull();
    expect(await grantStatus(c, b.password)).toBe(400);
    expect(await grantStatus(c, cc.password)).toBe(400);
    expect(await tokenStatus(tokenB)).toBe(401);
    expect(await grantStatus(c, d.password)).toBe(200);
  });

  it.each([
    ['a negative overlap', { overlapSeconds: -1 }],
    ['a fraction of a second', { overlapSeconds: 1.5 }],
    ['a number as text', { overlapSeconds: '3600' }],
    ['null', { overlapSeconds: null }],
    ['more than the maximum', { overlapSeconds: limits.credentialOverlapMaxSeconds + 1 }],
    ['an unknown field', { overlap: 3600 }],
  ])('%s is 400 ValidationError, and nothing rotates', async (_case, body) => {
    const c = await aWorkspace(t.app);
    const response = await admin('POST', `/workspaces/${c.workspaceId}/rotate-credentials`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'ValidationError' });
    expect(await read(c.workspaceId)).toMatchObject({ credentialVersion: 1, previousPasswordExpiresAt: null });
    expect(await grantStatus(c, c.password)).toBe(200);
  });

  it('an unknown workspace is 404 ExistenceError, for the rotation and the revocation', async () => {
    for (const response of [
      await admin('POST', '/workspaces/nope/rotate-credentials', { overlapSeconds: 60 }),
      await revoke('nope'),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ ok: false, error: 'ExistenceError' });
    }
  });
});

describe('revoking the previous password', () => {
  it('ends the overlap at once: the previous password and its tokens are refused, the new one works', async () => {
    const c = await aWorkspace(t.app);
    const rotated = await rotate(c.workspaceId, { overlapSeconds: 3_600 });
    const previousToken = await aToken(t.app, c);
    const newToken = await aToken(t.app, { ...c, password: rotated.password });
    const revoked = await revoke(c.workspaceId);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      workspaceId: c.workspaceId,
      credentialVersion: 2,
      previousPasswordExpiresAt: null,
    });
    expect(revoked.json()).not.toHaveProperty('password');
    expect(await grantStatus(c, c.password)).toBe(400);
    expect(await tokenStatus(previousToken)).toBe(401);
    expect(await tokenStatus(newToken)).toBe(200);
    expect(await grantStatus(c, rotated.password)).toBe(200);
  });

  it('is idempotent: with nothing to revoke it answers the workspace, changes nothing and records nothing', async () => {
    const c = await aWorkspace(t.app);
    const before = await read(c.workspaceId);
    const none = await revoke(c.workspaceId);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual(before);

    await rotate(c.workspaceId, { overlapSeconds: 60 });
    expect((await revoke(c.workspaceId)).statusCode).toBe(200);
    const again = await revoke(c.workspaceId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ credentialVersion: 2, previousPasswordExpiresAt: null });
    expect(await auditOf(c.workspaceId, 'admin.workspaces.revokePreviousCredentials')).toHaveLength(1);
    expect(await grantStatus(c, c.password)).toBe(400);
  });
});

describe('the audit log', () => {
  it('records each rotation and the revocation: which version works, and until when the previous one does', async () => {
    const c = await aWorkspace(t.app);
    const first = await rotate(c.workspaceId, { overlapSeconds: 3_600 });
    const second = await rotate(c.workspaceId, { overlapSeconds: 0 });
    const third = await rotate(c.workspaceId, { overlapSeconds: 600 });
    await revoke(c.workspaceId);

    const rotations = await auditOf(c.workspaceId, 'admin.workspaces.rotateCredentials');
    // Newest first.
    expect(rotations.map((e) => [e.before, e.after])).toEqual([
      [
        { credentialVersion: 3, previousVersionExpiresAt: null },
        { credentialVersion: 4, previousVersionExpiresAt: third.previousPasswordExpiresAt },
      ],
      [
        { credentialVersion: 2, previousVersionExpiresAt: first.previousPasswordExpiresAt },
        { credentialVersion: 3, previousVersionExpiresAt: null },
      ],
      [
        { credentialVersion: 1, previousVersionExpiresAt: null },
        { credentialVersion: 2, previousVersionExpiresAt: first.previousPasswordExpiresAt },
      ],
    ]);
    expect(second.previousPasswordExpiresAt).toBeNull();
    const [revocation] = await auditOf(c.workspaceId, 'admin.workspaces.revokePreviousCredentials');
    expect(revocation).toMatchObject({
      target: { type: 'workspace', id: c.workspaceId },
      before: { credentialVersion: 4, previousVersionExpiresAt: third.previousPasswordExpiresAt },
      after: { credentialVersion: 4, previousVersionExpiresAt: null },
    });
    // No password, old or new, in any of them.
    const text = JSON.stringify([rotations, revocation]);
    for (const password of [c.password, first.password, second.password, third.password]) {
      expect(text).not.toContain(password);
    }
  });
});
