import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { FaultyDb } from '../support/faulty-db.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

// Goal: while the database is away, every request is answered, typed, and a key is never left saying something
// the client was not told: a refusal that could not be recorded is a 503 (not the refusal), a write that never
// reached the database leaves its key free, and a write whose outcome is unknown consumes its key, or replays its
// own answer when it did commit (spec: Idempotent writes 5; Errors: 503 OperationError, retry with backoff).
// Method: the real app over a database wrapper that fails chosen statements the way a lost connection does.

let t: TestApp;
let faulty: FaultyDb;
let p: Partner;
const payer = { firstName: 'Ana', lastName: 'S', userEmail: 'ana.down@example.com', country: 'PT' };
const sepa = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'DE89370400440532013000',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
};

beforeAll(async () => {
  t = await buildTestApp({
    wrapDb: (db) => {
      faulty = new FaultyDb(db);
      return faulty;
    },
  });
  p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
});

afterEach(() => {
  faulty.fault = () => 'pass';
});

const deposit = (key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: { ...p.headers, 'idempotency-key': key },
    payload: { userData: payer, currency: 'EUR', amount: 25 },
  });
const withdrawal = (key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/withdrawals',
    headers: { ...p.headers, 'idempotency-key': key },
    payload: { currency: 'EUR', amount: 10, destinationTransferData: sepa },
  });

const isDepositWrite = (text: string) => /insert into deposits/.test(text);
const isFailureClaim = (text: string) => text.trimStart().startsWith('insert into idempotency_keys');

describe('while the database is away', () => {
  it('a keyed write answers 503 OperationError and leaves its key free for the retry', async () => {
    const key = `down-${randomUUID()}`;
    faulty.fault = (text) => (isDepositWrite(text) ? 'down' : 'pass');
    const refused = await deposit(key);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ success: false, error: 'OperationError' });
    expect(refused.json().message).toMatch(/temporarily unavailable.*retry/);
    faulty.fault = () => 'pass';
    const retried = await deposit(key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('GET /health answers 503 at once', async () => {
    faulty.fault = () => 'down';
    const started = Date.now();
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ ok: false, error: 'OperationError' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a read answers 503 OperationError in the read shape', async () => {
    faulty.fault = () => 'down';
    const read = await t.app.inject({ method: 'GET', url: '/v1/deposits', headers: p.headers });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({ ok: false, error: 'OperationError', message: expect.any(String) });
  });

  it('a refusal that cannot be recorded against its key is a 503, never the refusal; recorded later, it stays', async () => {
    const key = `refusal-${randomUUID()}`;
    // No balance: the withdrawal is refused 402, then the key's record of that refusal fails.
    faulty.fault = (text) => (isFailureClaim(text) ? 'down' : 'pass');
    const first = await withdrawal(key);
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ error: 'OperationError' });
    faulty.fault = () => 'pass';
    const second = await withdrawal(key);
    expect(second.statusCode).toBe(402);
    expect(second.json()).toMatchObject({ error: 'FundsError' });
    const third = await withdrawal(key);
    expect(third.statusCode).toBe(409);
  });

  it('a write that committed but whose answer was lost replays its own answer', async () => {
    const key = `lost-after-${randomUUID()}`;
    let lost = false;
    faulty.fault = (text) => {
      if (!lost && isDepositWrite(text)) {
        lost = true;
        return 'lost-after';
      }
      return 'pass';
    };
    const first = await deposit(key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBe('true');
    const again = await deposit(key);
    expect(again.statusCode).toBe(201);
    expect(again.json().depositId).toBe(first.json().depositId);
    const list = await t.app.inject({ method: 'GET', url: '/v1/deposits?limit=100', headers: p.headers });
    expect(list.json().filter((d: { depositId: string }) => d.depositId === first.json().depositId)).toHaveLength(1);
  });

  it('a write of unknown outcome that did not commit consumes its key: 503, then 409 until an operator releases it', async () => {
    const key = `lost-before-${randomUUID()}`;
    let lost = false;
    faulty.fault = (text) => {
      if (!lost && isDepositWrite(text)) {
        lost = true;
        return 'lost-before';
      }
      return 'pass';
    };
    const first = await deposit(key);
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ error: 'OperationError' });
    const again = await deposit(key);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/failed during execution/);
  });

  it('a write of unknown outcome while the database stays away: 503, and its key is consumed once it is back', async () => {
    const key = `lost-down-${randomUUID()}`;
    let away = true;
    // The write's answer is lost, and the database is gone before the key's record of it can be written.
    faulty.fault = (text) => {
      if (!away) return 'pass';
      return isDepositWrite(text) ? 'lost-before' : isFailureClaim(text) ? 'down' : 'pass';
    };
    const first = await deposit(key);
    expect(first.statusCode).toBe(503);
    away = false;
    // The process records the key in the background: its first attempt comes 250 ms after the answer.
    await new Promise((r) => setTimeout(r, 1_000));
    const again = await deposit(key);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/failed during execution/);
  });
});
