import { hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { eip55, encodeAddress, uncompressedXY } from './address-encoding.js';

// secp256k1's generator G (SEC 2, 2.4.1): the public key of private key 1.
const generator = hex.decode('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
// The XRP Ledger's genesis account (XRPL docs, "Accounts": the account of the secret "masterpassphrase").
const xrpGenesisKey = hex.decode('0330e7fc9d56bb25d6893ba3f317ae5bcf33b3291bd63db32654a313222f7fd020');

describe('uncompressedXY', () => {
  it("gives G's published y (SEC 2)", () => {
    expect(hex.encode(uncompressedXY(generator).subarray(32))).toBe(
      '483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8',
    );
  });

  it('refuses an x with no point on the curve, and a malformed key', () => {
    // x = 5: 5^3 + 7 = 132 is not a square modulo p.
    expect(() => uncompressedXY(hex.decode(`02${'0'.repeat(63)}5`))).toThrow(/not a point/);
    expect(() => uncompressedXY(generator.subarray(1))).toThrow(/not a compressed/);
  });
});

describe('encodeAddress (published vectors)', () => {
  it.each([
    // BIP173, "Examples": P2WPKH of G on mainnet.
    { format: 'btc' as const, key: generator, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
    // The Ethereum account of private key 1, as every client shows it.
    { format: 'evm' as const, key: generator, address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf' },
    // XRPL docs: the genesis account's classic address.
    { format: 'xrp' as const, key: xrpGenesisKey, address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
  ])('$format: $address', ({ format, key, address }) => {
    expect(encodeAddress(format, key)).toBe(address);
  });

  it('TRON is the EVM account behind 0x41: base58check, 34 characters, starting with T', () => {
    const address = encodeAddress('tron', generator);
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });
});

describe('eip55 (the examples of EIP-55)', () => {
  it.each([
    // All caps
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    // All lower
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    // Normal
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('%s', (address) => {
    expect(eip55(hex.decode(address.slice(2).toLowerCase()))).toBe(address);
  });
});
