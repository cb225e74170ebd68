import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/platform/actor.js';
import { auditBeforeCommit } from '../../src/platform/audit/record.js';
import { auditChange, runInAuditScope } from '../../src/platform/audit/scope.js';
import { withBeforeCommit } from '../../src/storage/db.js';
import { adminHeaders } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';

// Goal: GET /admin/v1/audit-log reads the log as an operator looks for something: by person (id or e-mail), by
// workspace, by action, by channel and by time, newest first, in pages (page numbers, or keyset after an entry).
// Method: entries of two people of the console and of the CLI's token, at known times, written through the audit
// mechanism itself, about a workspace id of this run only; then the API's answers compared with what was written.

let t: TestApp;
const workspaceId = `ws-${randomUUID()}`;
const ana = { id: `op-${randomUUID()}`, email: `Ana.${randomUUID().slice(0, 6)}@brokerage.example` };
const ben = { id: `op-${randomUUID()}`, email: `ben.${randomUUID().slice(0, 6)}@brokerage.example` };
/** Whole seconds, a day ago and on: far from other files' entries of now. */
const baseSeconds = Math.floor(Date.now() / 1000) - 86_400;

const operator = (who: typeof ana): Actor => ({
  kind: 'operator',
  operatorId: who.id,
  email: who.email,
  role: 'admin',
  address: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
});
const cli: Actor = { kind: 'admin-token', via: 'cli', address: '10.0.0.2', userAgent: 'brokerage-cli/1' };

/** The entries, oldest first: [actor, action, seconds after base]. */
const written: [Actor, string, number][] = [
  [operator(ana), 'admin.workspaces.update', 0],
  [operator(ben), 'admin.compliance.decideDeposit', 10],
  [cli, 'admin.workspaces.update', 20],
  [operator(ana), 'admin.compliance.decideDeposit', 30],
  [operator(ana), 'admin.workspaces.rotateCredentials', 40],
];

beforeAll(async () => {
  t = await buildTestApp();
  let nowMs = 0;
  const db = withBeforeCommit(await testDb(), auditBeforeCommit({ nowMs: () => nowMs }));
  for (const [index, [actor, action, after]] of written.entries()) {
    nowMs = (baseSeconds + after) * 1000 + 500;
    await runInAuditScope({ actor, action, requestId: `list-${index}-${workspaceId}` }, () =>
      db.transaction(async (tx) => {
        auditChange(tx, {
          workspaceId,
          target: { type: 'workspace', id: workspaceId },
          before: { n: index },
          after: { n: index + 1 },
        });
      }),
    );
  }
});

afterAll(async () => {
  await t.app.close();
});

const list = async (query: string, status = 200) => {
  const response = await t.app.inject({ method: 'GET', url: `/admin/v1/audit-log?${query}`, headers: adminHeaders });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};
/** The entries' indexes in `written`, from their request ids. */
const indexes = (entries: { requestId: string }[]) => entries.map((e) => Number(e.requestId.split('-')[1]));

describe('GET /admin/v1/audit-log', () => {
  it('a workspace’s entries, newest first, each with its actor, channel, target, before and after', async () => {
    const entries = await list(`workspaceId=${workspaceId}`);
    expect(indexes(entries)).toEqual([4, 3, 2, 1, 0]);
    expect(entries[0]).toEqual({
      entryId: expect.stringMatching(/^\d+$/),
      occurredAt: baseSeconds + 40,
      actor: {
        kind: 'operator',
        operatorId: ana.id,
        partnerUserId: null,
        email: ana.email,
        address: '203.0.113.9',
        userAgent: 'Mozilla/5.0',
      },
      via: 'console',
      action: 'admin.workspaces.rotateCredentials',
      workspaceId,
      target: { type: 'workspace', id: workspaceId },
      before: { n: 4 },
      after: { n: 5 },
      requestId: `list-4-${workspaceId}`,
    });
    expect(entries[2]).toMatchObject({
      actor: { kind: 'admin-token', operatorId: null, email: null, address: '10.0.0.2', userAgent: 'brokerage-cli/1' },
      via: 'cli',
    });
  });

  it('filters by person (id, or e-mail in any case), action, channel and time, together', async () => {
    expect(indexes(await list(`operatorId=${ana.id}`))).toEqual([4, 3, 0]);
    expect(indexes(await list(`email=${encodeURIComponent(ana.email.toUpperCase())}`))).toEqual([4, 3, 0]);
    expect(indexes(await list(`email=${encodeURIComponent(ben.email)}`))).toEqual([1]);
    expect(indexes(await list(`workspaceId=${workspaceId}&action=admin.workspaces.update`))).toEqual([2, 0]);
    expect(indexes(await list(`workspaceId=${workspaceId}&via=cli`))).toEqual([2]);
    expect(indexes(await list(`workspaceId=${workspaceId}&via=console&action=admin.compliance.decideDeposit`))).toEqual(
      [3, 1],
    );
    const window = `from=${baseSeconds + 10}&to=${baseSeconds + 30}`;
    expect(indexes(await list(`workspaceId=${workspaceId}&${window}`))).toEqual([3, 2, 1]);
    expect(indexes(await list(`operatorId=${ana.id}&${window}`))).toEqual([3]);
  });

  it('pages by number, and by keyset after the last entry of a page', async () => {
    const base = `workspaceId=${workspaceId}&limit=2`;
    const pages = [await list(`${base}&page=0`), await list(`${base}&page=1`), await list(`${base}&page=2`)];
    expect(pages.map(indexes)).toEqual([[4, 3], [2, 1], [0]]);
    const first = pages[0] as { entryId: string; requestId: string }[];
    const after = await list(`${base}&before=${first[1]?.entryId}`);
    expect(indexes(after)).toEqual([2, 1]);
    expect(
      indexes(await list(`workspaceId=${workspaceId}&before=${(after as { entryId: string }[])[1]?.entryId}`)),
    ).toEqual([0]);
  });

  it('refuses a window that ends before it starts, an unknown entry to page after, and a caller without the token', async () => {
    expect((await list(`from=${baseSeconds + 10}&to=${baseSeconds}`, 400)).message).toMatch(
      /from must not be after to/,
    );
    expect((await list('before=999999999999', 400)).message).toMatch(/no audit entry/);
    expect((await list('via=email', 400)).error).toBe('ValidationError');
    const anonymous = await t.app.inject({ method: 'GET', url: '/admin/v1/audit-log' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reading the log writes nothing to it', async () => {
    const db = await testDb();
    const count = async () =>
      Number(
        (await db.query<{ n: bigint }>('select count(*) as n from audit_log where workspace_id = $1', [workspaceId]))[0]
          ?.n,
      );
    const before = await count();
    await list(`workspaceId=${workspaceId}`);
    expect(await count()).toBe(before);
  });
});
