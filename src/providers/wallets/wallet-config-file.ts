// The wallets' list read on its own, with the schema's first error named (the tests read lists this way). Its own
// module because TypeBox's value checker (typebox/value, about 150 modules) would otherwise load at every start: the
// server checks the providers file with Ajv (providers-file.ts) and the wallets with checkWalletConfig.

import Value from 'typebox/value';
import { checkWalletConfig, type WalletConfig, WalletConfigError, walletConfigSchema } from './wallet-config.js';

/** Checks `value` against the schema, then each entry; throws WalletConfigError naming the first bad entry. */
export function loadWalletConfig(value: unknown, where = 'wallets'): WalletConfig {
  const [first] = Value.Errors(walletConfigSchema, value);
  if (first !== undefined) {
    const unknownKey = first.schemaPath.endsWith('/additionalProperties');
    throw new WalletConfigError(`${where}${pathOf(first.instancePath)}: ${unknownKey ? 'unknown key' : first.message}`);
  }
  const config = value as WalletConfig;
  checkWalletConfig(config, where);
  return config;
}

/** A JSON pointer into the list as the entries are named elsewhere: /0/label is [0].label. */
function pathOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('');
}
