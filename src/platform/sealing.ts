import { createCipheriv, createDecipheriv } from 'node:crypto';
import { secureRandomBytes } from '../domain/secure-random.js';
import type { SecretsKeyring } from './secrets/keyring.js';

// Secrets at rest (webhook signing secrets, banking instruments, TOTP secrets, identity documents, queued mail):
// AES-256-GCM with a fresh 12-byte nonce, stored as `v2.<keyId>.<nonce>.<tag>.<ciphertext>` (base64url parts).
// The key id names the key of the ring that sealed it (secrets/keyring.ts) and is authenticated as associated
// data, so a value cannot be passed off as another key's. Values of the first format, `v1.<nonce>.<tag>.<ct>`,
// name no key: every key of the ring is tried (GCM's tag tells the right one); the re-encryption command rewrites
// them as v2 (docs/reliability/rotation.md).

/** A value that cannot be opened: not a sealed value, sealed under a key the ring lacks, or altered. */
export class UnreadableSealedValueError extends Error {}

/** The key id a v2 value names, 'v1' for a value of the first format, undefined for anything else. */
export function sealedKeyId(sealed: string): string | undefined {
  const parts = sealed.split('.');
  if (parts[0] === 'v1' && parts.length === 4) return 'v1';
  if (parts[0] === 'v2' && parts.length === 5) return parts[1];
  return undefined;
}

/** The associated data of a key's values, made once per key id: a list page opens hundreds of values. */
const associatedDataOf = new Map<string, Buffer>();
function associatedData(keyId: string): Buffer {
  let aad = associatedDataOf.get(keyId);
  if (aad === undefined) {
    aad = Buffer.from(`v2.${keyId}`, 'utf8');
    associatedDataOf.set(keyId, aad);
  }
  return aad;
}

export function seal(keyring: SecretsKeyring, plaintext: string): string {
  const { id, key } = keyring.current;
  const nonce = secureRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(associatedData(id));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v2', id, ...[nonce, cipher.getAuthTag(), body].map((p) => p.toString('base64url'))].join('.');
}

function decrypt(key: Buffer, nonce: string, tag: string, body: string, aad: Buffer | undefined): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  if (aad !== undefined) decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plaintext = decipher.update(Buffer.from(body, 'base64url'));
  decipher.final(); // checks the tag; GCM gives no further bytes
  return plaintext.toString('utf8');
}

/** Throws UnreadableSealedValueError when no key of the ring opens the value. */
export function open(keyring: SecretsKeyring, sealed: string): string {
  const parts = sealed.split('.');
  const keyId = sealedKeyId(sealed);
  if (keyId === 'v1') {
    const [, nonce, tag, body] = parts as [string, string, string, string];
    for (const { key } of keyring.keys) {
      try {
        return decrypt(key, nonce, tag, body, undefined);
      } catch {
        // The next key: GCM's tag fails for every key but the one that sealed it.
      }
    }
    throw new UnreadableSealedValueError('a v1 sealed value that no key of the ring opens');
  }
  if (keyId === undefined) throw new UnreadableSealedValueError('not a sealed value');
  const known = keyring.key(keyId);
  if (known === undefined) {
    throw new UnreadableSealedValueError(
      `sealed under key ${keyId}, which neither SECRETS_KEY nor SECRETS_DECRYPT_KEYS holds`,
    );
  }
  const [, , nonce, tag, body] = parts as [string, string, string, string, string];
  try {
    return decrypt(known.key, nonce, tag, body, associatedData(keyId));
  } catch {
    throw new UnreadableSealedValueError(`a value sealed under key ${keyId} was altered`);
  }
}
