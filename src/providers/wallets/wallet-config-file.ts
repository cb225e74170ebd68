// The wallets' list read on its own, with the schema's first error named (the tests read lists this way). It is
// checked with the server's one Ajv configuration (platform/ajv.ts), as the providers file checks the same list; the
// server reads the wallets only inside the providers file (providers-file.ts, then checkWalletConfig). A module of
// its own from when TypeBox's value checker did this (docs/decisions/performance.md); no server code loads that now.

import type { ValidateFunction } from 'ajv';
import { compileValidator } from '../../platform/ajv.js';
import { checkWalletConfig, type WalletConfig, WalletConfigError, walletConfigSchema } from './wallet-config.js';

let compiled: ValidateFunction<WalletConfig> | undefined;

/** Checks `value` against the schema, then each entry; throws WalletConfigError naming the first bad entry. */
export function loadWalletConfig(value: unknown, where = 'wallets'): WalletConfig {
  compiled ??= compileValidator(walletConfigSchema, 'json');
  if (!compiled(value)) {
    const [first] = compiled.errors ?? [];
    if (first?.keyword === 'additionalProperties') {
      const key = String(first.params.additionalProperty);
      throw new WalletConfigError(`${where}${pathOf(`${first.instancePath}/${key}`)}: unknown key`);
    }
    throw new WalletConfigError(`${where}${pathOf(first?.instancePath ?? '')}: ${first?.message ?? 'is invalid'}`);
  }
  checkWalletConfig(value, where);
  return value;
}

/** A JSON pointer into the list as the entries are named elsewhere: /0/label is [0].label. */
function pathOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('');
}
