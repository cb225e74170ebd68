import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueItems } from '../../src/operator/overview/service.js';
import { camt053, camt054 } from '../support/bank-file-builders.js';
import { ownBankProviders, ownEurIban } from '../support/bank-providers.js';
import { adminHeaders, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp } from '../support/harness.js';
import { approvedPartner } from '../support/orders.js';
import { listSearch, overviewQueues } from '../support/overview-queues.js';

// Goal: GET /admin/v1/overview counts the bank queues (issue #27: held bank files, bank reversals), which belong to
// no workspace, as it counts the others (overview-queues.test.ts): a count rises when a file is held or a reversal
// waits and falls when an operator decides it, it equals the length of the operator list it links to and the number
// of its queueItems, and in any workspace it is zero. Method: a production app whose EUR collection account is an
// IBAN of this file's own, filled by bank files imported through POST /admin/v1/bank-files, on the run's database;
// a workspace of a partner made on the stage app stands for "a workspace".

let stage: TestApp;
let a: Partner;

beforeAll(async () => {
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  a = await approvedPartner(stage);
});
afterAll(async () => {
  await stage.app.close();
});

const ws = (p: Partner) => p.credentials.workspaceId;

describe('the bank queues (issue #27): held bank files and bank reversals, in no workspace', () => {
  /** An account of this file's own, so that no other test's statements stand in its chain. */
  const ownIban = ownEurIban();
  const providers = ownBankProviders({ iban: ownIban });
  const bankQueues = ['heldBankFiles', 'bankReversals'] as const;
  let bank: TestApp;
  const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.toUpperCase();

  const bankApi = (method: 'GET' | 'POST', url: string, payload?: object) =>
    bank.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
  const importFile = (text: string) =>
    bank.app.inject({
      method: 'POST',
      url: '/admin/v1/bank-files',
      headers: { ...adminHeaders, 'content-type': 'application/xml' },
      payload: text,
    });
  const statement = (sequence: number, opening: string, closing: string) =>
    camt053(
      ownIban,
      'EUR',
      { amount: closing, opening, date: `2026-10-${String(sequence).padStart(2, '0')}`, sequence },
      [],
    );
  /** A statement that does not follow the chain's last one (it opens at 999.00): held. Answers its file id. */
  const heldFile = async (sequence: number) => {
    const held = await importFile(statement(sequence, '999.00', '999.00'));
    expect(held.statusCode, held.body).toBe(202);
    return held.json().fileId as string;
  };
  /** A camt.054 of one booked line on the account; `reversal` marks it a reversal (RvslInd). */
  const notification = async (line: Parameters<typeof camt054>[1][number], reversal = false) => {
    const text = camt054({ iban: ownIban, currency: 'EUR' }, [line]);
    const imported = await importFile(
      reversal
        ? text.replace(
            `<CdtDbtInd>${line.direction}</CdtDbtInd>\n      <Sts>`,
            `<CdtDbtInd>${line.direction}</CdtDbtInd>\n      <RvslInd>true</RvslInd><Sts>`,
          )
        : text,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    return imported.json();
  };
  const entryIdOf = async (bankReference: string) => {
    const listed = await bankApi('GET', '/admin/v1/bank-entries?limit=500&status=reversal');
    return (listed.json() as { entryId: string; bankReference: string }[]).find(
      (e) => e.bankReference === bankReference,
    )?.entryId;
  };

  const bankOverview = (workspaceId?: string) => overviewQueues(bank, workspaceId);

  /** Across workspaces each count is its operator list's length and its items' number; in a workspace, none. */
  async function expectBankCountsAreTheirLists() {
    const [queues, ofA, ofUnknown] = [
      await bankOverview(),
      await bankOverview(ws(a)),
      await bankOverview(randomUUID()),
    ];
    for (const name of bankQueues) {
      const { count, list } = queues[name];
      const items = await queueItems(bank.ctx.db, name, { limit: 500, offset: 0 });
      expect(items, name).toHaveLength(count);
      expect(
        items.every((item) => item.workspaceId === null),
        name,
      ).toBe(true);
      if (list === undefined) throw new Error(`${name} names no list`);
      const listed = await bankApi('GET', `${list.path}?${listSearch(list)}`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json(), name).toHaveLength(count);
      for (const one of [ofA, ofUnknown]) expect(one[name], name).toEqual({ count: 0 });
      expect(await queueItems(bank.ctx.db, name, { workspaceId: ws(a), limit: 500, offset: 0 }), name).toEqual([]);
    }
  }

  beforeAll(async () => {
    bank = await buildTestApp({ env: productionEnv, providersFile: providers });
    // The account's chain starts: statement 1, 1000.00 all day.
    const first = await importFile(statement(1, '1000.00', '1000.00'));
    expect(first.statusCode, first.body).toBe(200);
  });
  afterAll(async () => {
    await bank.app.close();
  });

  it('held bank files: a statement that breaks its chain is held, then rejected or accepted', async () => {
    const before = (await bankOverview()).heldBankFiles.count;
    await expectBankCountsAreTheirLists();
    const rejectedId = await heldFile(3);
    const acceptedId = await heldFile(5);
    expect((await bankOverview()).heldBankFiles.count).toBe(before + 2);
    const items = await queueItems(bank.ctx.db, 'heldBankFiles', { limit: 500, offset: 0 });
    expect(items.find((item) => item.id === rejectedId)).toMatchObject({
      kind: 'bankFile',
      workspaceId: null,
      detail: 'camt.053',
    });
    const importedAt = (await bankApi('GET', `/admin/v1/bank-files/${acceptedId}`)).json().importedAt as number;
    expect(Math.floor((items.find((item) => item.id === acceptedId)?.sinceMs ?? 0) / 1000)).toBe(importedAt);
    await expectBankCountsAreTheirLists();

    const rejected = await bankApi('POST', `/admin/v1/bank-files/${rejectedId}/reject`, { note: 'a duplicate export' });
    expect(rejected.json().status, rejected.body).toBe('refused');
    expect((await bankOverview()).heldBankFiles.count).toBe(before + 1);
    const accepted = await bankApi('POST', `/admin/v1/bank-files/${acceptedId}/accept`, { note: 'days sent late' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await bankOverview()).heldBankFiles.count).toBe(before);
    await expectBankCountsAreTheirLists();
  });

  it('bank reversals: a reversal of a credit not found waits; the reversal of an unmatched credit settles both', async () => {
    const before = (await bankOverview()).bankReversals.count;
    const reference = `RV-${unique()}`;
    expect(await notification({ bankReference: reference, direction: 'DBIT', amount: '40.00' }, true)).toMatchObject({
      reversals: 1,
    });
    expect((await bankOverview()).bankReversals.count).toBe(before + 1);
    const entryId = await entryIdOf(reference);
    const items = await queueItems(bank.ctx.db, 'bankReversals', { limit: 500, offset: 0 });
    expect(items.find((item) => item.id === entryId)).toMatchObject({
      kind: 'bankEntry',
      workspaceId: null,
      detail: 'EUR',
    });
    await expectBankCountsAreTheirLists();

    // A stray credit waits as unmatched (not a reversal); its reversal settles both as reversed: nothing waits.
    const amount = `${30 + Math.floor(Math.random() * 60)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
    await notification({
      bankReference: `S-${unique()}`,
      direction: 'CRDT',
      amount,
      remittance: 'no reference we know',
    });
    expect(await notification({ bankReference: `RV-${unique()}`, direction: 'DBIT', amount }, true)).toMatchObject({
      reversals: 1,
    });
    expect((await bankOverview()).bankReversals.count).toBe(before + 1);
    await expectBankCountsAreTheirLists();
  });
});
