// Wallet indexes (issue #27, part 4): a derivation index is consumed only by a deposit that exists. Retries of a
// keyed crypto deposit, one after another or all at once, take one index and answer the original address; a deposit
// refused after its address was derived (a payer not approved, the key's 409) leaves no index taken; and the address
// the answer names is recorded against the deposit the answer names, so the provider service's credit to it lands.
// Through HTTP, on the run's store (PGlite, or PostgreSQL with DATABASE_URL: there also with two server processes).

import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { providerSignature } from '../../src/providers/provider-service/signature.js';
import { walletIdOf } from '../../src/providers/wallets/address-store.js';
import { deriveDepositAddress } from '../../src/providers/wallets/derive.js';
import type { Db } from '../../src/storage/db.js';
import { openPostgres } from '../../src/storage/postgres.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, type TestAppOptions, testDb } from '../support/harness.js';

// A BIP84 account key of this file's own, so that its wallet's indexes start at 0 on the run's shared store.
const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/84'/0'/0'").publicExtendedKey;
const walletId = walletIdOf('BTC', xpub);
const secret = 'wallet-index-provider-secret-0123456789';

const production = (options: Partial<TestAppOptions> = {}) =>
  buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    providersFile: {
      wallets: [{ network: 'BTC', xpub }],
      // The chain watcher: it reports arrivals; nothing here calls it.
      providerService: { url: 'http://127.0.0.1:9', secret, collects: [], pays: [], timeoutMs: 500, maxAttempts: 1 },
      verification: { provider: 'manual-review' },
    },
    ...options,
  });

let prod: TestApp;
let stage: TestApp;
let partner: Partner;
const payer = { firstName: 'Rui', lastName: 'Costa', userEmail: 'wallet-index-payer@example.com', country: 'PT' };
const body = (amount = 0.01, userData: object = payer) => ({ userData, currency: 'BTC', rail: 'BTC', amount });
let keys = 0;
const aKey = () => `wallet-index-${process.pid}-${Date.now()}-${keys++}`;

beforeAll(async () => {
  prod = await production();
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await aPartner(stage.app);
  await verifyCustomer(stage.app, partner, payer.userEmail);
});

afterAll(async () => {
  await prod.app.close();
  await stage.app.close();
});

const post = (app: TestApp, key: string, payload: object) =>
  app.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: { ...partner.headers, 'idempotency-key': key },
    payload,
  });

/** What the wallet has given: its counter (the indexes taken) and its recorded addresses, with their deposits. */
async function walletState() {
  const db = await testDb();
  const [counter] = await db.query<{ next_index: bigint | number }>(
    'select next_index from wallet_counters where wallet_id = $1',
    [walletId],
  );
  const rows = await db.query<{ derivation_index: bigint | number; address: string; deposit_id: string }>(
    `select a.derivation_index, a.address, a.deposit_id from wallet_addresses a
     where a.wallet_id = $1 order by a.derivation_index`,
    [walletId],
  );
  const [orphans] = await db.query<{ n: bigint | number }>(
    `select count(*) as n from wallet_addresses a
     where a.wallet_id = $1 and not exists (select 1 from deposits d where d.id = a.deposit_id)`,
    [walletId],
  );
  return {
    taken: Number(counter?.next_index ?? 0),
    addresses: rows.map((r) => ({ index: Number(r.derivation_index), address: r.address, depositId: r.deposit_id })),
    orphans: Number(orphans?.n),
  };
}

function reportArrival(address: string, callbackId: string) {
  const text = JSON.stringify({ callbackId, network: 'BTC', address, currency: 'BTC', amount: '0.01' });
  const timestamp = String(Math.floor(Date.now() / 1000));
  return prod.app.inject({
    method: 'POST',
    url: '/provider/v1/inbound-credits',
    headers: {
      'content-type': 'application/json',
      'provider-timestamp': timestamp,
      'provider-signature': providerSignature(secret, timestamp, text),
    },
    payload: text,
  });
}

describe('wallet indexes: consumed only by a deposit that exists', () => {
  it('20 sequential retries with the same key consume one index and answer the original address', async () => {
    const before = await walletState();
    const key = aKey();
    const first = await post(prod, key, body());
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json();
    for (let i = 0; i < 20; i++) {
      const retry = await post(prod, key, body());
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toBe(first.body);
    }
    const after = await walletState();
    expect(after.taken - before.taken).toBe(1);
    expect(after.addresses.slice(before.addresses.length)).toEqual([
      { index: before.taken, address: created.depositInfo.address, depositId: created.depositId },
    ]);
    expect(created.depositInfo.address).toBe(deriveDepositAddress('BTC', xpub, before.taken));
    expect(after.orphans).toBe(0);

    // The address the answer names is the deposit's: the provider service's credit to it is applied, not 404.
    const arrived = await reportArrival(created.depositInfo.address, `btc-${created.depositId}`);
    expect(arrived.statusCode, arrived.body).toBe(200);
    await prod.ctx.jobs.runDue();
    const read = await prod.app.inject({
      method: 'GET',
      url: `/v1/deposits/${created.depositId}`,
      headers: partner.headers,
    });
    expect(read.json().status).toBe('Received');
  });

  it('10 concurrent requests with the same key consume one index and all answer the same address', async () => {
    const before = await walletState();
    const key = aKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(prod, key, body())));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const after = await walletState();
    expect(after.taken - before.taken).toBe(1);
    const created = answers[0]?.json();
    expect(after.addresses.at(-1)).toEqual({
      index: before.taken,
      address: created.depositInfo.address,
      depositId: created.depositId,
    });
    expect(after.orphans).toBe(0);
  });

  it('a deposit refused after its address was derived leaves no index taken', async () => {
    const before = await walletState();
    // A payer not verified: the statement's gate refuses (403) after the address was derived and recorded.
    const unverified = { ...payer, userEmail: 'wallet-index-unverified@example.com' };
    const refusedKey = aKey();
    const refused = await post(prod, refusedKey, body(0.01, unverified));
    expect(refused.statusCode, refused.body).toBe(403);
    // Its key is consumed (spec, Idempotent writes 5): a retry is 409, and takes nothing either.
    const again = await post(prod, refusedKey, body(0.01, unverified));
    expect(again.statusCode, again.body).toBe(409);
    expect((await walletState()).taken).toBe(before.taken);

    // The same key with another body: 409, and the request's own index is rolled back.
    const key = aKey();
    const created = await post(prod, key, body());
    expect(created.statusCode, created.body).toBe(201);
    for (let i = 0; i < 5; i++) {
      const other = await post(prod, key, body(0.02));
      expect(other.statusCode, other.body).toBe(409);
    }
    const conflicting = await Promise.all(Array.from({ length: 5 }, () => post(prod, key, body(0.03))));
    for (const answer of conflicting) expect(answer.statusCode, answer.body).toBe(409);

    // Gap-free: the one deposit took the next index, and the next deposit takes the one after.
    const next = await post(prod, aKey(), body());
    expect(next.statusCode, next.body).toBe(201);
    const after = await walletState();
    expect(after.taken - before.taken).toBe(2);
    expect(after.addresses.slice(-2).map((a) => [a.index, a.depositId])).toEqual([
      [before.taken, created.json().depositId],
      [before.taken + 1, next.json().depositId],
    ]);
    expect(after.orphans).toBe(0);
  });

  it('deposits without a key, at once, each take their own consecutive index', async () => {
    const before = await walletState();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        prod.app.inject({ method: 'POST', url: '/v1/deposits', headers: partner.headers, payload: body() }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((a) => a.json().depositInfo.address)).size).toBe(8);
    const after = await walletState();
    expect(after.taken - before.taken).toBe(8);
    expect(after.addresses.slice(-8).map((a) => a.index)).toEqual(
      Array.from({ length: 8 }, (_, i) => before.taken + i),
    );
    expect(after.orphans).toBe(0);
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(databaseUrl === undefined)('wallet indexes with two server processes (PostgreSQL)', () => {
  it('the same key sent to two processes at once consumes one index', async () => {
    const bounds = {
      acquireTimeoutMs: limits.databaseAcquireTimeoutDefaultMs,
      statementTimeoutMs: limits.databaseStatementTimeoutDefaultMs,
      idleInTransactionTimeoutMs: limits.databaseIdleInTransactionTimeoutDefaultMs,
    };
    // A second pool of its own: another process's connections to the same database.
    const store: Db = await openPostgres({ ...bounds, url: databaseUrl as string, maxConnections: 8 });
    const other = await production({ wrapDb: () => store });
    try {
      for (let round = 0; round < 5; round++) {
        const before = await walletState();
        const key = aKey();
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) => post(i % 2 === 0 ? prod : other, key, body())),
        );
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
        expect(new Set(answers.map((a) => a.body)).size).toBe(1);
        const after = await walletState();
        expect(after.taken - before.taken).toBe(1);
        expect(after.addresses.at(-1)?.depositId).toBe(answers[0]?.json().depositId);
        expect(after.orphans).toBe(0);
      }
    } finally {
      await other.app.close();
      await store.close();
    }
  });
});
