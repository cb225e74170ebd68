import { hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { deriveDepositAddress } from './derive.js';
import { ExtendedKeyError } from './extended-key.js';
import { UnsupportedNetworkError } from './wallet-networks.js';

// BIP32, "Test Vectors": each row is a parent's public key and its non-hardened child as the standard publishes
// them. The child is derived from the parent's xpub alone (public derivation, as the server does), and the parent
// is checked against the seed's private derivation so that the table is the standard's, not a copy of our output.
const bip32Seed1 = '000102030405060708090a0b0c0d0e0f';
const bip32Seed2 =
  'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542';

const bip32Vectors = [
  {
    seed: bip32Seed1,
    parentPath: "m/0'",
    parent:
      'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
    index: 1,
    child:
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
  },
  {
    seed: bip32Seed1,
    parentPath: "m/0'/1/2'",
    parent:
      'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
    index: 2,
    child:
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
  },
  {
    seed: bip32Seed1,
    parentPath: "m/0'/1/2'/2",
    parent:
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
    index: 1_000_000_000,
    child:
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
  },
  {
    seed: bip32Seed2,
    parentPath: 'm',
    parent:
      'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB',
    index: 0,
    child:
      'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH',
  },
  {
    seed: bip32Seed2,
    parentPath: "m/0/2147483647'",
    parent:
      'xpub6ASAVgeehLbnwdqV6UKMHVzgqAG8Gr6riv3Fxxpj8ksbH9ebxaEyBLZ85ySDhKiLDBrQSARLq1uNRts8RuJiHjaDMBU4Zn9h8LZNnBC5y4a',
    index: 1,
    child:
      'xpub6DF8uhdarytz3FWdA8TvFSvvAh8dP3283MY7p2V4SeE2wyWmG5mg5EwVvmdMVCQcoNJxGoWaU9DCWh89LojfZ537wTfunKau47EL2dhHKon',
  },
  {
    seed: bip32Seed2,
    parentPath: "m/0/2147483647'/1/2147483646'",
    parent:
      'xpub6ERApfZwUNrhLCkDtcHTcxd75RbzS1ed54G1LkBUHQVHQKqhMkhgbmJbZRkrgZw4koxb5JaHWkY4ALHY2grBGRjaDMzQLcgJvLJuZZvRcEL',
    index: 2,
    child:
      'xpub6FnCn6nSzZAw5Tw7cgR9bi15UV96gLZhjDstkXXxvCLsUXBGXPdSnLFbdpq8p9HmGsApME5hQTZ3emM2rnY5agb9rXpVGyy3bdW6EEgAtqt',
  },
];

describe('BIP32 public derivation (the standard test vectors 1 and 2)', () => {
  it.each(bip32Vectors)('$parentPath / $index', ({ seed, parentPath, parent, index, child }) => {
    expect(HDKey.fromMasterSeed(hex.decode(seed)).derive(parentPath).publicExtendedKey).toBe(parent);
    expect(HDKey.fromExtendedKey(parent).deriveChild(index).publicExtendedKey).toBe(child);
  });
});

// BIP39's "abandon abandon ... about" (no passphrase) seed, which BIP84 and the wallets' own suites use.
const abandonSeed = hex.decode(
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
);
const root = HDKey.fromMasterSeed(abandonSeed);
/** The account key at `path`, serialised as an xpub: all the server is ever given. */
const accountXpub = (path: string) => root.derive(path).publicExtendedKey;

// BIP84, "Test vectors": the account zpub and its receive addresses.
const bip84Zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

const addressVectors = [
  // BIP84: m/84'/0'/0'/0/0 and /0/1.
  { source: 'BIP84', network: 'BTC', key: bip84Zpub, index: 0, address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' },
  { source: 'BIP84', network: 'BTC', key: bip84Zpub, index: 1, address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g' },
  // The same account key serialised as an xpub gives the same addresses.
  {
    source: 'BIP84 as xpub',
    network: 'BTC',
    key: accountXpub("m/84'/0'/0'"),
    index: 0,
    address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  },
  // BIP44 Ethereum, m/44'/60'/0'/0/0, as every wallet derives it from the phrase; the same account on each EVM chain.
  ...['ETH', 'ARBITRUM', 'BASE', 'BSC', 'MATIC', 'POLYGON', 'CELO', 'AVALANCHE'].map((network) => ({
    source: 'BIP44 coin 60',
    network,
    key: accountXpub("m/44'/60'/0'"),
    index: 0,
    address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  })),
  // BIP44 TRON (coin 195), m/44'/195'/0'/0/0, as Trezor's and TronLink's suites pin it.
  {
    source: 'BIP44 coin 195',
    network: 'TRON',
    key: accountXpub("m/44'/195'/0'"),
    index: 0,
    address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  },
  // BIP44 XRP (coin 144), m/44'/144'/0'/0/0 and /0/1, as xrpl.js Wallet.fromMnemonic's tests pin them.
  {
    source: 'BIP44 coin 144',
    network: 'XRP',
    key: accountXpub("m/44'/144'/0'"),
    index: 0,
    address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3',
  },
  {
    source: 'BIP44 coin 144',
    network: 'XRP',
    key: accountXpub("m/44'/144'/0'"),
    index: 1,
    address: 'r3AgF9mMBFtaLhKcg96weMhbbEFLZ3mx17',
  },
];

describe('deriveDepositAddress: <account key>/0/<index> in each network encoding (published vectors)', () => {
  it('the BIP84 zpub is the account key of the abandon seed', () => {
    const account = root.derive("m/84'/0'/0'");
    const asZpub = new HDKey({
      versions: { public: 0x04b24746, private: 0x04b2430c },
      depth: account.depth,
      index: account.index,
      parentFingerprint: account.parentFingerprint,
      chainCode: account.chainCode as Uint8Array,
      publicKey: account.publicKey as Uint8Array,
    });
    expect(asZpub.publicExtendedKey).toBe(bip84Zpub);
  });

  it.each(addressVectors)('$source: $network index $index', ({ network, key, index, address }) => {
    expect(deriveDepositAddress(network, key, index)).toBe(address);
  });

  it('uses the external chain: the first change address of BIP84 (/1/0) is never a deposit address', () => {
    const firstChange = 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el';
    const given = Array.from({ length: 5 }, (_, i) => deriveDepositAddress('BTC', bip84Zpub, i));
    expect(given).not.toContain(firstChange);
    expect(new Set(given).size).toBe(5);
  });
});

/** The abandon seed's key at `path` serialised with other version bytes (SLIP-0132 kinds). */
function serialisedAs(path: string, versions: { public: number; private: number }): { pub: string; prv: string } {
  const key = HDKey.fromMasterSeed(abandonSeed, versions).derive(path);
  return { pub: key.publicExtendedKey, prv: key.privateExtendedKey };
}

describe('deriveDepositAddress refuses what it must not derive from', () => {
  const bip84 = "m/84'/0'/0'";
  const refusals: {
    why: string;
    network: string;
    key: string;
    message: RegExp;
    error: new (...args: never[]) => Error;
  }[] = [
    {
      why: 'Solana (ed25519, hardened only)',
      network: 'SOLANA',
      key: bip84Zpub,
      message: /ed25519/,
      error: UnsupportedNetworkError,
    },
    {
      why: 'a rail that is not crypto',
      network: 'SEPA',
      key: bip84Zpub,
      message: /SEPA/,
      error: UnsupportedNetworkError,
    },
    {
      why: 'a private key',
      network: 'ETH',
      key: root.derive("m/44'/60'/0'").privateExtendedKey,
      message: /private key \(xprv\)/,
      error: ExtendedKeyError,
    },
    {
      why: 'a zprv',
      network: 'BTC',
      key: serialisedAs(bip84, { public: 0x04b24746, private: 0x04b2430c }).prv,
      message: /private key \(zprv\)/,
      error: ExtendedKeyError,
    },
    {
      why: 'a ypub (BIP49 nested segwit) for BTC',
      network: 'BTC',
      key: serialisedAs("m/49'/0'/0'", { public: 0x049d7cb2, private: 0x049d7878 }).pub,
      message: /ypub is not accepted/,
      error: ExtendedKeyError,
    },
    {
      why: 'a testnet tpub for BTC',
      network: 'BTC',
      key: serialisedAs("m/84'/1'/0'", { public: 0x043587cf, private: 0x04358394 }).pub,
      message: /tpub is not accepted/,
      error: ExtendedKeyError,
    },
    { why: 'a zpub for ETH', network: 'ETH', key: bip84Zpub, message: /zpub is not accepted/, error: ExtendedKeyError },
    {
      why: 'the master key (depth 0)',
      network: 'ETH',
      key: root.publicExtendedKey,
      message: /depth 0/,
      error: ExtendedKeyError,
    },
    {
      why: 'the external chain key (depth 4)',
      network: 'ETH',
      key: accountXpub("m/44'/60'/0'/0"),
      message: /depth 4/,
      error: ExtendedKeyError,
    },
    {
      why: 'a mistyped key (checksum)',
      network: 'BTC',
      key: `${bip84Zpub.slice(0, -1)}t`,
      message: /base58check/,
      error: ExtendedKeyError,
    },
  ];

  it.each(refusals)('$why', ({ network, key, message, error }) => {
    expect(() => deriveDepositAddress(network, key, 0)).toThrow(error);
    expect(() => deriveDepositAddress(network, key, 0)).toThrow(message);
  });

  it.each([-1, 0x8000_0000, 1.5])('a hardened or malformed index (%s)', (index) => {
    expect(() => deriveDepositAddress('BTC', bip84Zpub, index)).toThrow(RangeError);
  });
});
