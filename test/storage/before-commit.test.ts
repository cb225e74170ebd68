import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, withBeforeCommit } from '../../src/storage/db.js';
import { testDb } from '../support/harness.js';

// Goal: the before-commit hook the audit log rides on (storage/db.ts, withBeforeCommit) writes in the transaction of
// the change, on PGlite and on PostgreSQL alike: what the hook writes commits with the body or not at all, whether
// the body fails, the hook fails, or the COMMIT itself fails after the hook wrote.

let db: Db;

beforeAll(async () => {
  db = await testDb();
  // A deferred foreign key is checked at COMMIT: a row naming a missing parent makes the COMMIT itself fail.
  await db.exec(`create table if not exists before_commit_probe (
    id text primary key,
    parent text references before_commit_probe (id) deferrable initially deferred
  )`);
});

const present = async (...ids: string[]) =>
  (await db.query<{ id: string }>('select id from before_commit_probe where id = any($1::text[])', [ids]))
    .map((r) => r.id)
    .sort();

/** A hooked database whose hook writes `hook-<key>` (naming `parent` when given) and counts its calls. */
function hooked(key: string, hook: { parent?: string; fail?: boolean } = {}) {
  let calls = 0;
  const wrapped = withBeforeCommit(db, async (tx) => {
    calls += 1;
    await tx.query('insert into before_commit_probe (id, parent) values ($1, $2)', [
      `hook-${key}`,
      hook.parent ?? null,
    ]);
    if (hook.fail) throw new Error('the hook failed');
  });
  return { wrapped, calls: () => calls };
}

const body =
  (key: string, fail = false) =>
  async (tx: { query: Db['query'] }) => {
    await tx.query('insert into before_commit_probe (id) values ($1)', [`body-${key}`]);
    if (fail) throw new Error('the body failed');
    return key;
  };

describe('withBeforeCommit', () => {
  it('runs the hook in the transaction after the body: both commit, and the answer is the body’s', async () => {
    const key = randomUUID();
    const { wrapped, calls } = hooked(key);
    expect(await wrapped.transaction(body(key))).toBe(key);
    expect(calls()).toBe(1);
    expect(await present(`body-${key}`, `hook-${key}`)).toEqual([`body-${key}`, `hook-${key}`]);
  });

  it('a body that throws skips the hook and leaves nothing', async () => {
    const key = randomUUID();
    const { wrapped, calls } = hooked(key);
    await expect(wrapped.transaction(body(key, true))).rejects.toThrow('the body failed');
    expect(calls()).toBe(0);
    expect(await present(`body-${key}`, `hook-${key}`)).toEqual([]);
  });

  it('a hook that throws after writing rolls back the body and the hook’s own write', async () => {
    const key = randomUUID();
    const { wrapped } = hooked(key, { fail: true });
    await expect(wrapped.transaction(body(key))).rejects.toThrow('the hook failed');
    expect(await present(`body-${key}`, `hook-${key}`)).toEqual([]);
  });

  it('a COMMIT that fails after the hook wrote leaves neither the change nor the hook’s row', async () => {
    const key = randomUUID();
    const { wrapped, calls } = hooked(key, { parent: `missing-${key}` });
    await expect(wrapped.transaction(body(key))).rejects.toThrow(/foreign key/);
    expect(calls()).toBe(1);
    expect(await present(`body-${key}`, `hook-${key}`)).toEqual([]);
  });

  it('statements outside a transaction do not run the hook', async () => {
    const key = randomUUID();
    const { wrapped, calls } = hooked(key);
    await wrapped.query('insert into before_commit_probe (id) values ($1)', [`body-${key}`]);
    expect(calls()).toBe(0);
    expect(await present(`body-${key}`)).toEqual([`body-${key}`]);
  });
});
