import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// Operator passwords (operator console issue, item 1; docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell", "Password hashing"): scrypt from
// node:crypto, a memory-hard function (RFC 7914) computed by OpenSSL on libuv's thread pool, so a sign-in does not
// stall the event loop as the pure-JS argon2id of @noble/hashes would (measured: argon2id at m=19 MiB, t=2 took
// 182 ms on the event loop; scrypt N=2^16, r=8, p=1, 64 MiB, 154 ms off it). The parameters travel in the stored
// value, `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so raising them later leaves old hashes readable.

const current = { log2N: 16, r: 8, p: 1 } as const;
const saltBytes = 16;
const hashBytes = 32;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  // maxmem: scrypt needs 128 * N * r bytes; Node's default (32 MiB) is below that.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, hashBytes, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltBytes);
  const hash = await derive(password, salt, current.log2N, current.r, current.p);
  return ['scrypt', current.log2N, current.r, current.p, salt.toString('base64url'), hash.toString('base64url')].join(
    '$',
  );
}

/** Whether the password matches a stored hash; false for a value not written by hashPassword. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !log2N || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(log2N), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of no password anyone knows, checked when the email names no account (or one not enrolled), so that a
 * sign-in costs the same time whether the account exists or not.
 */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => {
  decoy ??= hashPassword(randomBytes(16).toString('base64url'));
  return decoy;
};
