import { describe, expect, it } from 'vitest';
import { bech32Decode, bech32Encode, decodeSegwitV0, segwitV0Address } from './bech32.js';

// Vectors from BIP-173 ("Test vectors").
const validChecksums = [
  'A12UEL5L',
  'a12uel5l',
  'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
  'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
  `11${'q'.repeat(82)}c8247j`,
  'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
  '?1ezyfcl',
];
const invalidChecksums = [
  `${String.fromCharCode(0x20)}1nwldj5`,
  `${String.fromCharCode(0x7f)}1axkwrx`,
  'an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx',
  'pzry9x0s0muk',
  '1pzry9x0s0muk',
  'x1b4n0q5v',
  'li1dgmt3',
  'de1lg7wt\u00ff',
  'A1G7SGD8',
  '10a06t8',
  '1qzzfhee',
];

describe('bech32', () => {
  it.each(validChecksums)('accepts %s and re-encodes it', (text) => {
    const decoded = bech32Decode(text);
    expect(decoded).toBeDefined();
    if (decoded) expect(bech32Encode(decoded.hrp, decoded.data)).toBe(text.toLowerCase());
  });

  it.each(invalidChecksums)('rejects %j', (text) => {
    expect(bech32Decode(text)).toBeUndefined();
  });

  it('round-trips the BIP-173 P2WPKH address', () => {
    const program = Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex');
    expect(segwitV0Address('bc', program)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    const decoded = decodeSegwitV0('bc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4');
    expect(decoded && Buffer.from(decoded).toString('hex')).toBe(program.toString('hex'));
  });

  it('rejects the wrong network prefix and a flipped character', () => {
    expect(decodeSegwitV0('tb', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeUndefined();
    expect(decodeSegwitV0('bc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBeUndefined();
  });
});
