import { hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { currencies } from '../../catalogue/currencies.js';
import { WalletConfigError } from './wallet-config.js';
import { loadWalletConfig } from './wallet-config-file.js';
import { refusedNetworks, walletNetworks } from './wallet-networks.js';

const root = HDKey.fromMasterSeed(
  hex.decode(
    '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  ),
);
const ethXpub = root.derive("m/44'/60'/0'").publicExtendedKey;
const bip84Zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('the catalogue and the wallet networks', () => {
  const cryptoRails = currencies.flatMap((c) => c.payinMethods.filter((m) => m.type === 'crypto').map((m) => m.rail));
  const cryptoSpellings = currencies.filter((c) => c.kind === 'crypto').flatMap((c) => c.acceptedOriginRails);

  it('every crypto payin rail and alias of the catalogue is served or refused with a reason', () => {
    for (const rail of new Set([...cryptoRails, ...cryptoSpellings])) {
      expect(rail in walletNetworks || rail in refusedNetworks, rail).toBe(true);
    }
  });

  it('serves no rail the catalogue does not collect crypto on', () => {
    for (const rail of Object.keys(walletNetworks)) expect(cryptoSpellings, rail).toContain(rail);
  });
});

describe('loadWalletConfig', () => {
  it('accepts one key per network, BTC as a zpub', () => {
    const config = [
      { network: 'ETH', xpub: ethXpub },
      { network: 'POLYGON', xpub: ethXpub },
      { network: 'BTC', xpub: bip84Zpub },
    ];
    expect(loadWalletConfig(config)).toEqual(config);
  });

  it.each([
    { why: 'not a list', value: { ETH: ethXpub }, message: /^wallets: / },
    {
      why: 'an unknown key',
      value: [{ network: 'ETH', xpub: ethXpub, label: 'hot' }],
      message: /^wallets\[0\]\.label: unknown key$/,
    },
    { why: 'a missing xpub', value: [{ network: 'ETH' }], message: /^wallets\[0\]: .*xpub/ },
    {
      why: 'Solana',
      value: [
        { network: 'ETH', xpub: ethXpub },
        { network: 'SOLANA', xpub: ethXpub },
      ],
      message: /^wallets\[1\] \(network SOLANA\): .*ed25519/,
    },
    { why: 'a fiat rail', value: [{ network: 'SEPA', xpub: ethXpub }], message: /^wallets\[0\] \(network SEPA\)/ },
    {
      why: 'a network twice under two spellings',
      value: [
        { network: 'MATIC', xpub: ethXpub },
        { network: 'POLYGON', xpub: ethXpub },
      ],
      message: /^wallets\[1\] \(network POLYGON\): MATIC is configured already by wallets\[0\]/,
    },
    {
      why: 'a private key',
      value: [{ network: 'ETH', xpub: root.derive("m/44'/60'/0'").privateExtendedKey }],
      message: /^wallets\[0\] \(network ETH\): this is a private key/,
    },
    {
      why: 'a key that does not parse',
      value: [{ network: 'TRON', xpub: 'xpub-not-really' }],
      message: /^wallets\[0\] \(network TRON\): not a base58check/,
    },
    { why: 'a zpub for ETH', value: [{ network: 'ETH', xpub: bip84Zpub }], message: /zpub is not accepted/ },
  ])('refuses $why, naming the entry', ({ value, message }) => {
    expect(() => loadWalletConfig(value)).toThrow(WalletConfigError);
    expect(() => loadWalletConfig(value)).toThrow(message);
  });

  it('names the entry under the caller path', () => {
    expect(() => loadWalletConfig([{ network: 'SOLANA', xpub: ethXpub }], 'providers.wallets')).toThrow(
      /^providers\.wallets\[0\]/,
    );
  });
});
