// Sandbox deposit addresses in each network's real format, checksums included, so that partners can exercise their
// own address validation against stage. Each address is sha256(depositId + network): unique per deposit,
// reproducible, and controlled by nobody (no private key is ever derived), so a mainnet payment to one is lost
// rather than received by a stranger. Stage never watches these chains: deposits complete through the simulate API.

import { createHash } from 'node:crypto';
import { base58CheckEncode, base58Encode, RIPPLE_ALPHABET } from './base58.js';
import { segwitV0Address } from './bech32.js';
import { keccak256 } from './keccak.js';

export type AddressFormat = 'evm' | 'btc' | 'tron' | 'solana' | 'xrp';

/** Every crypto payin rail of the catalogue (aliases included) with the network it reports and its address format. */
export const cryptoRails: Readonly<Record<string, { network: string; format: AddressFormat }>> = {
  ETH: { network: 'ETH', format: 'evm' },
  ARBITRUM: { network: 'ARBITRUM', format: 'evm' },
  BASE: { network: 'BASE', format: 'evm' },
  BSC: { network: 'BSC', format: 'evm' },
  MATIC: { network: 'MATIC', format: 'evm' },
  // POLYGON is the catalogue alias of MATIC: one network, so the same address for the same deposit.
  POLYGON: { network: 'MATIC', format: 'evm' },
  CELO: { network: 'CELO', format: 'evm' },
  // Avalanche deposits land on the C-Chain, which uses Ethereum-style addresses.
  AVALANCHE: { network: 'AVALANCHE', format: 'evm' },
  TRON: { network: 'TRON', format: 'tron' },
  SOLANA: { network: 'SOLANA', format: 'solana' },
  BTC: { network: 'BTC', format: 'btc' },
  XRP: { network: 'XRP', format: 'xrp' },
};

function seed(depositId: string, network: string): Uint8Array {
  return new Uint8Array(
    createHash('sha256')
      .update(depositId + network)
      .digest(),
  );
}

/** EIP-55: uppercase each hex letter whose nibble in keccak256(lowercase hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  const lower = address.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new Error('an EVM address is 20 bytes of hex');
  const hash = Buffer.from(keccak256(new TextEncoder().encode(lower))).toString('hex');
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function depositAddress(depositId: string, format: AddressFormat, network: string): string {
  const bytes = seed(depositId, network);
  const account = bytes.subarray(0, 20);
  switch (format) {
    case 'evm':
      return toChecksumAddress(Buffer.from(account).toString('hex'));
    case 'btc':
      // P2WPKH: witness v0 with a 20-byte key hash.
      return segwitV0Address('bc', account);
    case 'tron':
      // Version byte 0x41 makes every mainnet TRON address start with T.
      return base58CheckEncode(Uint8Array.from([0x41, ...account]));
    case 'solana':
      // A Solana address is the plain base58 of a 32-byte public key (no checksum by design).
      return base58Encode(bytes);
    case 'xrp':
      // Classic address: type prefix 0x00 and the 20-byte account id, base58check in the Ripple alphabet.
      return base58CheckEncode(Uint8Array.from([0x00, ...account]), RIPPLE_ALPHABET);
  }
}
