// Keccak-256 as Ethereum uses it (the original Keccak padding 0x01, not SHA3-256's 0x06). node:crypto ships only
// SHA3, and EIP-55 address checksums are defined on Keccak-256, so the permutation is written out here. Lanes are
// 64-bit BigInts: slow next to a native hash, but we hash a few dozen bytes per deposit.

const MASK = (1n << 64n) - 1n;

/** Round constants of Keccak-f[1600] (FIPS 202, section 3.2.5). */
const ROUND_CONSTANTS: readonly bigint[] = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];

/** Rho rotation offsets, indexed by lane x + 5y. */
const ROTATIONS: readonly number[] = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

const lane = (state: readonly bigint[], i: number): bigint => state[i] ?? 0n;

function rotl(value: bigint, shift: number): bigint {
  if (shift === 0) return value;
  const s = BigInt(shift);
  return ((value << s) | (value >> (64n - s))) & MASK;
}

function permute(state: bigint[]): void {
  for (const rc of ROUND_CONSTANTS) {
    // theta: xor every lane with the parities of two neighbouring columns
    const c = [0, 1, 2, 3, 4].map(
      (x) => lane(state, x) ^ lane(state, x + 5) ^ lane(state, x + 10) ^ lane(state, x + 15) ^ lane(state, x + 20),
    );
    for (let x = 0; x < 5; x++) {
      const d = (c[(x + 4) % 5] ?? 0n) ^ rotl(c[(x + 1) % 5] ?? 0n, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = lane(state, x + y) ^ d;
    }
    // rho and pi: rotate each lane and move (x, y) to (y, 2x + 3y)
    const b: bigint[] = new Array<bigint>(25).fill(0n);
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(lane(state, x + 5 * y), ROTATIONS[x + 5 * y] ?? 0);
      }
    }
    // chi: the only non-linear step
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) {
        state[x + y] = lane(b, x + y) ^ (~lane(b, ((x + 1) % 5) + y) & MASK & lane(b, ((x + 2) % 5) + y));
      }
    }
    // iota
    state[0] = lane(state, 0) ^ rc;
  }
}

/**
 * The Keccak sponge with capacity 2 * outputBytes. `suffix` is the domain byte merged into the first padding byte:
 * 0x01 for Keccak (Ethereum), 0x06 for SHA3 (which lets the tests check the permutation against node:crypto).
 */
export function keccakSponge(data: Uint8Array, outputBytes: number, suffix: number): Uint8Array {
  const rate = 200 - 2 * outputBytes;
  const padded = new Uint8Array(Math.ceil((data.length + 1) / rate) * rate);
  padded.set(data);
  padded[data.length] = suffix;
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) | 0x80;

  const state: bigint[] = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let word = 0n;
      for (let k = 7; k >= 0; k--) word = (word << 8n) | BigInt(padded[offset + 8 * i + k] ?? 0);
      state[i] = lane(state, i) ^ word;
    }
    permute(state);
  }

  // Squeeze: one block is enough for every output size used here (outputBytes <= rate).
  const out = new Uint8Array(outputBytes);
  for (let i = 0; i < outputBytes; i++) out[i] = Number((lane(state, i >> 3) >> BigInt(8 * (i & 7))) & 0xffn);
  return out;
}

export function keccak256(data: Uint8Array): Uint8Array {
  return keccakSponge(data, 32, 0x01);
}
