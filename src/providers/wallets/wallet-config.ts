// The operator's xpub wallets: one account-level extended public key per crypto network, checked when the server
// starts (a key that does not parse, a network no xpub can serve, a network given twice: each named), and the
// provider that answers CRYPTO deposit instructions from them (docs/decisions/deposits-and-collections.md, "Crypto deposits to the brokerage wallets").

import { type Static, Type } from 'typebox';
import { currencies } from '../../catalogue/currencies.js';
import type { Db } from '../../storage/db.js';
import type { InstructionRequest, RailProvider } from '../rails/rail-provider.js';
import { type AllocatedAddress, allocateDepositAddress } from './address-store.js';
import { parseAccountKey } from './extended-key.js';
import { railsOf, refusedNetworks, walletNetworks } from './wallet-networks.js';

export const walletEntrySchema = Type.Object(
  {
    network: Type.String({
      description: `A crypto payin rail: ${Object.keys(walletNetworks).join(', ')}. SOLANA cannot be served by an xpub.`,
    }),
    xpub: Type.String({
      description:
        "The account-level extended public key (depth 3, m/purpose'/coin'/account'); deposit addresses are <xpub>/0/<index>. BTC takes a zpub or an xpub, the other networks an xpub.",
    }),
  },
  { additionalProperties: false },
);

export const walletConfigSchema = Type.Array(walletEntrySchema, {
  description: 'One extended public key per crypto network; a network not listed is not offered.',
});

export type WalletConfig = Static<typeof walletConfigSchema>;

/** The CRYPTO variant of the deposit instructions the rail provider answers. */
export type CryptoInfo = Extract<Awaited<ReturnType<RailProvider['depositInstructions']>>, { depositType: 'CRYPTO' }>;

export class WalletConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletConfigError';
  }
}

/** The checks the schema cannot make: each network is one an xpub serves, once; each key parses and fits it. */
export function checkWalletConfig(config: WalletConfig, where = 'wallets'): void {
  const seen = new Map<string, number>();
  config.forEach((entry, i) => {
    const name = `${where}[${i}] (network ${entry.network})`;
    const served = walletNetworks[entry.network];
    if (served === undefined) {
      const reason = refusedNetworks[entry.network] ?? `served networks: ${Object.keys(walletNetworks).join(', ')}`;
      throw new WalletConfigError(`${name}: not a network an xpub wallet serves; ${reason}`);
    }
    const earlier = seen.get(served.network);
    if (earlier !== undefined) {
      throw new WalletConfigError(`${name}: ${served.network} is configured already by ${where}[${earlier}]`);
    }
    seen.set(served.network, i);
    try {
      parseAccountKey(entry.xpub, served.acceptedKinds);
    } catch (error) {
      throw new WalletConfigError(`${name}: ${(error as Error).message}`);
    }
  });
}

export interface XpubWallets {
  /** The crypto payin rails served, alias spellings included (MATIC and POLYGON), sorted. */
  networks(): string[];
  /**
   * CRYPTO instructions with the deposit's own address: a new index of the network's wallet, recorded with the
   * deposit id; the same deposit id answers the same address. With `writeDeposit`, the deposit is written in the
   * transaction that takes the index: a refused write (it throws) leaves no index consumed. Throws for a rail not
   * served or a currency the catalogue does not collect on it (the caller routes and validates both). The amount is
   * not part of CRYPTO instructions.
   */
  depositInstructions(request: InstructionRequest): Promise<CryptoInfo>;
}

interface Wallet {
  readonly xpub: string;
  readonly walletId: string;
}

export function xpubWallets(db: Db, config: WalletConfig, clock = { nowMs: () => Date.now() }): XpubWallets {
  checkWalletConfig(config);
  const byNetwork = new Map<string, Wallet>();
  for (const entry of config) {
    const served = walletNetworks[entry.network];
    if (served === undefined) continue; // refused by checkWalletConfig
    const { keyId } = parseAccountKey(entry.xpub, served.acceptedKinds);
    byNetwork.set(served.network, { xpub: entry.xpub.trim(), walletId: keyId });
  }
  const rails = [...byNetwork.keys()].flatMap(railsOf).sort();

  return {
    networks: () => [...rails],
    async depositInstructions(request) {
      const served = walletNetworks[request.rail];
      const wallet = served === undefined ? undefined : byNetwork.get(served.network);
      if (served === undefined || wallet === undefined) throw new Error(`no xpub wallet serves rail ${request.rail}`);
      const currency = currencies.find((c) => c.code === request.currency);
      if (currency === undefined || !currency.acceptedOriginRails.includes(request.rail)) {
        throw new Error(`${request.currency} is not collected on rail ${request.rail}`);
      }
      const info = (given: AllocatedAddress): CryptoInfo => ({
        depositType: 'CRYPTO',
        address: given.address,
        network: given.network,
      });
      const { writeDeposit } = request;
      const given = await allocateDepositAddress(
        db,
        {
          network: request.rail,
          walletId: wallet.walletId,
          xpub: wallet.xpub,
          depositId: request.depositId,
          nowMs: clock.nowMs(),
        },
        writeDeposit && ((tx, taken) => writeDeposit(tx, info(taken))),
      );
      return info(given);
    },
  };
}
