import { hkdfSync } from 'node:crypto';
import { open, seal } from '../../platform/sealing.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { bankingFingerprintKeyName } from '../../platform/secrets/sealed-columns.js';
import type { Queryable } from '../../storage/db.js';
import { sharedValue } from '../../storage/server-keys.js';

// The full payout instrument a banking account holds, sealed at rest: it is needed to pay out, and nothing else
// reads it. Sealed under SECRETS_KEY like webhook secrets, so a copy of the database alone shows no identifier.

export interface StoredInstrument {
  readonly destinationTransferData: Record<string, string>;
  readonly destinationUserData?: Record<string, string>;
}

export const sealInstrument = (secretsKeyring: SecretsKeyring, instrument: StoredInstrument): string =>
  seal(secretsKeyring, JSON.stringify(instrument));

/** Throws when no key of the ring opens the value (an assertion: answered 503 OperationError). */
export const openInstrument = (secretsKeyring: SecretsKeyring, sealed: string): StoredInstrument =>
  JSON.parse(open(secretsKeyring, sealed)) as StoredInstrument;

/**
 * The fingerprints' HMAC key. Not kept readable in the database beside the last four characters it protects: with
 * the key in the same database, a copy of it would let anyone test guesses of the hidden digits against a
 * fingerprint. It was derived from SECRETS_KEY (HKDF-SHA256); fingerprints are public and must not change when
 * SECRETS_KEY rotates, so the first start of this version stores that derived key sealed in server_keys (rewritten by
 * the re-encryption command like every sealed value), and every process reads it from there (docs/decisions/rotation.md).
 */
export async function loadFingerprintKey(db: Queryable, secretsKeyring: SecretsKeyring): Promise<Buffer> {
  const sealed = await sharedValue(db, bankingFingerprintKeyName, () => {
    const derived = hkdfSync(
      'sha256',
      secretsKeyring.current.key,
      Buffer.alloc(0),
      'banking-account-fingerprint/v1',
      32,
    );
    return seal(secretsKeyring, Buffer.from(derived).toString('base64'));
  });
  return Buffer.from(open(secretsKeyring, sealed), 'base64');
}
