// Sandbox deposit addresses in each network's real format, checksums included, so that partners can exercise their
// own address validation against stage. Each address is sha256(depositId + network): unique per deposit,
// reproducible, and controlled by nobody (no private key is ever derived), so a mainnet payment to one is lost
// rather than received by a stranger. Stage never watches these chains: deposits complete through the simulate API.

// The encodings are the production wallets' (providers/wallets/address-encoding.ts), over the audited libraries:
// keccak-256 from @noble/hashes, base58, base58check and bech32 from @scure/base.

import { createHash } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, createBase58check, hex } from '@scure/base';
import { eip55, xrpBase58check } from '../../wallets/address-encoding.js';

/** Bitcoin's base58check (TRON's too): the checksum is the first 4 bytes of double SHA-256. */
const base58check = createBase58check(sha256);

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

/** EIP-55 mixed-case checksum of a 20-byte hex address, with or without its 0x. */
export function toChecksumAddress(address: string): string {
  const lower = address.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new Error('an EVM address is 20 bytes of hex');
  return eip55(hex.decode(lower));
}

export function depositAddress(depositId: string, format: AddressFormat, network: string): string {
  const bytes = seed(depositId, network);
  const account = bytes.subarray(0, 20);
  switch (format) {
    case 'evm':
      return eip55(account);
    case 'btc':
      // P2WPKH: witness v0 with a 20-byte key hash.
      return bech32.encode('bc', [0, ...bech32.toWords(account)]);
    case 'tron':
      // Version byte 0x41 makes every mainnet TRON address start with T.
      return base58check.encode(Uint8Array.from([0x41, ...account]));
    case 'solana':
      // A Solana address is the plain base58 of a 32-byte public key (no checksum by design).
      return base58.encode(bytes);
    case 'xrp':
      // Classic address: type prefix 0x00 and the 20-byte account id, base58check in the Ripple alphabet.
      return xrpBase58check(Uint8Array.from([0x00, ...account]));
  }
}
