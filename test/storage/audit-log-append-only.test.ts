import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAuditEntry } from '../../src/platform/audit/repo.js';
import type { Db } from '../../src/storage/db.js';
import { testDb } from '../support/harness.js';

// Goal: the audit log is append-only in the database (migration 0040, issue #28 item 3), on PGlite and PostgreSQL
// alike: an UPDATE, a DELETE and a TRUNCATE sent straight to the database are refused and change nothing, an INSERT
// still works, and the check docs/operating.md ("Reading the audit log") gives operators says true while the guard
// is in place and false once a trigger is dropped or disabled. The drop happens in a transaction that is rolled back
// (DDL is transactional), so the run's shared database keeps its guard.

let db: Db;
const requestId = `append-only-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

const guide = readFileSync(new URL('../../docs/operating.md', import.meta.url), 'utf8');
const section = guide.slice(guide.indexOf('## Reading the audit log'));
const check = /```sql\n([\s\S]*?)```/.exec(section.slice(0, section.indexOf('\n## ', 3)))?.[1] ?? '';

const entryCount = async () =>
  Number(
    (await db.query<{ n: bigint }>('select count(*) as n from audit_log where request_id = $1', [requestId]))[0]?.n,
  );

beforeAll(async () => {
  db = await testDb();
  await insertAuditEntry(db, {
    occurredAtMs: Date.now(),
    actorKind: 'admin-token',
    via: 'api',
    operatorId: null,
    partnerUserId: null,
    operatorEmail: null,
    address: '127.0.0.1',
    userAgent: null,
    action: 'test.appendOnly',
    workspaceId: null,
    targetType: 'probe',
    targetId: requestId,
    before: null,
    after: { n: 1 },
    requestId,
  });
});

describe('audit_log in the database', () => {
  it.each([
    ['UPDATE', `update audit_log set action = 'rewritten' where request_id = '${requestId}'`],
    ['DELETE', `delete from audit_log where request_id = '${requestId}'`],
    ['TRUNCATE', 'truncate audit_log'],
  ])('refuses %s and keeps the entry as it was', async (operation, statement) => {
    await expect(db.exec(statement)).rejects.toThrow(`audit_log is append-only: ${operation} refused`);
    const [row] = await db.query<{ action: string; after: unknown }>(
      'select action, after from audit_log where request_id = $1',
      [requestId],
    );
    expect(row).toEqual({ action: 'test.appendOnly', after: { n: 1 } });
  });

  it('refuses an UPDATE or DELETE that matches no entry too: the statement, not the row, is refused', async () => {
    await expect(db.exec("delete from audit_log where request_id = 'no such request'")).rejects.toThrow('append-only');
  });

  it('still takes new entries, and only an operator entry may name an operator', async () => {
    expect(await entryCount()).toBe(1);
    await expect(
      db.exec(`insert into audit_log (occurred_at_ms, actor_kind, via, operator_id, address, action, target_type,
                 target_id, request_id)
               values (1, 'admin-token', 'api', 'op_1', '127.0.0.1', 'x', 'probe', 'x', '${requestId}')`),
    ).rejects.toThrow(/audit_log_operator_id_check/);
  });

  it("the guide's check says true with the guard, false without it", async () => {
    expect(check).toContain('pg_trigger');
    expect(await db.query(check)).toEqual([{ append_only: true }]);
    for (const tamper of [
      'drop trigger audit_log_no_delete on audit_log',
      'alter table audit_log disable trigger audit_log_no_update',
    ]) {
      const seen = await db
        .transaction(async (tx) => {
          await tx.exec(tamper);
          const answer = await tx.query(check);
          throw Object.assign(new Error('roll back'), { answer });
        })
        .catch((error: { answer?: unknown }) => error.answer);
      expect(seen).toEqual([{ append_only: false }]);
    }
    // Rolled back: the guard is whole again.
    expect(await db.query(check)).toEqual([{ append_only: true }]);
    await expect(db.exec('truncate audit_log')).rejects.toThrow('append-only');
  });
});
