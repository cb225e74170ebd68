import { randomFillSync } from 'node:crypto';
import { limits } from '../limits.js';

// Random bytes from the CSPRNG, drawn from a pool filled limits.secureRandomPoolBytes at a time. Node's randomBytes
// asks OpenSSL once per call, and a keyed write asks several times (its id, a nonce for each value it seals): in a
// profile of keyed deposits that was 3-5% of the server's busy time (docs/performance.md, "CPU per request"). The
// bytes are the same CSPRNG's; each is handed out once and the pool is refilled whole, so no two callers ever get
// the same bytes (a GCM nonce must never repeat under one key). Each process has its own pool, filled when first
// drawn on: cluster workers are processes of their own, never forked copies of this memory.

let pool: Buffer | undefined;
let drawn = 0;

/** `count` bytes from the CSPRNG, the caller's own copy. */
export function secureRandomBytes(count: number): Buffer {
  if (count > limits.secureRandomPoolBytes) return randomFillSync(Buffer.allocUnsafe(count));
  if (pool === undefined || drawn + count > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(limits.secureRandomPoolBytes));
    drawn = 0;
  }
  // A copy: the pool's bytes are refilled later, and those before `drawn` are never handed out again.
  const bytes = Buffer.from(pool.subarray(drawn, drawn + count));
  drawn += count;
  return bytes;
}
