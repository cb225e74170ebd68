import { describe, expect, it } from 'vitest';
import { base58CheckDecode, base58CheckEncode, base58Decode, base58Encode, RIPPLE_ALPHABET } from './base58.js';

const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));
const toHex = (b: Uint8Array | undefined) => (b ? Buffer.from(b).toString('hex') : undefined);

describe('base58', () => {
  it.each([
    ['', ''],
    ['61', '2g'],
    ['626262', 'a3gV'],
    ['636363', 'aPEr'],
    ['00000000000000000000', '1111111111'],
    ['000000287fb4cd', '111233QC4'],
    ['73696d706c792061206c6f6e6720737472696e67', '2cFupjhnEsSn59qHXstmK2ffpLv2'],
  ])('encodes %s as %s and back', (input, encoded) => {
    expect(base58Encode(hex(input))).toBe(encoded);
    expect(toHex(base58Decode(encoded))).toBe(input);
  });

  it('rejects characters outside the alphabet', () => {
    expect(base58Decode('0OIl')).toBeUndefined();
  });
});

describe('base58check', () => {
  it('encodes the classic Bitcoin P2PKH vector', () => {
    const payload = hex('00010966776006953d5567439e5e39f86a0d273bee');
    expect(base58CheckEncode(payload)).toBe('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM');
    expect(toHex(base58CheckDecode('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM'))).toBe(toHex(payload));
  });

  it('encodes the TRON documentation address', () => {
    expect(base58CheckEncode(hex('418840e6c55b9ada326d211d818c34a994aeced808'))).toBe(
      'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    );
  });

  it('encodes XRP Ledger classic addresses with the Ripple alphabet', () => {
    expect(base58CheckEncode(new Uint8Array(21), RIPPLE_ALPHABET)).toBe('rrrrrrrrrrrrrrrrrrrrrhoLvTp');
    expect(base58CheckEncode(hex('00b5f762798a53d543a014caf8b297cff8f2f937e8'), RIPPLE_ALPHABET)).toBe(
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    );
  });

  it('refuses a corrupted checksum', () => {
    expect(base58CheckDecode('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvN')).toBeUndefined();
  });
});
