import { hkdfSync } from 'node:crypto';
import { open, seal } from '../../platform/sealing.js';

// The full payout instrument a banking account holds, sealed at rest: it is needed to pay out, and nothing else
// reads it. Sealed under SECRETS_KEY like webhook secrets, so a copy of the database alone shows no identifier.

export interface StoredInstrument {
  readonly destinationTransferData: Record<string, string>;
  readonly destinationUserData?: Record<string, string>;
}

export const sealInstrument = (secretsKey: Buffer, instrument: StoredInstrument): string =>
  seal(secretsKey, JSON.stringify(instrument));

/** Throws when the value was not sealed under this key (an assertion: answered 503 OperationError). */
export const openInstrument = (secretsKey: Buffer, sealed: string): StoredInstrument =>
  JSON.parse(open(secretsKey, sealed)) as StoredInstrument;

const fingerprintKeys = new WeakMap<Buffer, Buffer>();

/**
 * The fingerprints' HMAC key, derived from SECRETS_KEY (HKDF-SHA256) rather than kept in the database beside the
 * last four characters it protects: with the key in the same database, a copy of it would let anyone test guesses
 * of the hidden digits against a fingerprint. Every process shares SECRETS_KEY, so fingerprints agree everywhere.
 */
export function fingerprintKeyOf(secretsKey: Buffer): Buffer {
  let key = fingerprintKeys.get(secretsKey);
  if (key === undefined) {
    key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'banking-account-fingerprint/v1', 32));
    fingerprintKeys.set(secretsKey, key);
  }
  return key;
}
