import { createHash } from 'node:crypto';
import { limits } from '../../limits.js';

// SECRETS_KEY rotation (docs/reliability/rotation.md): one key seals, every key of the ring opens. A key is named
// by an id derived from it, so a sealed value says which key opens it without the configuration having to name keys,
// and two processes configured with the same key agree on its id.

export interface SecretsKey {
  /** 16 hex digits of SHA-256 over a label and the key: names the key, reveals nothing of it. */
  readonly id: string;
  readonly key: Buffer;
}

/** A keyring that cannot be built: a key of the wrong length, or two keys with one id. A start-up error. */
export class KeyringError extends Error {}

const keyBytes = limits.secretsKeyBytes;

export function secretsKeyId(key: Buffer): string {
  return createHash('sha256').update('brokerage secrets key id\0').update(key).digest('hex').slice(0, 16);
}

export class SecretsKeyring {
  /** The key every new value is sealed under. */
  readonly current: SecretsKey;
  /** The current key first, then the decrypt-only keys in the order given. */
  readonly keys: readonly SecretsKey[];
  private readonly byId: ReadonlyMap<string, SecretsKey>;

  private constructor(keys: readonly SecretsKey[]) {
    this.keys = keys;
    this.current = keys[0] as SecretsKey;
    this.byId = new Map(keys.map((k) => [k.id, k]));
  }

  /**
   * The ring of SECRETS_KEY (`current`) and SECRETS_DECRYPT_KEYS. A decrypt-only key equal to the current one, or
   * listed twice, is kept once: harmless while an operator moves a key from one variable to the other.
   */
  static of(current: Buffer, decryptOnly: readonly Buffer[] = []): SecretsKeyring {
    const keys: SecretsKey[] = [];
    for (const key of [current, ...decryptOnly]) {
      if (key.length !== keyBytes) throw new KeyringError(`a secrets key must be ${keyBytes} bytes, got ${key.length}`);
      const id = secretsKeyId(key);
      const known = keys.find((k) => k.id === id);
      if (known === undefined) keys.push({ id, key });
      else if (!known.key.equals(key)) throw new KeyringError(`two different secrets keys share the id ${id}`);
    }
    return new SecretsKeyring(keys);
  }

  /** The key of this id, if the ring holds it. */
  key(id: string): SecretsKey | undefined {
    return this.byId.get(id);
  }

  /** The ids, current first: what an operator compares with the ids sealed values name (never the keys). */
  get ids(): readonly string[] {
    return this.keys.map((k) => k.id);
  }
}
