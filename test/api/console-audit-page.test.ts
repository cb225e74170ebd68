import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aWorkspace } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { type CookieJar, getPage, postForm, signedInOperator } from '../support/operators.js';

// Goal (issue 14, item 2): the audit log is read in the console, filtered by person, workspace, action, via and time,
// newest first and paged by keyset; each entry says who (the person and their role, or the shared ADMIN_TOKEN with
// its via), from where, what (action and target, linked to the record's page) and the fields that changed, old →
// new; partner text stays text; only compliance and admin may read it; a filter that cannot be read is a 400 with the
// reason and no rows. Method: changes made through the console (an admin's form) and the operator API (the CLI's
// user agent, a plain client), then GET /console/audit with signed-in operators' cookies, compared with
// GET /admin/v1/audit-log, over the test database. The run shares one database, so the log holds every test file's
// entries: each assertion reads through a filter of this file's own (its workspaces, its operators), and no entry of
// this file is dated after the present (the early one is three days back), so other files' "newest" is untouched.

let t: TestApp;
const clock = new TestClock();
let admin: CookieJar;
let compliance: CookieJar;
let viewer: CookieJar;
let support: CookieJar;
let adminEmail: string;
let adminId: string;
/** The workspace made in the console (hostile name) and changed from the CLI; one made earlier through the API. */
let consoleWorkspace: string;
let earlyWorkspace: string;
let earlyMs: number;
let lateMs: number;

const hostile = '<script>alert(1)</script>';
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** GET /admin/v1/audit-log with `query` ("&via=api"), at most `limit` entries. */
async function auditLog(query = '', limit = 50) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/admin/v1/audit-log?limit=${limit}${query}`,
    headers: adminHeaders,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { entryId: string; action: string; actor: { operatorId: string | null; email: string } }[];
}

/** The entries of a page, one HTML row each, and the entry ids they show, in order. */
function rowsOf(html: string) {
  const rows = html.split('<tr><td data-label="When">').slice(1);
  return { rows, ids: rows.map((row) => /Entry (\d+)/.exec(row)?.[1] ?? '') };
}

async function page(query: string, jar = compliance) {
  const answer = await getPage(t.app, jar, `/console/audit${query}`);
  return { status: answer.statusCode, body: answer.body, ...rowsOf(answer.body) };
}

const linkOf = (html: string, text: string) =>
  new RegExp(`<a href="([^"]+)">${text}</a>`).exec(html)?.[1]?.replaceAll('&amp;', '&');

beforeAll(async () => {
  t = await buildTestApp({ clock });
  // The early change: a workspace created through the API by a plain client, three days before the others.
  clock.advance(-3 * 86_400_000);
  earlyMs = clock.nowMs();
  earlyWorkspace = (await aWorkspace(t.app, { name: 'Early partner' })).workspaceId;
  clock.advance(3 * 86_400_000);
  lateMs = clock.nowMs();
  admin = await signedInOperator(t.app, clock, 'admin');

  const created = await postForm(t.app, admin, '/console/workspaces', { name: hostile }, '/console/workspaces');
  expect(created.statusCode, created.body).toBe(201);
  consoleWorkspace = (/<span class="secret">([^<]+)<\/span>/.exec(created.body)?.[1] ?? '').trim();
  expect(consoleWorkspace).not.toBe('');
  const [creation] = await auditLog(`&workspaceId=${consoleWorkspace}`);
  adminEmail = creation?.actor.email ?? '';
  adminId = creation?.actor.operatorId ?? '';
  expect(adminEmail).toMatch(/^admin-/);

  const patched = await t.app.inject({
    method: 'PATCH',
    url: `/admin/v1/workspaces/${consoleWorkspace}`,
    headers: { ...adminHeaders, 'user-agent': 'brokerage-cli/1.4.0' },
    payload: { writeLimitPerMinute: 42, feeSchedule: { defaultBps: 35, pairs: { 'EUR/BRL': 20 } } },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  // Signed in after the changes: each sign-in moves this file's clock 30 s on, and the console's change stays no
  // later than another file's (console-audit.test.ts reads the newest console creation of the whole log).
  compliance = await signedInOperator(t.app, clock, 'compliance');
  viewer = await signedInOperator(t.app, clock, 'viewer');
  support = await signedInOperator(t.app, clock, 'support');
});
afterAll(async () => {
  await t.app.close();
});

describe('the audit page', () => {
  it('lists every change newest first, as GET /admin/v1/audit-log does, with who, via, what and the change', async () => {
    const everything = await page('');
    expect(everything.status, everything.body).toBe(200);
    expect(everything.ids).toEqual((await auditLog()).map((e) => e.entryId));

    const shown = await page(`?workspaceId=${consoleWorkspace}`);
    expect(shown.rows).toHaveLength(2);
    const [update, creation] = shown.rows;
    // The CLI's change: the shared token, via cli, the fields that changed with their old and new values.
    expect(update).toContain('<strong>ADMIN_TOKEN</strong>');
    expect(update).toContain('via cli');
    expect(update).toContain('brokerage-cli/1.4.0');
    expect(update).toContain('<code>admin.workspaces.update</code>');
    expect(update).toContain(`<a href="/console/workspaces/${consoleWorkspace}">${consoleWorkspace}</a>`);
    expect(update).toContain('<code>writeLimitPerMinute</code>: null → 42</li>');
    expect(update).toContain(
      '<code>feeSchedule</code>: {&quot;pairs&quot;:{},&quot;defaultBps&quot;:50} → {&quot;pairs&quot;:{&quot;EUR/BRL&quot;:20},&quot;defaultBps&quot;:35}',
    );
    expect(update).not.toContain('<code>name</code>');

    // The console's change: the person with their role, via console, created with its values.
    expect(creation).toContain(`${adminEmail} <span class="role">admin</span>`);
    expect(creation).toContain('via console');
    expect(creation).toContain('<code>admin.workspaces.create</code>');
    expect(creation).toContain('<p>Created</p>');
    // The hostile name is text everywhere: in the change list and in the full JSON.
    expect(creation).toContain('<code>name</code>: &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    for (const html of [shown.body, everything.body]) {
      expect(html).not.toContain(hostile);
      expect(html).not.toContain('<script');
    }
  });

  it('narrows by person (email in any case, or operator id)', async () => {
    for (const person of [adminEmail.toUpperCase(), adminId]) {
      const shown = await page(`?person=${encodeURIComponent(person)}`);
      expect(shown.status, shown.body).toBe(200);
      expect(shown.rows.length).toBeGreaterThan(0);
      for (const row of shown.rows) expect(row).toContain(adminEmail);
      expect(shown.ids).toEqual((await auditLog(`&operatorId=${adminId}`)).map((e) => e.entryId));
    }
    expect((await page('?person=nobody%40brokerage.example')).body).toContain('No entry matches.');
  });

  it('narrows by workspace, by action (chosen or typed) and by via', async () => {
    const byWorkspace = await page(`?workspaceId=${consoleWorkspace}`);
    expect(byWorkspace.rows).toHaveLength(2);
    for (const row of byWorkspace.rows)
      expect(row).toContain(`workspace <a href="/console/workspaces/${consoleWorkspace}">`);
    expect(byWorkspace.body).not.toContain(earlyWorkspace);

    const mine = `&workspaceId=${consoleWorkspace}`;
    const chosen = await page(`?action=admin.workspaces.update${mine}`);
    expect(chosen.rows).toHaveLength(1);
    expect(chosen.rows[0]).toContain('<code>admin.workspaces.update</code>');
    expect(chosen.body).toContain('<option value="admin.workspaces.update" selected>');
    const typed = await page(`?action=&otherAction=admin.workspaces.create${mine}`);
    expect(typed.rows).toHaveLength(1);
    expect(typed.rows[0]).toContain('<code>admin.workspaces.create</code>');
    const everyUpdate = await page('?action=admin.workspaces.update');
    expect(everyUpdate.ids).toEqual((await auditLog('&action=admin.workspaces.update')).map((e) => e.entryId));
    for (const row of everyUpdate.rows) expect(row).toContain('<code>admin.workspaces.update</code>');
    const unknown = await page('?otherAction=console.somethingElse');
    expect(unknown.body).toContain('name="otherAction" value="console.somethingElse"');
    expect(unknown.body).toContain('No entry matches.');

    const cli = await page(`?via=cli${mine}`);
    expect(cli.rows).toHaveLength(1);
    expect(cli.rows[0]).toContain('admin.workspaces.update');
    const inConsole = await page(`?via=console${mine}`);
    expect(inConsole.rows).toHaveLength(1);
    expect(inConsole.rows[0]).toContain('admin.workspaces.create');
    expect((await page(`?via=api${mine}`)).body).toContain('No entry matches.');
    const api = await page(`?via=api&workspaceId=${earlyWorkspace}`);
    expect(api.rows).toHaveLength(1);
    expect(api.rows[0]).toContain('via api');
    // Across the whole log, each via answers what the API answers, and only that via.
    for (const via of ['console', 'api', 'cli']) {
      const shown = await page(`?via=${via}`);
      expect(shown.ids).toEqual((await auditLog(`&via=${via}`)).map((e) => e.entryId));
      for (const row of shown.rows) expect(row).toContain(`via ${via}`);
    }
  });

  it('narrows by time: UTC days (To inclusive) and date-times to the minute (To inclusive of its minute)', async () => {
    const early = `&workspaceId=${earlyWorkspace}`;
    expect((await page(`?to=${isoDay(earlyMs)}${early}`)).rows).toHaveLength(1);
    const minute = await page(
      `?from=${encodeURIComponent(isoMinute(earlyMs))}&to=${encodeURIComponent(`${isoMinute(earlyMs)}Z`)}${early}`,
    );
    expect(minute.rows).toHaveLength(1);
    expect((await page(`?from=${isoDay(earlyMs + 86_400_000)}${early}`)).body).toContain('No entry matches.');

    const late = `&workspaceId=${consoleWorkspace}`;
    expect((await page(`?from=${encodeURIComponent(isoMinute(lateMs))}${late}`)).rows).toHaveLength(2);
    expect((await page(`?to=${isoDay(earlyMs)}${late}`)).body).toContain('No entry matches.');
    const between = await page(`?from=${isoDay(earlyMs + 86_400_000)}&to=${isoDay(earlyMs + 2 * 86_400_000)}`);
    for (const row of between.rows) expect(row).not.toMatch(new RegExp(`${earlyWorkspace}|${consoleWorkspace}`));
  });

  it('pages by keyset: "Older entries" carries the last id and the filter, until every entry was shown once', async () => {
    // A workspace of its own with five entries: its creation and four changes.
    const paged = (await aWorkspace(t.app, { name: 'Paged partner' })).workspaceId;
    for (const limit of [61, 62, 63, 64]) {
      const changed = await t.app.inject({
        method: 'PATCH',
        url: `/admin/v1/workspaces/${paged}`,
        headers: adminHeaders,
        payload: { writeLimitPerMinute: limit },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const all = (await auditLog(`&workspaceId=${paged}`)).map((e) => e.entryId);
    expect(all).toHaveLength(5);
    const first = `/console/audit?workspaceId=${paged}&limit=2`;
    const seen: string[] = [];
    let next: string | undefined = first;
    let pages = 0;
    while (next !== undefined) {
      const shown = await page(next.slice('/console/audit'.length));
      expect(shown.status, shown.body).toBe(200);
      expect(shown.rows.length).toBeLessThanOrEqual(2);
      expect(linkOf(shown.body, 'Newest entries')).toBe(pages === 0 ? undefined : first);
      seen.push(...shown.ids);
      next = linkOf(shown.body, 'Older entries');
      if (next !== undefined) expect(next).toBe(`${first}&before=${shown.ids.at(-1)}`);
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(all);
    expect((await page(`?workspaceId=${paged}`)).body).not.toContain('Older entries');
  });

  it('refuses a viewer and a support operator (403), and shows the section to compliance and admin', async () => {
    for (const jar of [viewer, support]) {
      const refused = await page('', jar);
      expect(refused.status).toBe(403);
      expect(refused.rows).toHaveLength(0);
      expect((await getPage(t.app, jar, '/console')).body).not.toContain('href="/console/audit"');
    }
    expect((await getPage(t.app, compliance, '/console')).body).toContain('href="/console/audit"');
    expect((await page('', admin)).status).toBe(200);
  });

  it('answers a filter it cannot read with 400, the reason and no rows', async () => {
    const cases: [string, string][] = [
      ['?from=2025-02-30', 'From is a UTC date'],
      ['?to=yesterday', 'To is a UTC date'],
      ['?from=2025-06-02&to=2025-06-01', 'From must not be after To.'],
      ['?via=fax', 'Via is console, api, cli or dashboard.'],
      ['?person=not%40an%40email', 'A person is an email address or an operator id.'],
      [
        '?action=admin.workspaces.update&otherAction=admin.workspaces.create',
        'Choose an action or type one, not both.',
      ],
      ['?before=999999999', 'there is no entry 999999999'],
      ['?before=abc', 'not an entry id'],
    ];
    for (const [query, reason] of cases) {
      const shown = await page(query);
      expect(shown.status, query).toBe(400);
      expect(shown.body).toContain('role="alert"');
      expect(shown.body).toContain(reason);
      expect(shown.rows).toHaveLength(0);
    }
  });

  it("links the workspace page to the workspace's history for those who may read the log", async () => {
    const history = `href="/console/audit?workspaceId=${consoleWorkspace}"`;
    expect((await getPage(t.app, admin, `/console/workspaces/${consoleWorkspace}`)).body).toContain(history);
    const forViewer = await getPage(t.app, viewer, `/console/workspaces/${consoleWorkspace}`);
    expect(forViewer.statusCode).toBe(200);
    expect(forViewer.body).not.toContain(history);
  });
});
