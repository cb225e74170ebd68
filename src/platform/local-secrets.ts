import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Config, ConfigError, parseSecretsKey } from '../config.js';
import { KeyringError, SecretsKeyring } from './secrets/keyring.js';

export interface LocalSecrets {
  readonly adminToken: string;
  /** SECRETS_KEY (or the generated one) seals; SECRETS_DECRYPT_KEYS only open. */
  readonly secretsKeyring: SecretsKeyring;
  /** Files generated at this start, so that main can tell the operator where they are (never their contents). */
  readonly generated: readonly string[];
}

/**
 * ADMIN_TOKEN and SECRETS_KEY come from the environment. In stage a missing one is generated once into DATA_DIR
 * (readable only by its owner) and reused on every later start; in production loadConfig already refused to start.
 * A malformed key file, like a malformed variable, is a ConfigError: the process does not start.
 */
export function resolveLocalSecrets(config: Config): LocalSecrets {
  const generated: string[] = [];
  const fromFile = (name: string, make: () => string): string => {
    const path = resolve(join(config.dataDir, name));
    if (existsSync(path)) return readFileSync(path, 'utf8').trim();
    mkdirSync(config.dataDir, { recursive: true });
    const value = make();
    writeFileSync(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
    generated.push(path);
    return value;
  };
  const adminToken = config.adminToken ?? fromFile('admin-token', () => randomBytes(32).toString('base64url'));
  const problems: string[] = [];
  const secretsKey =
    config.secretsKey ??
    parseSecretsKey(
      `${config.dataDir}/secrets-key`,
      fromFile('secrets-key', () => randomBytes(32).toString('hex')),
      problems,
    );
  if (secretsKey === undefined) throw new ConfigError(problems);
  try {
    return { adminToken, secretsKeyring: SecretsKeyring.of(secretsKey, config.secretsDecryptKeys), generated };
  } catch (error) {
    if (error instanceof KeyringError) throw new ConfigError([`SECRETS_DECRYPT_KEYS: ${error.message}`]);
    throw error;
  }
}
