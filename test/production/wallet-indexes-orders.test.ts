// Wallet indexes of ORDERS (issue #27, the follow-up of wallet-indexes.test.ts): a crypto order's origin address
// takes a derivation index only when the order exists. Retries of a keyed crypto order, one after another or all at
// once, take one index and answer the original address; an order refused after its address was derived (a payer not
// approved, a confirmed sanctions match, the key's 409 for another body, a quote used meanwhile) leaves no index
// taken. Through HTTP, on the run's store (PGlite, or PostgreSQL with DATABASE_URL: there also with two server
// processes).

import { randomBytes, randomUUID } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { referenceTablePrices } from '../../src/providers/prices/reference-table.js';
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
const secret = 'wallet-index-orders-provider-secret-0123';

const production = (options: Partial<TestAppOptions> = {}) =>
  buildTestApp({
    env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' },
    // BTC priced from the shipped table: the quotes need a price, the test needs none of a feed.
    prices: referenceTablePrices,
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
const payer = { firstName: 'Rui', lastName: 'Costa', userEmail: 'wallet-order-payer@example.com', country: 'PT' };
const matched = { firstName: 'Ivo', lastName: 'Reis', userEmail: 'wallet-order-matched@example.com', country: 'PT' };
let keys = 0;
const aKey = () => `wallet-order-${process.pid}-${Date.now()}-${keys++}`;

beforeAll(async () => {
  prod = await production();
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await aPartner(stage.app);
  await verifyCustomer(stage.app, partner, payer.userEmail);
  await verifyCustomer(stage.app, partner, matched.userEmail);
  // A confirmed sanctions match of an APPROVED payer: the order's statement refuses it with 403.
  const nowMs = Date.now();
  await (await testDb()).query(
    `insert into aml_screenings (id, workspace_id, user_email, entity_type, subject, status, matches, lists,
       created_at_ms, updated_at_ms)
     values ($1, $2, $3, 'INDIVIDUAL', '{}', 'CONFIRMED_MATCH', '[]', '[]', $4, $4)`,
    [`AML${randomUUID()}`, partner.credentials.workspaceId, matched.userEmail, nowMs],
  );
});

afterAll(async () => {
  await prod.app.close();
  await stage.app.close();
});

/** A fresh quote of 0.01 BTC collected on the BTC network, converted into the workspace's EUR balance. */
async function aQuote(app: TestApp = prod, originAmount = 0.01): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/v1/quotes',
    headers: partner.headers,
    payload: {
      originCurrency: 'BTC',
      destinationCurrency: 'EUR',
      originAmount,
      originRail: 'BTC',
      destinationRail: 'BALANCE',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().quoteId;
}

const body = (quoteId: string, userData: object = payer) => ({
  quoteId,
  userData,
  destinationTransferData: { type: 'BALANCE' },
});

const post = (app: TestApp, key: string | undefined, payload: object) =>
  app.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...partner.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

/** What the wallet has given: its counter (the indexes taken) and its recorded addresses, with their orders. */
async function walletState() {
  const db = await testDb();
  const [counter] = await db.query<{ next_index: bigint | number }>(
    'select next_index from wallet_counters where wallet_id = $1',
    [walletId],
  );
  const rows = await db.query<{ derivation_index: bigint | number; address: string; order_id: string | null }>(
    `select a.derivation_index, a.address, o.id as order_id from wallet_addresses a
     left join orders o on o.deposit_id = a.deposit_id
     where a.wallet_id = $1 order by a.derivation_index`,
    [walletId],
  );
  return {
    taken: Number(counter?.next_index ?? 0),
    addresses: rows.map((r) => ({ index: Number(r.derivation_index), address: r.address, orderId: r.order_id })),
    /** Addresses recorded against no order (this wallet serves orders only here). */
    orphans: rows.filter((r) => r.order_id === null).length,
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

describe('wallet indexes: consumed only by an order that exists', () => {
  it('20 sequential retries with the same key consume one index and answer the original address', async () => {
    // (This held before the fix too: a later retry finds its quote used and is answered before it asks for
    // instructions. Concurrent retries, refusals and other processes are where indexes were lost.)
    const before = await walletState();
    const key = aKey();
    const payload = body(await aQuote());
    const first = await post(prod, key, payload);
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json();
    expect(created.deposit.depositInfo).toMatchObject({ depositType: 'CRYPTO', network: 'BTC' });
    for (let i = 0; i < 20; i++) {
      const retry = await post(prod, key, payload);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toBe(first.body);
    }
    const after = await walletState();
    expect(after.taken - before.taken).toBe(1);
    expect(after.addresses.slice(before.addresses.length)).toEqual([
      { index: before.taken, address: created.deposit.depositInfo.address, orderId: created.orderId },
    ]);
    expect(created.deposit.depositInfo.address).toBe(deriveDepositAddress('BTC', xpub, before.taken));
    expect(after.orphans).toBe(0);

    // The address the answer names is the order's: the provider service's credit to it is applied, not 404.
    const arrived = await reportArrival(created.deposit.depositInfo.address, `btc-order-${created.orderId}`);
    expect(arrived.statusCode, arrived.body).toBe(200);
    await prod.ctx.jobs.runDue();
    const read = await prod.app.inject({
      method: 'GET',
      url: `/v1/orders/${created.orderId}`,
      headers: partner.headers,
    });
    expect(read.json().status).not.toBe('Pending');
  });

  it('10 concurrent requests with the same key consume one index and all answer the same address', async () => {
    const before = await walletState();
    const key = aKey();
    const payload = body(await aQuote());
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(prod, key, payload)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const after = await walletState();
    expect(after.taken - before.taken).toBe(1);
    const created = answers[0]?.json();
    expect(after.addresses.at(-1)).toEqual({
      index: before.taken,
      address: created.deposit.depositInfo.address,
      orderId: created.orderId,
    });
    expect(after.orphans).toBe(0);
  });

  it('an order refused after its address was derived leaves no index taken', async () => {
    const before = await walletState();
    // A payer not verified: the statement's gate refuses (403) after the address was derived and recorded.
    const unverified = { ...payer, userEmail: 'wallet-order-unverified@example.com' };
    const refusedKey = aKey();
    const refused = await post(prod, refusedKey, body(await aQuote(), unverified));
    expect(refused.statusCode, refused.body).toBe(403);
    // Its key is consumed (spec, Idempotent writes 5): a retry with a fresh quote is 409, and takes nothing either.
    const again = await post(prod, refusedKey, body(await aQuote(), unverified));
    expect(again.statusCode, again.body).toBe(409);
    // An APPROVED payer with a confirmed sanctions match: 403, keyed or not.
    const sanctioned = await post(prod, aKey(), body(await aQuote(), matched));
    expect(sanctioned.statusCode, sanctioned.body).toBe(403);
    expect(sanctioned.json().message).toMatch(/confirmed sanctions match/);
    const unkeyed = await post(prod, undefined, body(await aQuote(), matched));
    expect(unkeyed.statusCode, unkeyed.body).toBe(403);
    expect((await walletState()).taken).toBe(before.taken);

    // The same key with another body (another live quote): 409, and the request's own index is rolled back.
    const key = aKey();
    const created = await post(prod, key, body(await aQuote()));
    expect(created.statusCode, created.body).toBe(201);
    for (let i = 0; i < 3; i++) {
      const other = await post(prod, key, body(await aQuote()));
      expect(other.statusCode, other.body).toBe(409);
    }
    const quotes = await Promise.all(Array.from({ length: 4 }, () => aQuote()));
    const conflicting = await Promise.all(quotes.map((quoteId) => post(prod, key, body(quoteId))));
    for (const answer of conflicting) expect(answer.statusCode, answer.body).toBe(409);

    // One quote sent at once under different keys: one order, and the others' indexes are rolled back.
    const shared = await aQuote();
    const racing = await Promise.all(Array.from({ length: 4 }, () => post(prod, aKey(), body(shared))));
    expect(racing.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const answer of racing.filter((a) => a.statusCode !== 201)) expect(answer.statusCode, answer.body).toBe(409);
    const winner = racing.find((a) => a.statusCode === 201)?.json();

    // Gap-free: each order took the next index, and the next order takes the one after.
    const next = await post(prod, aKey(), body(await aQuote()));
    expect(next.statusCode, next.body).toBe(201);
    const after = await walletState();
    expect(after.taken - before.taken).toBe(3);
    expect(after.addresses.slice(-3).map((a) => [a.index, a.orderId])).toEqual([
      [before.taken, created.json().orderId],
      [before.taken + 1, winner.orderId],
      [before.taken + 2, next.json().orderId],
    ]);
    expect(after.orphans).toBe(0);
  });

  it('orders without a key, at once, each take their own consecutive index', async () => {
    const before = await walletState();
    const quotes = await Promise.all(Array.from({ length: 8 }, () => aQuote()));
    const answers = await Promise.all(quotes.map((quoteId) => post(prod, undefined, body(quoteId))));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((a) => a.json().deposit.depositInfo.address)).size).toBe(8);
    const after = await walletState();
    expect(after.taken - before.taken).toBe(8);
    expect(after.addresses.slice(-8).map((a) => a.index)).toEqual(
      Array.from({ length: 8 }, (_, i) => before.taken + i),
    );
    expect(after.orphans).toBe(0);
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(databaseUrl === undefined)('wallet indexes of orders with two server processes (PostgreSQL)', () => {
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
        const payload = body(await aQuote());
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) => post(i % 2 === 0 ? prod : other, key, payload)),
        );
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
        expect(new Set(answers.map((a) => a.body)).size).toBe(1);
        const after = await walletState();
        expect(after.taken - before.taken).toBe(1);
        expect(after.addresses.at(-1)?.orderId).toBe(answers[0]?.json().orderId);
        expect(after.orphans).toBe(0);
      }
    } finally {
      await other.app.close();
      await store.close();
    }
  });
});
