// The allocation with the deposit's own write (issue #27, part 4): the index, the address and the write commit
// together, so a refused write leaves the index to the next deposit; without a write, allocation is as before.

import { randomBytes, randomUUID } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { addressOfDeposit, allocateDepositAddress, walletIdOf } from '../../src/providers/wallets/address-store.js';
import { deriveDepositAddress } from '../../src/providers/wallets/derive.js';
import { xpubWallets } from '../../src/providers/wallets/wallet-config.js';
import { testDb } from '../support/harness.js';

const freshEthXpub = () => HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;

function request(xpub: string, depositId = randomUUID()) {
  return { network: 'ETH', xpub, walletId: walletIdOf('ETH', xpub), depositId, nowMs: 1_790_000_000_000 };
}

class Refused extends Error {}

describe('allocateDepositAddress with the deposit write', () => {
  it('runs the write in the transaction that records the address; a refused write takes no index', async () => {
    const db = await testDb();
    const xpub = freshEthXpub();
    const refused = request(xpub);
    let seen: unknown;
    await expect(
      allocateDepositAddress(db, refused, async (tx, given) => {
        // The write sees its address recorded (same transaction), then refuses.
        seen = await addressOfDeposit(tx, refused.depositId);
        expect(given.derivationIndex).toBe(0);
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(seen).toMatchObject({ derivationIndex: 0, depositId: refused.depositId });
    expect(await addressOfDeposit(db, refused.depositId)).toBeUndefined();

    const accepted = request(xpub);
    const writes: number[] = [];
    const given = await allocateDepositAddress(db, accepted, async (_tx, taken) => {
      writes.push(taken.derivationIndex);
    });
    // Index 0 again: the refusal gave it back.
    expect(given.derivationIndex).toBe(0);
    expect(given.address).toBe(deriveDepositAddress('ETH', xpub, 0));
    expect(writes).toEqual([0]);
    expect(await addressOfDeposit(db, accepted.depositId)).toEqual(given);
  });

  it('a deposit id given its address before: the write runs on its own, no index taken', async () => {
    const db = await testDb();
    const xpub = freshEthXpub();
    const once = request(xpub);
    const first = await allocateDepositAddress(db, once);
    const writes: string[] = [];
    expect(await allocateDepositAddress(db, once, async (_tx, g) => void writes.push(g.address))).toEqual(first);
    expect(writes).toEqual([first.address]);
    expect((await allocateDepositAddress(db, request(xpub))).derivationIndex).toBe(1);
  });

  it('xpubWallets hands writeDeposit the CRYPTO instructions it answers', async () => {
    const db = await testDb();
    const xpub = freshEthXpub();
    const wallets = xpubWallets(db, [{ network: 'ETH', xpub }]);
    const ask = { depositId: randomUUID(), currency: 'USDC', rail: 'ETH', amount: '10' };
    await expect(
      wallets.depositInstructions({
        ...ask,
        writeDeposit: async () => {
          throw new Refused();
        },
      }),
    ).rejects.toBeInstanceOf(Refused);
    const written: unknown[] = [];
    const info = await wallets.depositInstructions({
      ...ask,
      writeDeposit: async (_tx, given) => void written.push(given),
    });
    expect(info).toEqual({ depositType: 'CRYPTO', address: deriveDepositAddress('ETH', xpub, 0), network: 'ETH' });
    expect(written).toEqual([info]);
  });
});
