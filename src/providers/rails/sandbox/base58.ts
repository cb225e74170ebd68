// Base58 and Base58Check, for the TRON, Solana and XRP Ledger sandbox addresses. The XRP Ledger uses the same
// scheme as Bitcoin with its own alphabet (which is why its classic addresses start with r).

import { createHash } from 'node:crypto';

export const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

export function base58Encode(bytes: Uint8Array, alphabet: string = BITCOIN_ALPHABET): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  while (value > 0n) {
    out = alphabet.charAt(Number(value % 58n)) + out;
    value /= 58n;
  }
  // Each leading zero byte is written as the alphabet's zero digit, so the length survives the round trip.
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return alphabet.charAt(0).repeat(zeros) + out;
}

export function base58Decode(text: string, alphabet: string = BITCOIN_ALPHABET): Uint8Array | undefined {
  let value = 0n;
  for (const c of text) {
    const digit = alphabet.indexOf(c);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (value > 0n) {
    body.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  let zeros = 0;
  while (zeros < text.length && text.charAt(zeros) === alphabet.charAt(0)) zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

/** The first four bytes of sha256(sha256(payload)). */
export function doubleSha256Checksum(payload: Uint8Array): Uint8Array {
  const once = createHash('sha256').update(payload).digest();
  return new Uint8Array(createHash('sha256').update(once).digest().subarray(0, 4));
}

/** Base58Check of a payload that already carries its version byte(s). */
export function base58CheckEncode(payload: Uint8Array, alphabet: string = BITCOIN_ALPHABET): string {
  const full = new Uint8Array(payload.length + 4);
  full.set(payload);
  full.set(doubleSha256Checksum(payload), payload.length);
  return base58Encode(full, alphabet);
}

/** The payload (version included) when the checksum holds; undefined otherwise. */
export function base58CheckDecode(text: string, alphabet: string = BITCOIN_ALPHABET): Uint8Array | undefined {
  const full = base58Decode(text, alphabet);
  if (full === undefined || full.length < 5) return undefined;
  const payload = full.subarray(0, full.length - 4);
  const expected = doubleSha256Checksum(payload);
  return expected.every((b, i) => b === full[payload.length + i]) ? payload : undefined;
}
