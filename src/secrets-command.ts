// `npm run secrets -- <command>`: rotation of SECRETS_KEY and of the token-signing keys against a live system
// (docs/reliability/rotation.md). Configured as the server is (the same environment: SECRETS_KEY,
// SECRETS_DECRYPT_KEYS, DATABASE_URL or DATA_DIR); the work is in platform/secrets/command.ts.
import { ConfigError, loadConfig } from './config.js';
import { resolveLocalSecrets } from './platform/local-secrets.js';
import { runSecretsCommand } from './platform/secrets/command.js';
import { DataDirInUseError } from './storage/data-dir-lock.js';
import { openStore } from './storage/open-store.js';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const { secretsKeyring } = resolveLocalSecrets(config);
  const store = await openStore(config);
  try {
    return await runSecretsCommand(process.argv.slice(2), {
      db: store.db,
      keyring: secretsKeyring,
      nowMs: () => Date.now(),
      out: (line) => process.stdout.write(`${line}\n`),
    });
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      process.stderr.write(`brokerage secrets: ${error.message}\n`);
    } else {
      process.stderr.write(
        `brokerage secrets: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  },
);
