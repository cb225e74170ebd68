import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053, camt054 } from '../support/bank-file-builders.js';
import { ownBankProviders, ownEurIban } from '../support/bank-providers.js';
import { buildTestApp, productionEnv, type TestApp, TestClock } from '../support/harness.js';
import { adminHeaders, type CookieJar, getPage, postForged, postForm, signedInOperator } from '../support/operators.js';

// Goal (issue #27, the console's part): the Bank files page shows every imported file newest first with its
// format, status, short digest, accounts, time to the second (UTC) and reasons; held files come first, flagged,
// with accept and reject forms (a note each) for admins only; a refused file shows every reason; accepting a held
// file with a note applies it and the audit log records the console's action (via console, by the person); a
// viewer sees the page read-only and is refused the POST (403, the file still held); the console's home and queues
// count held files and waiting reversals, linking to the page. Method: a production app whose EUR collection
// account is an IBAN of this file's own (no other test's statements stand in its chain), bank files imported
// through POST /admin/v1/bank-files, the console through app.inject with operators signed in with TOTP.

/** An account of this file's own, so that no other test's statements stand in its chain. */
const ownIban = ownEurIban();
const foreignIban = 'DE75512108001245126199';
const providers = ownBankProviders({ iban: ownIban });

let t: TestApp;
const clock = new TestClock();
let admin: CookieJar;
let viewer: CookieJar;
let support: CookieJar;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.toUpperCase();

beforeAll(async () => {
  t = await buildTestApp({ env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' }, providersFile: providers, clock });
  admin = await signedInOperator(t.app, clock, 'admin');
  viewer = await signedInOperator(t.app, clock, 'viewer');
  support = await signedInOperator(t.app, clock, 'support');
  // The account's chain starts: statement 1, 1000.00 all day.
  const first = await importFile(statement(1, '1000.00', '1000.00', []));
  expect(first.statusCode, first.body).toBe(200);
});
afterAll(async () => {
  await t.app.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
const importFile = (text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/v1/bank-files',
    headers: { ...adminHeaders, 'content-type': 'application/xml' },
    payload: text,
  });
const statement = (sequence: number, opening: string, closing: string, lines: Parameters<typeof camt053>[3]) =>
  camt053(
    ownIban,
    'EUR',
    { amount: closing, opening, date: `2026-12-${String(sequence).padStart(2, '0')}`, sequence },
    lines,
  );
const strayCredit = (amount: string) => ({
  bankReference: `S-${unique()}`,
  direction: 'CRDT' as const,
  amount,
  remittance: 'no reference we know',
});

/** A statement that does not follow the chain's last one (it opens at 999.00): held. Answers its file id. */
async function heldFile(sequence: number, lines: Parameters<typeof camt053>[3] = []): Promise<string> {
  const movement = lines.reduce((sum, l) => sum + (l.direction === 'CRDT' ? 1 : -1) * Number(l.amount), 0);
  const held = await importFile(statement(sequence, '999.00', (999 + movement).toFixed(2), lines));
  expect(held.statusCode, held.body).toBe(202);
  return held.json().fileId as string;
}

const fileOf = async (fileId: string) => (await api('GET', `/admin/v1/bank-files/${fileId}`)).json();
const countOn = (html: string, title: string) => {
  const match = new RegExp(`${title}</strong><span[^>]*>(\\d+) (items?|waiting)</span>`).exec(html);
  if (!match) throw new Error(`no count for ${title} on the page`);
  return Number(match[1]);
};

describe('the Bank files page', () => {
  it('lists held files first, flagged, with their reasons; a refused file shows every reason', async () => {
    const held = await heldFile(3);
    const refusedAnswer = await importFile(statement(4, '1000.00', '1000.00', []).replaceAll(ownIban, foreignIban));
    expect(refusedAnswer.statusCode, refusedAnswer.body).toBe(400);
    const refusedId = /bank file ([0-9a-f-]{36})/.exec(refusedAnswer.json().message)?.[1] as string;
    const refused = await fileOf(refusedId);
    expect(refused.reasons.length).toBeGreaterThan(0);

    const page = await getPage(t.app, admin, '/console/bank-files');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Bank files</h1>');
    expect(page.body).toContain('aria-current="page"');
    const heldAt = page.body.indexOf(`href="/console/bank-files/${held}"`);
    const refusedAt = page.body.indexOf(`href="/console/bank-files/${refusedId}"`);
    expect(heldAt).toBeGreaterThan(0);
    // Held first, though imported before the refused one; flagged.
    expect(refusedAt).toBeGreaterThan(heldAt);
    expect(page.body.indexOf('<h2 id="held">')).toBeLessThan(heldAt);
    expect(page.body).toContain('<strong class="flag">Held: waits for a decision</strong>');
    const heldFile_ = await fileOf(held);
    expect(page.body).toContain(`<code>${heldFile_.sha256.slice(0, 12)}…</code>`);
    expect(page.body).not.toContain(heldFile_.sha256);
    expect(page.body).toContain(new Date(heldFile_.importedAt * 1000).toISOString().slice(0, 19).replace('T', ' '));
    expect(page.body).toContain('camt.053');
    expect(page.body).toContain(`…${ownIban.slice(-4)}`);
    expect(page.body).toContain('opens at 999.00 EUR, but the last statement applied for this account closed at');
    for (const reason of refused.reasons.slice(0, 5)) expect(page.body).toContain(escaped(reason));
    // The admin decides: a form for each decision, each with its required note.
    expect(page.body).toContain(`action="/console/bank-files/${held}/accept"`);
    expect(page.body).toContain(`action="/console/bank-files/${held}/reject"`);
    expect(page.body).toMatch(/name="note" required maxlength="500"/);

    // The file's own page: the whole digest, every reason, and the forms.
    const own = await getPage(t.app, admin, `/console/bank-files/${refusedId}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(refused.sha256);
    expect(own.body).toContain('Why it was refused');
    for (const reason of refused.reasons) expect(own.body).toContain(escaped(reason));
    expect(own.body).not.toContain('/accept"');

    // The status filter.
    const onlyRefused = await getPage(t.app, admin, '/console/bank-files?status=refused');
    expect(onlyRefused.body).toContain(refusedId);
    expect(onlyRefused.body).not.toContain(`href="/console/bank-files/${held}"`);
    expect(onlyRefused.body).toContain('<option value="refused" selected>');
    const onlyHeld = await getPage(t.app, admin, '/console/bank-files?status=held');
    expect(onlyHeld.body).toContain(`href="/console/bank-files/${held}"`);
    expect(onlyHeld.body).not.toContain(refusedId);
  });

  it('an admin accepts a held file with a note: it is applied, and the audit log names the console action', async () => {
    const credit = strayCredit('25.00');
    const fileId = await heldFile(5, [credit]);
    const entries = async () =>
      ((await api('GET', '/admin/v1/bank-entries?status=unmatched&limit=500')).json() as { bankReference: string }[])
        .filter((e) => e.bankReference === credit.bankReference)
        .map((e) => e.bankReference);
    expect(await entries()).toEqual([]);

    // Without a note: the page says what is missing, and the file is still held.
    const bare = await postForm(
      t.app,
      admin,
      `/console/bank-files/${fileId}/accept`,
      { note: '  ' },
      '/console/bank-files',
    );
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('Write a note');
    expect((await fileOf(fileId)).status).toBe('held');

    const accepted = await postForm(
      t.app,
      admin,
      `/console/bank-files/${fileId}/accept`,
      { note: 'days 2 to 4 sent late by the bank' },
      '/console/bank-files',
    );
    expect(accepted.statusCode, accepted.body).toBe(303);
    expect(accepted.headers.location).toBe(`/console/bank-files/${fileId}?done=accepted`);
    expect(await fileOf(fileId)).toMatchObject({
      status: 'imported',
      decisionNote: 'days 2 to 4 sent late by the bank',
      summary: { unmatched: 1 },
    });
    expect(await entries()).toEqual([credit.bankReference]);

    const answer = await getPage(t.app, admin, accepted.headers.location as string);
    expect(answer.body).toContain('The file was accepted');
    expect(answer.body).toContain('Accepted by an operator at');
    expect(answer.body).toContain('days 2 to 4 sent late by the bank');
    expect(answer.body).toContain('What the import did');
    expect(answer.body).not.toContain('/accept"');

    const audit = (
      await api('GET', '/admin/v1/audit-log?via=console&action=admin.bankFiles.accept&limit=100')
    ).json() as Record<string, unknown>[];
    const entry = audit.find((e) => (e.target as { id: string }).id === fileId);
    expect(entry).toMatchObject({
      action: 'admin.bankFiles.accept',
      via: 'console',
      target: { type: 'bank-file', id: fileId },
      actor: { kind: 'operator' },
      after: { note: 'days 2 to 4 sent late by the bank' },
    });
    expect(JSON.stringify(entry?.actor)).toMatch(/"email":"admin-[a-z0-9]+@brokerage\.example"/);

    // Twice: the service's own words, nothing changes.
    const again = await postForm(t.app, admin, `/console/bank-files/${fileId}/accept`, { note: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('only a held file can be accepted or rejected');
  });

  it('an admin rejects a held file with a note: it is refused for good', async () => {
    const credit = strayCredit('11.00');
    const fileId = await heldFile(8, [credit]);
    const rejected = await postForm(t.app, admin, `/console/bank-files/${fileId}/reject`, { note: 'duplicate export' });
    expect(rejected.statusCode, rejected.body).toBe(303);
    expect(await fileOf(fileId)).toMatchObject({ status: 'refused', decisionNote: 'duplicate export' });
    const page = await getPage(t.app, admin, rejected.headers.location as string);
    expect(page.body).toContain('The file was rejected');
    expect(page.body).toContain('Rejected by an operator at');
    const audit = (await api('GET', '/admin/v1/audit-log?via=console&action=admin.bankFiles.reject')).json() as {
      target: { id: string };
    }[];
    expect(audit.some((e) => e.target.id === fileId)).toBe(true);
    const unmatched = (await api('GET', '/admin/v1/bank-entries?limit=500')).json() as { bankReference: string }[];
    expect(unmatched.map((e) => e.bankReference)).not.toContain(credit.bankReference);
  });

  it('a viewer or support sees the page read-only and is refused the POST (403); the file stays held', async () => {
    const fileId = await heldFile(9);
    for (const jar of [viewer, support]) {
      const page = await getPage(t.app, jar, '/console/bank-files');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`href="/console/bank-files/${fileId}"`);
      expect(page.body).not.toContain(`/console/bank-files/${fileId}/accept`);
      const own = await getPage(t.app, jar, `/console/bank-files/${fileId}`);
      expect(own.body).toContain('Nothing of this file moves until an admin accepts or rejects it.');
      expect(own.body).not.toContain('/accept"');
      for (const decision of ['accept', 'reject']) {
        const refused = await postForm(t.app, jar, `/console/bank-files/${fileId}/${decision}`, { note: 'looks fine' });
        expect(refused.statusCode).toBe(403);
        expect(refused.body).toContain('Not allowed for your role');
      }
    }
    // A forged form (no token) is refused to an admin too.
    expect((await postForged(t.app, admin, `/console/bank-files/${fileId}/accept`, { note: 'x' })).statusCode).toBe(
      403,
    );
    expect((await fileOf(fileId)).status).toBe('held');
  });

  it('an unknown file is a page that says so (404)', async () => {
    const missing = await getPage(t.app, viewer, '/console/bank-files/no-such-file');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Bank file no-such-file does not exist');
    const decided = await postForm(t.app, admin, '/console/bank-files/no-such-file/accept', { note: 'x' });
    expect(decided.statusCode).toBe(404);
  });
});

describe("the console's home and queues", () => {
  // The operator API's own counts (GET /admin/v1/overview): a list page holds at most 500, and a whole run of the
  // suite leaves more reversals than that.
  const queueCount = async (queue: string) =>
    ((await api('GET', '/admin/v1/overview')).json() as { queues: Record<string, { count: number }> }).queues[queue]
      ?.count;
  const heldCount = () => queueCount('heldBankFiles');
  const reversalCount = () => queueCount('bankReversals');

  it('count held files and reversals waiting, linking to the page, and move with the work', async () => {
    const home = async () => (await getPage(t.app, viewer, '/console')).body;
    const before = await home();
    expect(before).toContain('href="/console/bank-files?status=held"');
    expect(before).toContain('href="/console/bank-files#reversals"');
    expect(countOn(before, 'Held bank files')).toBe(await heldCount());
    expect(countOn(before, 'Bank reversals')).toBe(await reversalCount());

    await heldFile(12);
    // The bank takes back a credit it never reported: a reversal that waits for an operator.
    const reversalRef = `RV-${unique()}`;
    const reversal = camt054({ iban: ownIban, currency: 'EUR' }, [
      { bankReference: reversalRef, direction: 'DBIT', amount: '40.00' },
    ]).replace(
      '<CdtDbtInd>DBIT</CdtDbtInd>\n      <Sts>',
      '<CdtDbtInd>DBIT</CdtDbtInd>\n      <RvslInd>true</RvslInd><Sts>',
    );
    const imported = await importFile(reversal);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ reversals: 1 });

    const after = await home();
    expect(countOn(after, 'Held bank files')).toBe(countOn(before, 'Held bank files') + 1);
    expect(countOn(after, 'Bank reversals')).toBe(countOn(before, 'Bank reversals') + 1);
    expect(countOn(after, 'Held bank files')).toBe(await heldCount());

    const queues = (await getPage(t.app, viewer, '/console/queues')).body;
    expect(countOn(queues, 'Held bank files')).toBe(await heldCount());
    expect(countOn(queues, 'Bank reversals')).toBe(await reversalCount());

    const page = await getPage(t.app, viewer, '/console/bank-files');
    expect(page.body).toContain('<h2 id="reversals">');
    // The oldest waiting are listed first (50 of them): in a whole run of the suite this one may be past them, and
    // the page then says how many more wait.
    if (page.body.includes(reversalRef)) {
      expect(page.body).toContain('a reversal by the bank of a credit that was not found');
      expect(page.body).toContain('40.00 EUR debit');
    } else {
      expect(page.body).toMatch(new RegExp(`And ${((await reversalCount()) ?? 0) - 50} more\\.`));
    }
    // The section is in the navigation of every role.
    expect(page.body).toContain('<a href="/console/bank-files" aria-current="page">Bank files</a>');
  });
});

const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
