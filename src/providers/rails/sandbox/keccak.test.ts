import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keccak256, keccakSponge } from './keccak.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('keccak256', () => {
  it('matches the published Keccak-256 vectors', () => {
    expect(hex(keccak256(utf8('')))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(hex(keccak256(utf8('abc')))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
    expect(hex(keccak256(utf8('The quick brown fox jumps over the lazy dog')))).toBe(
      '4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15',
    );
  });

  it('runs the same permutation as node SHA3-256 when given the SHA3 padding, across block boundaries', () => {
    for (const length of [0, 1, 55, 135, 136, 137, 271, 272, 300]) {
      const data = new Uint8Array(length).map((_, i) => (i * 31 + length) & 0xff);
      const expected = createHash('sha3-256').update(data).digest('hex');
      expect(hex(keccakSponge(data, 32, 0x06)), `length ${length}`).toBe(expected);
    }
  });
});
