// The crypto payin rails of the catalogue that an xpub wallet can serve: the network each reports in its CRYPTO
// instructions, its address format, and the extended-key kinds it accepts (docs/decisions/deposits-and-collections.md, "Crypto deposits to the brokerage wallets"). SOLANA is a
// catalogue rail but not here: its keys are ed25519, derived by SLIP-0010 with hardened steps only, so no address
// of it can be derived from an extended public key.

import type { AddressFormat } from './address-encoding.js';
import type { KeyKind } from './extended-key.js';

export interface WalletNetwork {
  /** The network the instructions report (the canonical rail: POLYGON reports MATIC). */
  readonly network: string;
  readonly format: AddressFormat;
  readonly acceptedKinds: readonly KeyKind[];
}

const evm: Omit<WalletNetwork, 'network'> = { format: 'evm', acceptedKinds: ['xpub'] };

/** By rail spelling, aliases included. */
export const walletNetworks: Readonly<Record<string, WalletNetwork>> = {
  ETH: { network: 'ETH', ...evm },
  ARBITRUM: { network: 'ARBITRUM', ...evm },
  BASE: { network: 'BASE', ...evm },
  BSC: { network: 'BSC', ...evm },
  MATIC: { network: 'MATIC', ...evm },
  // The catalogue's alias of MATIC (currencies.ts): one network, one wallet.
  POLYGON: { network: 'MATIC', ...evm },
  CELO: { network: 'CELO', ...evm },
  // Deposits land on the C-Chain, whose accounts are Ethereum's.
  AVALANCHE: { network: 'AVALANCHE', ...evm },
  TRON: { network: 'TRON', format: 'tron', acceptedKinds: ['xpub'] },
  // Native segwit: a BIP84 account exports a zpub; many wallets export the same key as an xpub.
  BTC: { network: 'BTC', format: 'btc', acceptedKinds: ['xpub', 'zpub'] },
  XRP: { network: 'XRP', format: 'xrp', acceptedKinds: ['xpub'] },
};

/** Crypto rails an xpub wallet can never serve, with the reason an operator is told. */
export const refusedNetworks: Readonly<Record<string, string>> = {
  SOLANA:
    'Solana keys are ed25519 and derived by SLIP-0010 with hardened steps only: no address can come from an extended public key',
};

export class UnsupportedNetworkError extends Error {
  constructor(readonly rail: string) {
    super(refusedNetworks[rail] ?? `${rail} is not a crypto network an xpub wallet serves`);
    this.name = 'UnsupportedNetworkError';
  }
}

export function walletNetworkOf(rail: string): WalletNetwork {
  const found = walletNetworks[rail];
  if (found === undefined) throw new UnsupportedNetworkError(rail);
  return found;
}

/** The rail spellings that reach `network` (MATIC: MATIC and POLYGON). */
export function railsOf(network: string): string[] {
  return Object.entries(walletNetworks)
    .filter(([, entry]) => entry.network === network)
    .map(([rail]) => rail);
}
