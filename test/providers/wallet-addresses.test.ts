// The allocation of deposit addresses (migration 0024): one new index per deposit, never an address twice, the same
// address for a retried deposit, on the run's store (PGlite, or PostgreSQL with DATABASE_URL) and, on PostgreSQL,
// with two stores at once as two server processes hold them.

import { randomBytes, randomUUID } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import {
  addressOfDeposit,
  allocateDepositAddress,
  depositOfAddress,
  walletIdOf,
} from '../../src/providers/wallets/address-store.js';
import { deriveDepositAddress } from '../../src/providers/wallets/derive.js';
import type { Db } from '../../src/storage/db.js';
import { openPostgres } from '../../src/storage/postgres.js';
import { testDb } from '../support/harness.js';

/** A fresh account key of its own per test, so that its indexes start at 0 on the run's shared store. */
function freshAccount(path: string): { xpub: string } {
  return { xpub: HDKey.fromMasterSeed(randomBytes(32)).derive(path).publicExtendedKey };
}

const btcAccount = () => freshAccount("m/84'/0'/0'");
const ethAccount = () => freshAccount("m/44'/60'/0'");
const depositId = () => randomUUID();

function request(network: string, xpub: string, id = depositId()) {
  return { network, xpub, walletId: walletIdOf(network, xpub), depositId: id, nowMs: 1_790_000_000_000 };
}

describe('allocateDepositAddress', () => {
  it('gives the wallet its indexes from 0, each address the one at <xpub>/0/<index>, recorded with its deposit', async () => {
    const db = await testDb();
    const { xpub } = btcAccount();
    const first = await allocateDepositAddress(db, request('BTC', xpub));
    const second = await allocateDepositAddress(db, request('BTC', xpub));
    expect([first.derivationIndex, second.derivationIndex]).toEqual([0, 1]);
    expect(first.address).toBe(deriveDepositAddress('BTC', xpub, 0));
    expect(second.address).toBe(deriveDepositAddress('BTC', xpub, 1));
    expect(first).toMatchObject({ network: 'BTC', walletId: walletIdOf('BTC', xpub), createdAtMs: 1_790_000_000_000 });
    expect(await addressOfDeposit(db, second.depositId)).toEqual(second);
    expect(await depositOfAddress(db, first.address)).toEqual(first);
  });

  it('answers a retried deposit with the address it was given, and spends no index on the retry', async () => {
    const db = await testDb();
    const { xpub } = ethAccount();
    const once = request('ETH', xpub);
    const first = await allocateDepositAddress(db, once);
    expect(await allocateDepositAddress(db, { ...once, nowMs: once.nowMs + 60_000 })).toEqual(first);
    expect((await allocateDepositAddress(db, request('ETH', xpub))).derivationIndex).toBe(1);
  });

  it('gives distinct, consecutive indexes and distinct addresses to many deposits at once', async () => {
    const db = await testDb();
    const { xpub } = ethAccount();
    const given = await Promise.all(Array.from({ length: 40 }, () => allocateDepositAddress(db, request('ETH', xpub))));
    expect(given.map((g) => g.derivationIndex).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(new Set(given.map((g) => g.address)).size).toBe(40);
    for (const g of given) expect(g.address).toBe(deriveDepositAddress('ETH', xpub, g.derivationIndex));
  });

  it('gives one address to one deposit asked for many times at once, and wastes no index', async () => {
    const db = await testDb();
    const { xpub } = btcAccount();
    const same = request('BTC', xpub);
    const given = await Promise.all(Array.from({ length: 10 }, () => allocateDepositAddress(db, same)));
    expect(new Set(given.map((g) => g.address))).toEqual(new Set([deriveDepositAddress('BTC', xpub, 0)]));
    expect((await allocateDepositAddress(db, request('BTC', xpub))).derivationIndex).toBe(1);
  });

  it('shares one sequence among the networks of one key: EVM chains never share an address', async () => {
    const db = await testDb();
    const { xpub } = ethAccount();
    const networks = ['ETH', 'ARBITRUM', 'BASE', 'POLYGON', 'MATIC', 'AVALANCHE', 'TRON'];
    const given = [];
    for (const network of networks) given.push(await allocateDepositAddress(db, request(network, xpub)));
    expect(given.map((g) => g.derivationIndex)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(given.map((g) => g.network)).toEqual(['ETH', 'ARBITRUM', 'BASE', 'MATIC', 'MATIC', 'AVALANCHE', 'TRON']);
    expect(new Set(given.map((g) => g.address.toLowerCase())).size).toBe(networks.length);
  });

  it('skips an address the same key gave under another wallet id, rather than give it twice', async () => {
    const db = await testDb();
    const { xpub } = ethAccount();
    const walletA = `wallet-a-${randomUUID()}`;
    const walletB = `wallet-b-${randomUUID()}`;
    const a = await allocateDepositAddress(db, { ...request('ETH', xpub), walletId: walletA });
    const b = await allocateDepositAddress(db, { ...request('ETH', xpub), walletId: walletB });
    expect(a.derivationIndex).toBe(0);
    expect(b.derivationIndex).toBe(1);
    expect(b.address).not.toBe(a.address);
  });

  it('refuses a deposit id that already holds an address on another network', async () => {
    const db = await testDb();
    const { xpub } = ethAccount();
    const id = depositId();
    await allocateDepositAddress(db, request('ETH', xpub, id));
    await expect(allocateDepositAddress(db, request('BSC', xpub, id))).rejects.toThrow(/ETH address, not a BSC one/);
    // POLYGON is MATIC: the same network, so the same answer.
    const polygon = await allocateDepositAddress(db, request('POLYGON', xpub, `${id}-m`));
    expect(await allocateDepositAddress(db, request('MATIC', xpub, `${id}-m`))).toEqual(polygon);
  });

  it('finds the deposit of an EVM address however its letters are cased, other formats exactly', async () => {
    const db = await testDb();
    const eth = await allocateDepositAddress(db, request('ETH', ethAccount().xpub));
    expect((await depositOfAddress(db, eth.address.toLowerCase()))?.depositId).toBe(eth.depositId);
    expect((await depositOfAddress(db, `0x${eth.address.slice(2).toUpperCase()}`))?.depositId).toBe(eth.depositId);
    const tron = await allocateDepositAddress(db, request('TRON', ethAccount().xpub));
    expect((await depositOfAddress(db, tron.address))?.depositId).toBe(tron.depositId);
    expect(await depositOfAddress(db, tron.address.toLowerCase())).toBeUndefined();
  });

  it('refuses an address for Solana, or from a key the network does not accept, and records nothing', async () => {
    const db = await testDb();
    const { xpub } = ethAccount();
    const id = depositId();
    await expect(allocateDepositAddress(db, { ...request('ETH', xpub, id), network: 'SOLANA' })).rejects.toThrow(
      /ed25519/,
    );
    const xprv = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").privateExtendedKey;
    await expect(allocateDepositAddress(db, { ...request('ETH', xpub, id), xpub: xprv })).rejects.toThrow(/private/);
    expect(await addressOfDeposit(db, id)).toBeUndefined();
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(databaseUrl === undefined)('allocateDepositAddress with two server processes (PostgreSQL)', () => {
  it('two stores allocating at once give distinct consecutive indexes', async () => {
    const bounds = {
      acquireTimeoutMs: limits.databaseAcquireTimeoutDefaultMs,
      statementTimeoutMs: limits.databaseStatementTimeoutDefaultMs,
      idleInTransactionTimeoutMs: limits.databaseIdleInTransactionTimeoutDefaultMs,
    };
    const stores: Db[] = [
      await openPostgres({ ...bounds, url: databaseUrl as string, maxConnections: 8 }),
      await openPostgres({ ...bounds, url: databaseUrl as string, maxConnections: 8 }),
    ];
    try {
      const { xpub } = btcAccount();
      const given = await Promise.all(
        Array.from({ length: 60 }, (_, i) => allocateDepositAddress(stores[i % 2] as Db, request('BTC', xpub))),
      );
      expect(given.map((g) => g.derivationIndex).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 60 }, (_, i) => i),
      );
      expect(new Set(given.map((g) => g.address)).size).toBe(60);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
