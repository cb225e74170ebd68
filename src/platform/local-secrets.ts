import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.js';

export interface LocalSecrets {
  readonly adminToken: string;
  readonly secretsKey: Buffer;
  /** Files generated at this start, so that main can tell the operator where they are (never their contents). */
  readonly generated: readonly string[];
}

/**
 * ADMIN_TOKEN and SECRETS_KEY come from the environment. In stage a missing one is generated once into DATA_DIR
 * (readable only by its owner) and reused on every later start; in production loadConfig already refused to start.
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
  const secretsKey =
    config.secretsKey ??
    Buffer.from(
      fromFile('secrets-key', () => randomBytes(32).toString('hex')),
      'hex',
    );
  return { adminToken, secretsKey, generated };
}
