import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import { type CookieJar, getPage, signedInOperator } from '../support/operators.js';
import { approvedPartner } from '../support/orders.js';
import { fundEur } from '../support/sandbox-helpers.js';

// Goal: the console's ledger page (issue 14, item 3) runs the operator API's verification and shows its verdict
// (and each problem on a tampered ledger), lists balances per account and currency, and the journal's entries with
// their postings under each filter (workspace, account, currency, days, entry id); a filter it cannot read is
// answered with the reason and no rows. Method: a workspace funded by a simulated deposit, pages through app.inject.

let t: TestApp;
const clock = new TestClock();
let viewer: CookieJar;
let p: Partner;
let entryId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  viewer = await signedInOperator(t.app, clock, 'viewer');
  p = await approvedPartner(t);
  await fundEur(t, p, 75);
  const [entry] = await (await testDb()).query<{ id: bigint }>(
    'select id from ledger_entries where workspace_id = $1 order by id limit 1',
    [p.credentials.workspaceId],
  );
  entryId = String(entry?.id);
});
afterAll(async () => {
  await t.app.close();
});

const account = () => `acct:ws:${p.credentials.workspaceId}`;
const ledger = (query: Record<string, string>) =>
  getPage(t.app, viewer, `/console/ledger?${new URLSearchParams(query).toString()}`);

describe('the ledger page', () => {
  it("shows the workspace's balances and its journal entries with their postings", async () => {
    const page = await ledger({ workspace: p.credentials.workspaceId });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(`>${account()}</a>`);
    expect(page.body).toMatch(/<td data-label="Available">75\.00 EUR<\/td>/);
    expect(page.body).toContain(`<td data-label="Entry">${entryId}</td>`);
    expect(page.body).toContain(`${account()} · available · 75.00 EUR`);
    expect(page.body).toContain('system:clearing:inbound · available · -75.00 EUR');
  });

  it('filters by account, currency, entry id and days', async () => {
    const byAccount = await ledger({ account: account(), currency: 'EUR' });
    expect(byAccount.body).toContain(`<td data-label="Entry">${entryId}</td>`);
    const otherCurrency = await ledger({ account: account(), currency: 'GBP' });
    expect(otherCurrency.body).toContain('No entry matches.');
    expect(otherCurrency.body).toContain('No balance matches.');
    const byEntry = await ledger({ entry: entryId });
    expect(byEntry.body.match(/<td data-label="Entry">/g)).toHaveLength(1);
    const today = new Date(clock.nowMs()).toISOString().slice(0, 10);
    const inDays = await ledger({ workspace: p.credentials.workspaceId, from: today, to: today });
    expect(inDays.body).toContain(`<td data-label="Entry">${entryId}</td>`);
    const before = await ledger({ workspace: p.credentials.workspaceId, to: '2001-01-01' });
    expect(before.body).toContain('No entry matches.');
  });

  it('answers a filter it cannot read with the reason and nothing listed', async () => {
    for (const [query, reason] of [
      [{ from: '2025-13-45x' }, 'From is a day'],
      [{ from: '2025-02-02', to: '2025-02-01' }, 'From must not be after To'],
      [{ entry: 'twelve' }, 'An entry id is a whole number'],
    ] as const) {
      const page = await ledger(query);
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(reason);
      expect(page.body).toContain('No entry matches.');
    }
  });
});

describe('the verification', () => {
  it('says what the operator API says, and lists each problem of a tampered ledger', async () => {
    const api = (
      await t.app.inject({ method: 'GET', url: '/admin/v1/ledger/verification', headers: adminHeaders })
    ).json();
    const page = await getPage(t.app, viewer, '/console/ledger/verification');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The ledger is consistent.');
    expect(page.body).toMatch(/<th scope="row">Entries checked<\/th><td>\d+<\/td>/);
    expect(api.consistent).toBe(true);

    const db = await testDb();
    await db.query(`update balances set available = available + 1 where account_id = $1 and currency = 'EUR'`, [
      account(),
    ]);
    try {
      const tampered = await getPage(t.app, viewer, '/console/ledger/verification');
      expect(tampered.body).toContain('The ledger is not consistent');
      expect(tampered.body).toContain(`account ${account()} EUR: stored available/pending 7501/0, postings 7500/0`);
    } finally {
      await db.query(`update balances set available = available - 1 where account_id = $1 and currency = 'EUR'`, [
        account(),
      ]);
    }
  });
});
