import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cryptoRails, depositAddress, toChecksumAddress } from './addresses.js';

describe('toChecksumAddress (EIP-55)', () => {
  // The vectors listed in EIP-55 itself.
  it.each([
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('checksums %s', (vector) => {
    expect(toChecksumAddress(vector.toLowerCase())).toBe(vector);
  });

  it('refuses what is not 20 bytes of hex', () => {
    expect(() => toChecksumAddress('0x1234')).toThrow();
  });
});

describe('depositAddress', () => {
  it('derives the address bytes from sha256(depositId + network)', () => {
    const digest = createHash('sha256').update('PREABCDEF123456ETH').digest('hex');
    expect(depositAddress('PREABCDEF123456', 'evm', 'ETH').toLowerCase()).toBe(`0x${digest.slice(0, 40)}`);
  });

  // Pinned: moving the encodings onto @noble/hashes and @scure/base must not move a partner's sandbox address.
  it.each([
    ['evm', 'ETH', '0xb5093032e6263B6727E3d8515797A9D2cB418F43'],
    ['btc', 'BTC', 'bc1qx5xtm0hsf4mry4z7zepgkp7yn7jxn0cj9uun9q'],
    ['tron', 'TRON', 'TBFgp7j3easbHDAP2AR8cN4JeNQf8GbmZF'],
    ['solana', 'SOLANA', '7Kg58yQrHZ5GhbkQmpySqkPnVHdvbsCkDvm1kHDTDcDz'],
    ['xrp', 'XRP', 'rK8CPRWP7dDvCL9iGdQGEz5XDcoj4mAtQ9'],
  ] as const)('keeps the %s address of a deposit', (format, network, expected) => {
    expect(depositAddress('PREABCDEF123456', format, network)).toBe(expected);
  });

  it('gives an alias the address of the network it names', () => {
    expect(cryptoRails.POLYGON).toEqual(cryptoRails.MATIC);
  });

  it('differs per network and per deposit', () => {
    const eth = depositAddress('PREABCDEF123456', 'evm', 'ETH');
    expect(depositAddress('PREABCDEF123456', 'evm', 'BASE')).not.toBe(eth);
    expect(depositAddress('PREABCDEF123457', 'evm', 'ETH')).not.toBe(eth);
  });
});
