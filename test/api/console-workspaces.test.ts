import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aToken, aWorkspace, tokenRequest } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { type CookieJar, getPage, postForm, signedInOperator } from '../support/operators.js';

// Goal: the console's workspaces pages (issue 14, item 3) do what the operator API does, through the same use cases:
// a workspace created, changed and its credentials rotated in the console is what GET /admin/v1/workspaces/{id} and
// the token endpoint see afterwards; a new password is shown once, in the POST's answer, never cached; partner text
// is escaped; a viewer is refused every POST (403, nothing changed) and a form without its token is refused.
// Method: app.inject with signed-in operators' cookies, over the test database.

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

const readWorkspace = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/admin/v1/workspaces/${id}`, headers: adminHeaders })).json();

/** The settings form as the page fills it for the workspace `w` (the API's object), with `changes` made. */
interface WorkspaceSettings {
  enabled: boolean;
  simulation: boolean;
  enabledPairs: string[] | null;
  feeSchedule: { defaultBps: number; pairs: Record<string, number> };
  writeLimitPerMinute: number | null;
  readThrottleLifted: boolean;
  verificationProfile: string;
}

function settingsFields(w: WorkspaceSettings, changes: Record<string, string> = {}) {
  return {
    enabled: w.enabled ? 'yes' : 'no',
    simulation: w.simulation ? 'yes' : 'no',
    enabledPairs: (w.enabledPairs ?? []).join(', '),
    defaultBps: String(w.feeSchedule.defaultBps),
    feePairs: Object.entries(w.feeSchedule.pairs)
      .map(([pair, bps]) => `${pair} ${bps}`)
      .join(', '),
    writeLimitPerMinute: w.writeLimitPerMinute === null ? '' : String(w.writeLimitPerMinute),
    readThrottleLifted: w.readThrottleLifted ? 'yes' : 'no',
    verificationProfile: w.verificationProfile,
    ...changes,
  };
}

const passwordOf = (html: string) => /<span class="secret" id="new-password">([^<]+)<\/span>/.exec(html)?.[1];

describe('workspaces in the console', () => {
  it('lists workspaces with partner-chosen names escaped', async () => {
    const hostile = '<script>alert("ws")</script> & Co';
    const { workspaceId } = await aWorkspace(t.app, { name: hostile });
    const list = await getPage(t.app, admin, '/console/workspaces?page=0');
    expect(list.statusCode).toBe(200);
    const page = await getPage(t.app, admin, `/console/workspaces/${workspaceId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;ws&quot;)&lt;/script&gt; &amp; Co');
    expect(list.body).not.toContain('<script>');
    // Its webhook endpoints and their failed attempts are one link away.
    expect(page.body).toContain(`href="/console/webhooks?workspace=${workspaceId}"`);
  });

  it('creates a workspace whose password is shown once, not cached, and works at the token endpoint', async () => {
    const created = await postForm(
      t.app,
      admin,
      '/console/workspaces',
      { name: 'Console Partner Ltd' },
      '/console/workspaces',
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const password = passwordOf(created.body);
    expect(password).toMatch(/^\S{20,}$/);
    const workspaceId = /\/console\/workspaces\/([0-9a-f-]{36})"/.exec(created.body)?.[1] as string;
    const listed = await readWorkspace(workspaceId);
    expect(listed).toMatchObject({ name: 'Console Partner Ltd', simulation: true, enabled: true });
    await aToken(t.app, {
      workspaceId,
      clientId: listed.clientId,
      username: listed.username,
      password: password as string,
    });
    // Never again: not on the workspace's page, not on the list.
    for (const url of [`/console/workspaces/${workspaceId}`, '/console/workspaces']) {
      const again = await getPage(t.app, admin, url);
      expect(again.body).not.toContain(password);
    }
  });

  it('saves the settings form through the same use case as PATCH, and shows what the API reads', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const before = await readWorkspace(workspaceId);
    const fields = settingsFields(before, {
      enabledPairs: 'eur/brl, USD/MXN',
      defaultBps: '35',
      feePairs: 'EUR/BRL 20',
      writeLimitPerMinute: '120',
      readThrottleLifted: 'yes',
      verificationProfile: 'enhanced',
    });
    const page = `/console/workspaces/${workspaceId}`;
    const saved = await postForm(t.app, admin, `${page}/settings`, fields, page);
    expect(saved.statusCode, saved.body).toBe(303);
    expect(saved.headers.location).toBe(`${page}?done=saved`);
    expect(await readWorkspace(workspaceId)).toMatchObject({
      enabledPairs: ['EUR/BRL', 'USD/MXN'],
      feeSchedule: { defaultBps: 35, pairs: { 'EUR/BRL': 20 } },
      writeLimitPerMinute: 120,
      readThrottleLifted: true,
      verificationProfile: 'enhanced',
      enabled: true,
    });
    const shown = await getPage(t.app, admin, `${page}?done=saved`);
    expect(shown.body).toContain('The settings were saved.');
    expect(shown.body).toContain('EUR/BRL, USD/MXN');

    // Disabling: the workspace can no longer obtain a token.
    const now = await readWorkspace(workspaceId);
    const off = await postForm(t.app, admin, `${page}/settings`, settingsFields(now, { enabled: 'no' }), page);
    expect(off.statusCode).toBe(303);
    expect((await readWorkspace(workspaceId)).enabled).toBe(false);
  });

  it('answers a settings form it cannot read with the reason, and changes nothing', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const before = await readWorkspace(workspaceId);
    const page = `/console/workspaces/${workspaceId}`;
    for (const [changes, reason] of [
      [{ enabledPairs: 'EUR-BRL' }, 'is not a pair'],
      [{ enabledPairs: 'EUR/XXX' }, 'not supported by the catalogue'],
      [{ defaultBps: '-3' }, 'The default fee'],
      [{ writeLimitPerMinute: '0' }, 'The write limit'],
      [{ feePairs: 'EUR/BRL lots' }, 'fee override'],
    ] as const) {
      const refused = await postForm(t.app, admin, `${page}/settings`, settingsFields(before, changes), page);
      expect(refused.statusCode, JSON.stringify(changes)).toBe(400);
      expect(refused.body).toContain(reason);
    }
    expect(await readWorkspace(workspaceId)).toEqual(before);
  });

  it('rotates the credentials with no overlap: the new password shown once works, the old one stops', async () => {
    const credentials = await aWorkspace(t.app);
    const page = `/console/workspaces/${credentials.workspaceId}`;
    const rotated = await postForm(t.app, admin, `${page}/rotate-credentials`, { overlapSeconds: '0' }, page);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const password = passwordOf(rotated.body) as string;
    expect(password).not.toBe(credentials.password);
    const old = await tokenRequest(t.app, {
      grant_type: 'password',
      client_id: credentials.clientId,
      username: credentials.username,
      password: credentials.password,
    });
    // OAuth 2.0 (RFC 6749 §5.2): wrong resource-owner credentials are invalid_grant, a 400.
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe('invalid_grant');
    await aToken(t.app, { ...credentials, password });
    expect((await readWorkspace(credentials.workspaceId)).credentialVersion).toBe(2);
    expect((await getPage(t.app, admin, page)).body).not.toContain(password);
    expect((await getPage(t.app, admin, page)).body).not.toContain('Revoke the previous password');
  });

  it('offers the overlap on the rotate form, 24 hours chosen, and shows until when the previous password works', async () => {
    const credentials = await aWorkspace(t.app);
    const page = `/console/workspaces/${credentials.workspaceId}`;
    const form = (await getPage(t.app, admin, page)).body;
    expect(form).toContain('<select name="overlapSeconds">');
    expect(form).toContain('<option value="86400" selected>24 hours</option>');
    expect(form).toContain('<option value="0">None: the current password and its tokens stop now</option>');
    expect(form).toContain('None: only the current password works');
    expect(form).not.toContain('Revoke the previous password');

    const rotated = await postForm(t.app, admin, `${page}/rotate-credentials`, { overlapSeconds: '3600' }, page);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const password = passwordOf(rotated.body) as string;
    const { previousPasswordExpiresAt: until } = await readWorkspace(credentials.workspaceId);
    expect(Math.abs(until - (Math.floor(clock.nowMs() / 1000) + 3_600))).toBeLessThanOrEqual(2);
    const moment = `${new Date(until * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
    expect(rotated.body).toContain(`keep working until ${moment}`);
    // Both work during the overlap.
    await aToken(t.app, credentials);
    await aToken(t.app, { ...credentials, password });

    const shown = (await getPage(t.app, admin, page)).body;
    expect(shown).toContain(`Works until ${moment}`);
    expect(shown).toContain('Revoke the previous password');
    expect(shown).toContain('rotating again stops the previous password now');
    expect(shown).toContain(`action="${page}/revoke-previous-credentials"`);

    const revoked = await postForm(t.app, admin, `${page}/revoke-previous-credentials`, {}, page);
    expect(revoked.statusCode, revoked.body).toBe(303);
    expect(revoked.headers.location).toBe(`${page}?done=revoked`);
    const after = (await getPage(t.app, admin, `${page}?done=revoked`)).body;
    expect(after).toContain('Only the current password works');
    expect(after).not.toContain('Revoke the previous password');
    expect((await readWorkspace(credentials.workspaceId)).previousPasswordExpiresAt).toBeNull();
    const old = await tokenRequest(t.app, {
      grant_type: 'password',
      client_id: credentials.clientId,
      username: credentials.username,
      password: credentials.password,
    });
    expect(old.statusCode).toBe(400);
    await aToken(t.app, { ...credentials, password });
  });

  it('refuses an overlap it cannot read with 400 on the page, and rotates nothing', async () => {
    const credentials = await aWorkspace(t.app);
    const page = `/console/workspaces/${credentials.workspaceId}`;
    for (const overlapSeconds of ['-1', 'a day', '604801', '1.5']) {
      const refused = await postForm(t.app, admin, `${page}/rotate-credentials`, { overlapSeconds }, page);
      expect(refused.statusCode, overlapSeconds).toBe(400);
      expect(refused.body).toContain('The overlap is a whole number of seconds from 0 to 604800.');
      expect(refused.body).not.toMatch(/id="new-password"/);
    }
    expect((await readWorkspace(credentials.workspaceId)).credentialVersion).toBe(1);
    await aToken(t.app, credentials);
  });
});

describe('refusals', () => {
  it('shows a viewer the workspaces but no forms, and refuses each POST with 403, changing nothing', async () => {
    const credentials = await aWorkspace(t.app);
    const before = await readWorkspace(credentials.workspaceId);
    const page = `/console/workspaces/${credentials.workspaceId}`;
    const list = await getPage(t.app, viewer, '/console/workspaces');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Create a workspace');
    const shown = await getPage(t.app, viewer, page);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain('Save settings');
    expect(shown.body).not.toContain('Rotate credentials');

    const name = `viewer made ${Math.random()}`;
    const create = await postForm(t.app, viewer, '/console/workspaces', { name }, '/console/workspaces');
    expect(create.statusCode).toBe(403);
    const settings = await postForm(t.app, viewer, `${page}/settings`, settingsFields(before, { enabled: 'no' }), page);
    expect(settings.statusCode).toBe(403);
    const rotate = await postForm(t.app, viewer, `${page}/rotate-credentials`, {}, page);
    expect(rotate.statusCode).toBe(403);
    expect(rotate.body).not.toMatch(/id="new-password"/);
    const revoke = await postForm(t.app, viewer, `${page}/revoke-previous-credentials`, {}, page);
    expect(revoke.statusCode).toBe(403);

    expect(await readWorkspace(credentials.workspaceId)).toEqual(before);
    await aToken(t.app, credentials);
    const all = (
      await t.app.inject({ method: 'GET', url: '/admin/v1/workspaces?limit=500', headers: adminHeaders })
    ).json();
    expect(all.map((w: { name: string }) => w.name)).not.toContain(name);
  });

  it('refuses a forged form (no token) with 403 and rotates nothing', async () => {
    const credentials = await aWorkspace(t.app);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/console/workspaces/${credentials.workspaceId}/rotate-credentials`,
      headers: { ...admin.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('This form cannot be accepted');
    expect((await readWorkspace(credentials.workspaceId)).credentialVersion).toBe(1);
    await aToken(t.app, credentials);
  });
});
