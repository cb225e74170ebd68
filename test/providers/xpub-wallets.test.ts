// The xpub wallets provider as the rail provider will call it: which rails it serves, and CRYPTO instructions with
// a recorded address of the deposit's own.

import { randomBytes, randomUUID } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { addressOfDeposit } from '../../src/providers/wallets/address-store.js';
import { deriveDepositAddress } from '../../src/providers/wallets/derive.js';
import { xpubWallets } from '../../src/providers/wallets/wallet-config.js';
import { testDb } from '../support/harness.js';

const accountXpub = (path: string) => HDKey.fromMasterSeed(randomBytes(32)).derive(path).publicExtendedKey;
const fixedClock = { nowMs: () => 1_790_000_000_000 };

async function wallets() {
  const evm = accountXpub("m/44'/60'/0'");
  const btc = accountXpub("m/84'/0'/0'");
  const config = [
    { network: 'ETH', xpub: evm },
    { network: 'MATIC', xpub: evm },
    { network: 'BTC', xpub: btc },
  ];
  return { evm, btc, provider: xpubWallets(await testDb(), config, fixedClock) };
}

const ask = (currency: string, rail: string, depositId = randomUUID()) => ({
  depositId,
  currency,
  rail,
  amount: '25.5',
});

describe('xpubWallets', () => {
  it('serves the configured networks and their alias spellings, nothing else', async () => {
    const { provider } = await wallets();
    expect(provider.networks()).toEqual(['BTC', 'ETH', 'MATIC', 'POLYGON']);
    expect(xpubWallets(await testDb(), []).networks()).toEqual([]);
  });

  it("answers CRYPTO instructions with the deposit's own address, POLYGON reported as MATIC", async () => {
    const { provider, evm, btc } = await wallets();
    const usdc = ask('USDC', 'POLYGON');
    expect(await provider.depositInstructions(usdc)).toEqual({
      depositType: 'CRYPTO',
      network: 'MATIC',
      address: deriveDepositAddress('MATIC', evm, 0),
    });
    expect(await provider.depositInstructions(ask('USDT', 'ETH'))).toEqual({
      depositType: 'CRYPTO',
      network: 'ETH',
      address: deriveDepositAddress('ETH', evm, 1),
    });
    expect(await provider.depositInstructions(ask('BTC', 'BTC'))).toEqual({
      depositType: 'CRYPTO',
      network: 'BTC',
      address: deriveDepositAddress('BTC', btc, 0),
    });
    expect(await addressOfDeposit(await testDb(), usdc.depositId)).toMatchObject({
      network: 'MATIC',
      derivationIndex: 0,
      createdAtMs: fixedClock.nowMs(),
    });
  });

  it('answers a retried request with the same address', async () => {
    const { provider } = await wallets();
    const once = ask('ETH', 'ETH');
    const first = await provider.depositInstructions(once);
    expect(await provider.depositInstructions(once)).toEqual(first);
    expect((await provider.depositInstructions(ask('ETH', 'ETH'))).address).not.toBe(first.address);
  });

  it('refuses a rail it does not serve and a currency not collected on the rail, recording nothing', async () => {
    const { provider } = await wallets();
    const tron = ask('USDT', 'TRON');
    await expect(provider.depositInstructions(tron)).rejects.toThrow(/no xpub wallet serves rail TRON/);
    const btcOnEth = ask('BTC', 'ETH');
    await expect(provider.depositInstructions(btcOnEth)).rejects.toThrow(/BTC is not collected on rail ETH/);
    for (const refused of [tron, btcOnEth])
      expect(await addressOfDeposit(await testDb(), refused.depositId)).toBe(undefined);
  });

  it('refuses to start from a bad configuration', async () => {
    const db = await testDb();
    expect(() => xpubWallets(db, [{ network: 'SOLANA', xpub: accountXpub("m/44'/60'/0'") }])).toThrow(
      /^wallets\[0\] \(network SOLANA\)/,
    );
  });
});
