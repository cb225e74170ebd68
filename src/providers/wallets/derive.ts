// A deposit address: the public key at <account key>/0/<index> (BIP44's external chain, non-hardened steps, so the
// server derives it from the public key alone) in the network's address encoding.

import type { HDKey } from '@scure/bip32';
import { encodeAddress } from './address-encoding.js';
import { type AccountKey, parseAccountKey } from './extended-key.js';
import { walletNetworkOf } from './wallet-networks.js';

/** BIP44's change level: 0 is the external chain, the addresses given out to receive. */
export const externalChain = 0;

/** Non-hardened indexes are 0 .. 2^31 - 1 (BIP32: from 2^31 on, a child needs the private key). */
export const derivationIndexLimit = 0x8000_0000;

export function checkIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0 || index >= derivationIndexLimit) {
    throw new RangeError(`a derivation index is an integer from 0 to 2^31 - 1, not ${index}`);
  }
}

/** The external chain's key of an account: derived once per wallet, reused for each index. */
export function externalChainKey(account: AccountKey): HDKey {
  return account.hdKey.deriveChild(externalChain);
}

/** The address at `index` of an external chain key, in the format of `rail`'s network. */
export function addressAt(rail: string, chainKey: HDKey, index: number): string {
  checkIndex(index);
  // BIP32: an index whose child is invalid (probability below 2^-127) should be skipped; @scure/bip32 throws there,
  // and the allocation fails loudly rather than give an address nobody can spend from.
  const publicKey = chainKey.deriveChild(index).publicKey;
  if (publicKey === null) throw new Error('derivation gave no public key');
  return encodeAddress(walletNetworkOf(rail).format, publicKey);
}

/**
 * The deposit address at <xpub>/0/<index> on `network` (a crypto payin rail, aliases included). Throws
 * UnsupportedNetworkError for a network an xpub cannot serve (SOLANA) and ExtendedKeyError for a key the network
 * does not accept.
 */
export function deriveDepositAddress(network: string, xpub: string, index: number): string {
  const account = parseAccountKey(xpub, walletNetworkOf(network).acceptedKinds);
  return addressAt(network, externalChainKey(account), index);
}
