import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { resolveLocalSecrets } from './local-secrets.js';
import { secretsKeyId } from './secrets/keyring.js';

const dirs: string[] = [];
const aDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'brokerage-local-secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const keyA = 'a1'.repeat(32);
const keyB = 'b2'.repeat(32);

describe('resolveLocalSecrets: the SECRETS_KEY ring', () => {
  it.each([
    ['SECRETS_KEY alone', { SECRETS_KEY: keyA }, [keyA]],
    ['step 1: the next key decrypt-only', { SECRETS_KEY: keyA, SECRETS_DECRYPT_KEYS: keyB }, [keyA, keyB]],
    ['step 2: the previous key decrypt-only', { SECRETS_KEY: keyB, SECRETS_DECRYPT_KEYS: keyA }, [keyB, keyA]],
    ['a key listed in both is kept once', { SECRETS_KEY: keyB, SECRETS_DECRYPT_KEYS: `${keyA},${keyB}` }, [keyB, keyA]],
  ])('%s', (_, env, keys) => {
    const { secretsKeyring } = resolveLocalSecrets(loadConfig({ DATA_DIR: aDir(), ...env }));
    expect(secretsKeyring.ids).toEqual(keys.map((k) => secretsKeyId(Buffer.from(k, 'hex'))));
  });

  it('stage without SECRETS_KEY generates one into DATA_DIR once, and the decrypt-only keys join it', () => {
    const dir = aDir();
    const first = resolveLocalSecrets(loadConfig({ DATA_DIR: dir }));
    expect(first.generated).toContain(join(dir, 'secrets-key'));
    const again = resolveLocalSecrets(loadConfig({ DATA_DIR: dir, SECRETS_DECRYPT_KEYS: keyB }));
    expect(again.generated).toEqual([]);
    expect(again.secretsKeyring.ids).toEqual([first.secretsKeyring.current.id, secretsKeyId(Buffer.from(keyB, 'hex'))]);
  });

  it('a malformed generated key file stops the start with a ConfigError naming the file', () => {
    const dir = aDir();
    writeFileSync(join(dir, 'secrets-key'), 'not a key\n');
    expect(() => resolveLocalSecrets(loadConfig({ DATA_DIR: dir, ADMIN_TOKEN: 'x'.repeat(20) }))).toThrow(ConfigError);
    expect(() => resolveLocalSecrets(loadConfig({ DATA_DIR: dir, ADMIN_TOKEN: 'x'.repeat(20) }))).toThrow(
      `${dir}/secrets-key must be 32 bytes`,
    );
  });
});
