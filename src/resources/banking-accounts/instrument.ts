import { hkdfSync } from 'node:crypto';
import { open, seal } from '../../platform/sealing.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { bankingFingerprintKeyName } from '../../platform/secrets/sealed-columns.js';
import type { Queryable } from '../../storage/db.js';
import { sharedValue, storeValueIfAbsent } from '../../storage/server-keys.js';
import { anyBankingAccountStored } from './repo.js';

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

const derivedFingerprintKey = (secretsKeyring: SecretsKeyring): string => {
  const derived = hkdfSync('sha256', secretsKeyring.current.key, Buffer.alloc(0), 'banking-account-fingerprint/v1', 32);
  return seal(secretsKeyring, Buffer.from(derived).toString('base64'));
};

/**
 * The fingerprints' HMAC key. Not kept readable in the database beside the last four characters it protects: with
 * the key in the same database, a copy of it would let anyone test guesses of the hidden digits against a
 * fingerprint. It was derived from SECRETS_KEY (HKDF-SHA256) at each use; fingerprints are public and must not
 * change when SECRETS_KEY rotates, so it is now derived once, stored sealed in server_keys (rewritten by the
 * re-encryption command like every sealed value), and read from there (docs/decisions/security-and-secrets.md, "Secrets that can rotate"):
 * - at the first start of this version on a database holding banking accounts, from the SECRETS_KEY their
 *   fingerprints were made with (no rotation can precede this version);
 * - otherwise when the first banking account is stored, from the SECRETS_KEY of that moment (no fingerprint exists
 *   yet to agree with). A process that never stores one never opens it.
 */
export async function storeFingerprintKeyIfAbsent(db: Queryable, secretsKeyring: SecretsKeyring): Promise<void> {
  if (await anyBankingAccountStored(db))
    await storeValueIfAbsent(db, bankingFingerprintKeyName, derivedFingerprintKey(secretsKeyring));
}

/**
 * AppContext.bankingFingerprintKey: the key, read and opened on first use and kept; a failure (a ring that does not
 * open it: 503 OperationError for that request) is tried again on the next use.
 */
export function fingerprintKeyLoader(db: Queryable, secretsKeyring: SecretsKeyring): () => Promise<Buffer> {
  let loaded: Promise<Buffer> | undefined;
  return () => {
    if (loaded === undefined) {
      const loading = sharedValue(db, bankingFingerprintKeyName, () => derivedFingerprintKey(secretsKeyring)).then(
        (sealed) => Buffer.from(open(secretsKeyring, sealed), 'base64'),
      );
      loading.catch(() => {
        if (loaded === loading) loaded = undefined;
      });
      loaded = loading;
    }
    return loaded;
  };
}
