// Each network's address of one secp256k1 public key (33 bytes, compressed, as BIP32 derivation gives it). Hashes
// and base encodings are the audited @noble/hashes and @scure/base; only the point decompression that EVM and TRON
// need is written here (secp256k1's y from x, SEC 1 section 2.3.4), and the published vectors of the tests pin it.

import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58xrp, bech32, createBase58check, hex } from '@scure/base';

export type AddressFormat = 'btc' | 'evm' | 'tron' | 'xrp';

/** secp256k1's field prime: 2^256 - 2^32 - 977. */
const fieldPrime = 2n ** 256n - 2n ** 32n - 977n;

function powMod(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

/**
 * The 64 bytes X || Y of a compressed secp256k1 key: y^2 = x^3 + 7, and since p = 3 (mod 4) the root is
 * (x^3 + 7)^((p + 1) / 4); the prefix (02 even, 03 odd) picks which of y and p - y.
 */
export function uncompressedXY(compressed: Uint8Array): Uint8Array {
  const prefix = compressed[0];
  if (compressed.length !== 33 || (prefix !== 2 && prefix !== 3)) throw new Error('not a compressed secp256k1 key');
  const x = BigInt(`0x${hex.encode(compressed.subarray(1))}`);
  const ySquared = (x ** 3n + 7n) % fieldPrime;
  let y = powMod(ySquared, (fieldPrime + 1n) / 4n, fieldPrime);
  if ((y * y) % fieldPrime !== ySquared) throw new Error('not a point of secp256k1');
  if ((y & 1n) !== BigInt(prefix & 1)) y = fieldPrime - y;
  return hex.decode(hex.encode(compressed.subarray(1)) + y.toString(16).padStart(64, '0'));
}

/** BIP32's hash160: RIPEMD-160 of SHA-256. */
export const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes));

/** The 20-byte account of Ethereum's yellow paper (and TRON's): the last 20 bytes of keccak-256 of X || Y. */
export function evmAccount(compressed: Uint8Array): Uint8Array {
  return keccak_256(uncompressedXY(compressed)).subarray(12);
}

/** EIP-55: uppercase each hex letter whose nibble in keccak-256 of the lowercase hex (as ASCII) is 8 or more. */
export function eip55(account: Uint8Array): string {
  const lower = hex.encode(account);
  const hash = hex.encode(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

const base58check = createBase58check(sha256);

/** XRP's base58check: its own alphabet, the checksum the first 4 bytes of double SHA-256 (as Bitcoin's). */
export function xrpBase58check(payload: Uint8Array): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58xrp.encode(Uint8Array.from([...payload, ...checksum]));
}

export function encodeAddress(format: AddressFormat, compressed: Uint8Array): string {
  switch (format) {
    case 'btc':
      // BIP141 P2WPKH, BIP173 bech32: witness version 0 and the 20-byte hash160 of the compressed key.
      return bech32.encode('bc', [0, ...bech32.toWords(hash160(compressed))]);
    case 'evm':
      return eip55(evmAccount(compressed));
    case 'tron':
      // TRON: the EVM account behind the mainnet prefix 0x41, base58check (so every address starts with T).
      return base58check.encode(Uint8Array.from([0x41, ...evmAccount(compressed)]));
    case 'xrp':
      // XRPL classic address: type prefix 0x00 and the account id, hash160 of the public key.
      return xrpBase58check(Uint8Array.from([0x00, ...hash160(compressed)]));
  }
}
