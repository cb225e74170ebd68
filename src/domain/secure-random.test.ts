import { describe, expect, it } from 'vitest';
import { limits } from '../limits.js';
import { secureRandomBytes } from './secure-random.js';

// The pool hands out each byte once: across a refill, for sizes that do and do not divide the pool, and for a
// request larger than the pool (drawn on its own). Bytes never handed twice means no two draws are equal.

describe('secureRandomBytes', () => {
  it.each([
    ['GCM nonces', 12],
    ['ids', 16],
    ['one byte', 1],
    ['a size that does not divide the pool', 7],
  ])('%s: the asked size, never the same bytes twice across several refills', (_what, count) => {
    const draws = Math.ceil((3 * limits.secureRandomPoolBytes) / count);
    const seen = new Set<string>();
    for (let i = 0; i < draws; i++) {
      const bytes = secureRandomBytes(count);
      expect(bytes.length).toBe(count);
      if (count >= 7) seen.add(bytes.toString('hex'));
    }
    // Bytes of 7 or more from a CSPRNG repeat with a negligible chance; a pool handing out bytes twice would.
    if (count >= 7) expect(seen.size).toBe(draws);
  });

  it('a draw larger than the pool is drawn whole, on its own', () => {
    const bytes = secureRandomBytes(limits.secureRandomPoolBytes + 1);
    expect(bytes.length).toBe(limits.secureRandomPoolBytes + 1);
    expect(bytes.equals(Buffer.alloc(bytes.length))).toBe(false);
  });

  it('hands out a copy: changing it changes no later draw', () => {
    const first = secureRandomBytes(16);
    first.fill(0);
    expect(secureRandomBytes(16).equals(Buffer.alloc(16))).toBe(false);
  });
});
