// The operator's account-level extended public key, read and checked once (BIP32, "Serialization format"): which
// kinds of key a network accepts (by their version bytes), and that the key is public and at account depth. Only
// public keys ever enter the server: a private extended key is refused with its own message, so that an operator who
// pasted one learns it before it is stored anywhere.

import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check, hex } from '@scure/base';
import { HDKey } from '@scure/bip32';

/** The version bytes of the serialised keys we can meet (BIP32; SLIP-0132 for ypub and zpub and their testnet kin). */
const versionNames: Readonly<Record<number, string>> = {
  76067358: 'xpub',
  77429938: 'ypub',
  78792518: 'zpub',
  70617039: 'tpub',
  71979618: 'upub',
  73342198: 'vpub',
  76066276: 'xprv',
  77428856: 'yprv',
  78791436: 'zprv',
  70615956: 'tprv',
  71978536: 'uprv',
  73341116: 'vprv',
};

/** A key kind with the version pair @scure/bip32 needs to read it. */
const keyKinds = {
  xpub: { public: 0x0488b21e, private: 0x0488ade4 },
  zpub: { public: 0x04b24746, private: 0x04b2430c },
} as const;

export type KeyKind = keyof typeof keyKinds;

/**
 * BIP44 and BIP84 place the account key at m / purpose' / coin_type' / account': depth 3. Deposit addresses are its
 * external chain, <account key>/0/<index>, which is what the operator's wallet software scans for that account.
 */
export const accountDepth = 3;

const base58check = createBase58check(sha256);

export class ExtendedKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtendedKeyError';
  }
}

export interface AccountKey {
  /** The parsed key; public only (no private part is ever held). */
  readonly hdKey: HDKey;
  readonly kind: KeyKind;
  /**
   * BIP32's key identifier of the account key, hash160 of its public key, in hex. The same key serialised as xpub or
   * zpub has the same id, so counting indexes by it never gives one address twice.
   */
  readonly keyId: string;
}

/**
 * Reads `serialised` as an account-level extended public key of one of `accepted` kinds. Throws ExtendedKeyError
 * saying what is wrong: not a key, a private key, a kind the network does not accept, or not at account depth.
 */
export function parseAccountKey(serialised: string, accepted: readonly KeyKind[]): AccountKey {
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(serialised.trim());
  } catch {
    throw new ExtendedKeyError('not a base58check extended key (BIP32 serialisation)');
  }
  if (bytes.length !== 78) throw new ExtendedKeyError(`an extended key is 78 bytes, this one ${bytes.length}`);
  const version = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, false);
  const name = versionNames[version];
  if (name === undefined) throw new ExtendedKeyError(`unknown extended key version 0x${version.toString(16)}`);
  if (name.endsWith('prv')) {
    throw new ExtendedKeyError(`this is a private key (${name}): configure the account's extended public key only`);
  }
  const kind = accepted.find((k) => k === name);
  if (kind === undefined)
    throw new ExtendedKeyError(`a ${name} is not accepted here (accepted: ${accepted.join(', ')})`);
  let hdKey: HDKey;
  try {
    hdKey = HDKey.fromExtendedKey(serialised.trim(), keyKinds[kind]);
  } catch (error) {
    throw new ExtendedKeyError(`the ${name} does not parse: ${(error as Error).message}`);
  }
  if (hdKey.depth !== accountDepth) {
    throw new ExtendedKeyError(
      `the ${name} is at depth ${hdKey.depth}; configure the account-level key (depth ${accountDepth}, m/purpose'/coin'/account')`,
    );
  }
  return { hdKey, kind, keyId: hex.encode(hdKey.identifier as Uint8Array) };
}
