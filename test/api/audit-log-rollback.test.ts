import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenActor } from '../../src/platform/actor.js';
import { auditBeforeCommit } from '../../src/platform/audit/record.js';
import { auditChange, runInAuditScope } from '../../src/platform/audit/scope.js';
import { systemClock } from '../../src/platform/clock.js';
import { withBeforeCommit } from '../../src/storage/db.js';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';
import { payer } from '../support/orders.js';

// Goal: the audit log and the change are one: a change that does not commit leaves no row (refused by the service,
// or failing at COMMIT after its row was written), and no change of an operator commits without its row (a write
// that does not describe itself fails). Method: real requests over the real database, then the table read by the
// request's id; a deferred constraint trigger on audit_log makes chosen requests' COMMIT fail after the row went in.

let t: TestApp;
let partner: Partner;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await aPartner(t.app);
  await verifyCustomer(t.app, partner, payer.userEmail);
  const db = await testDb();
  // Fires at COMMIT, after the audit row was inserted, for the requests this file dooms (ids 'doomed-…') only.
  await db.exec(`
    create or replace function audit_test_doom() returns trigger language plpgsql as $$
    begin raise exception 'doomed at commit'; end $$;
    drop trigger if exists audit_test_doom on audit_log;
    create constraint trigger audit_test_doom after insert on audit_log deferrable initially deferred
      for each row when (new.request_id like 'doomed-%') execute function audit_test_doom();
    create table if not exists audit_test_probe (id text primary key);`);
});

afterAll(async () => {
  const db = await testDb();
  await db.exec('drop trigger if exists audit_test_doom on audit_log');
  await t.app.close();
});

const rowsOf = async (requestId: string) =>
  (await testDb()).query('select * from audit_log where request_id = $1', [requestId]);

const patch = (requestId: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/admin/v1/workspaces/${partner.credentials.workspaceId}`,
    headers: { ...adminHeaders, 'x-request-id': requestId },
    payload,
  });

const writeLimit = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/admin/v1/workspaces/${partner.credentials.workspaceId}`,
      headers: adminHeaders,
    })
  ).json().writeLimitPerMinute;

describe('a change and its audit row commit together or not at all', () => {
  it('a refused decision (409, 404) writes no row', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: partner.headers,
      payload: { userData: payer, currency: 'EUR', amount: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const deposit = created.json();
    for (const [id, status] of [
      [deposit.depositId, 409],
      ['PRENOSUCHDEPOSIT', 404],
    ] as const) {
      const requestId = `refused-${randomUUID()}`;
      const refused = await t.app.inject({
        method: 'POST',
        url: `/admin/v1/deposits/${id}/compliance/clear`,
        headers: { ...adminHeaders, 'x-request-id': requestId },
      });
      expect(refused.statusCode, refused.body).toBe(status);
      expect(await rowsOf(requestId)).toEqual([]);
    }
  });

  it('a change whose COMMIT fails after its audit row was written leaves neither', async () => {
    const requestId = `doomed-${randomUUID()}`;
    const before = await writeLimit();
    const failed = await patch(requestId, { writeLimitPerMinute: 4321 });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await writeLimit()).toBe(before);
    expect(await rowsOf(requestId)).toEqual([]);

    const kept = `kept-${randomUUID()}`;
    expect((await patch(kept, { writeLimitPerMinute: 4321 })).statusCode).toBe(200);
    expect(await writeLimit()).toBe(4321);
    expect(await rowsOf(kept)).toHaveLength(1);
  });
});

describe('no operator change commits without its row', () => {
  const scope = (requestId: string) => ({
    actor: adminTokenActor({ headers: {}, ip: '192.0.2.7' } as never),
    action: 'admin.test.write',
    requestId,
  });
  const audited = async () => withBeforeCommit(await testDb(), auditBeforeCommit(systemClock));
  const probe = async (id: string) =>
    (await (await testDb()).query('select id from audit_test_probe where id = $1', [id])).length;

  it('a write that does not describe its change fails, and nothing of it stays', async () => {
    const db = await audited();
    const id = randomUUID();
    const write = runInAuditScope(scope(id), () =>
      db.transaction(async (tx) => {
        await tx.query('insert into audit_test_probe (id) values ($1)', [id]);
      }),
    );
    await expect(write).rejects.toThrow(/admin.test.write wrote without describing its change/);
    expect(await probe(id)).toBe(0);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('a described write commits with its row; a transaction that only reads writes none', async () => {
    const db = await audited();
    const id = randomUUID();
    await runInAuditScope(scope(id), async () => {
      await db.transaction(async (tx) => {
        await tx.query('select count(*) from audit_test_probe');
      });
      await db.transaction(async (tx) => {
        await tx.query('insert into audit_test_probe (id) values ($1)', [id]);
        auditChange(tx, { target: { type: 'probe', id }, before: null, after: { id, password: 'hunter2hunter2' } });
      });
    });
    expect(await probe(id)).toBe(1);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'admin.test.write',
      actor_kind: 'admin-token',
      via: 'api',
      address: '192.0.2.7',
      target_type: 'probe',
      after: { id, password: '[redacted]' },
    });
  });

  it('outside an audited request the same undescribed write commits as before (partner requests, jobs)', async () => {
    const db = await audited();
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.query('insert into audit_test_probe (id) values ($1)', [id]);
    });
    expect(await probe(id)).toBe(1);
    expect(await rowsOf(id)).toEqual([]);
  });
});
