// The addresses given out, and the allocation of a new index per deposit (migration 0024). An address is recorded
// in the transaction that takes its index, before anyone is shown it: an index is never taken twice, an address is
// never recorded twice (unique), and a retried request for the same deposit finds the address it was given. When the
// caller brings the write of its deposit (WriteWithAddress), that write runs in the same transaction: the index, the
// address and the deposit commit together or not at all, so no index is consumed by a deposit that does not exist
// (issue #27; docs/decisions/deposits-and-collections.md, "Wallet indexes: consumed only by a deposit that exists").

import { hex } from '@scure/base';
import type { Db, Queryable } from '../../storage/db.js';
import { eip55 } from './address-encoding.js';
import { addressAt, externalChainKey } from './derive.js';
import { parseAccountKey } from './extended-key.js';
import { walletNetworkOf } from './wallet-networks.js';

export interface AllocatedAddress {
  /** The network the instructions report (MATIC for the POLYGON spelling). */
  readonly network: string;
  readonly walletId: string;
  readonly derivationIndex: number;
  readonly address: string;
  readonly depositId: string;
  readonly createdAtMs: number;
}

export interface AllocationRequest {
  /** A crypto payin rail, alias spellings included. */
  readonly network: string;
  /** The wallet's key id (walletIdOf): indexes are counted per key, whatever networks it serves. */
  readonly walletId: string;
  /** The account-level extended public key the addresses derive from. */
  readonly xpub: string;
  readonly depositId: string;
  readonly nowMs: number;
}

interface AddressRow {
  network: string;
  wallet_id: string;
  derivation_index: bigint | number | string;
  address: string;
  deposit_id: string;
  created_at_ms: bigint | number | string;
  [column: string]: unknown;
}

const allocated = (row: AddressRow): AllocatedAddress => ({
  network: row.network,
  walletId: row.wallet_id,
  derivationIndex: Number(row.derivation_index),
  address: row.address,
  depositId: row.deposit_id,
  createdAtMs: Number(row.created_at_ms),
});

/** The id indexes are counted under: BIP32's key identifier of the account key (the same for its xpub and zpub). */
export function walletIdOf(network: string, xpub: string): string {
  return parseAccountKey(xpub, walletNetworkOf(network).acceptedKinds).keyId;
}

/** Thrown inside the allocating transaction to undo its index when another request recorded the deposit first. */
class RecordedMeanwhile extends Error {}

/**
 * The write of the deposit an address is for, run in the transaction that takes the address's index and records
 * it: it throws to refuse the deposit (a key already claimed, a payer not approved), and the index, the address and
 * whatever it wrote then roll back together. It talks to the database only (storage/postgres.ts runs a deadlocked
 * transaction's body again).
 */
export type WriteWithAddress = (tx: Queryable, given: AllocatedAddress) => Promise<void>;

/**
 * The deposit's address: the one it was given before, or the address at the wallet's next index, recorded with the
 * deposit id. Safe with many server processes: the index is taken by one upsert of the wallet's counter row, which
 * PostgreSQL serialises, and held until the address is recorded (and, with `write`, until the deposit is written).
 * Throws when the deposit id already holds an address on another network (a deposit id names one deposit), and
 * when the wallet has used all 2^31 indexes.
 *
 * `write`, the deposit's own write, commits with the address (issue #27): an index is consumed only by a deposit
 * that exists. When the deposit id was given its address before, the index is that deposit's already and `write`
 * runs in a transaction of its own.
 */
export async function allocateDepositAddress(
  db: Db,
  request: AllocationRequest,
  write?: WriteWithAddress,
): Promise<AllocatedAddress> {
  const { network } = walletNetworkOf(request.network);
  const given = await addressOfDeposit(db, request.depositId);
  if (given !== undefined) return writeGiven(db, sameNetwork(given, network), write);
  const chainKey = externalChainKey(parseAccountKey(request.xpub, walletNetworkOf(request.network).acceptedKinds));
  try {
    return await db.transaction(async (tx) => {
      for (;;) {
        const index = await takeIndex(tx, request.walletId);
        const address = addressAt(request.network, chainKey, index);
        const [row] = await tx.query<AddressRow>(
          `insert into wallet_addresses (wallet_id, derivation_index, network, address, deposit_id, created_at_ms)
           values ($1, $2, $3, $4, $5, $6)
           on conflict do nothing
           returning *`,
          [request.walletId, index, network, address, request.depositId, request.nowMs],
        );
        if (row !== undefined) {
          const taken = allocated(row);
          // Still holding the counter row: a concurrent retry of the same request waits here, then finds its key
          // claimed by this commit and rolls its own index back (docs/decisions/deposits-and-collections.md, "Wallet indexes").
          if (write !== undefined) await write(tx, taken);
          return taken;
        }
        if ((await addressOfDeposit(tx, request.depositId)) !== undefined) throw new RecordedMeanwhile();
        // The address was given under another wallet id of the same key (the key configured twice): this index is
        // spent, take the next one. An address is never given twice.
      }
    });
  } catch (error) {
    if (!(error instanceof RecordedMeanwhile)) throw error;
    const recorded = await addressOfDeposit(db, request.depositId);
    if (recorded === undefined) throw new Error(`the address of deposit ${request.depositId} vanished`);
    return writeGiven(db, sameNetwork(recorded, network), write);
  }
}

/** A deposit id that holds its address already: its write, if any, runs on its own (the index is spent already). */
async function writeGiven(db: Db, given: AllocatedAddress, write: WriteWithAddress | undefined) {
  if (write !== undefined) await db.transaction((tx) => write(tx, given));
  return given;
}

/** The wallet's next index, counted from 0; the row stays locked until the caller's transaction ends. */
async function takeIndex(tx: Queryable, walletId: string): Promise<number> {
  const [row] = await tx.query<{ derivation_index: bigint | number | string }>(
    `insert into wallet_counters (wallet_id, next_index) values ($1, 1)
     on conflict (wallet_id) do update set next_index = wallet_counters.next_index + 1
       where wallet_counters.next_index < 2147483648
     returning next_index - 1 as derivation_index`,
    [walletId],
  );
  if (row === undefined) throw new Error(`wallet ${walletId} has given all 2^31 addresses of its external chain`);
  return Number(row.derivation_index);
}

function sameNetwork(given: AllocatedAddress, network: string): AllocatedAddress {
  if (given.network !== network) {
    throw new Error(`deposit ${given.depositId} was given a ${given.network} address, not a ${network} one`);
  }
  return given;
}

export async function addressOfDeposit(db: Queryable, depositId: string): Promise<AllocatedAddress | undefined> {
  const [row] = await db.query<AddressRow>('select * from wallet_addresses where deposit_id = $1', [depositId]);
  return row === undefined ? undefined : allocated(row);
}

/**
 * The deposit an inbound transfer to `address` belongs to (addresses are unique across networks). An EVM address
 * is found however its letters are cased (EIP-55's case is only a checksum); other formats are case-sensitive.
 */
export async function depositOfAddress(db: Queryable, address: string): Promise<AllocatedAddress | undefined> {
  const stored = /^0x[0-9a-fA-F]{40}$/.test(address) ? eip55(hex.decode(address.slice(2).toLowerCase())) : address;
  const [row] = await db.query<AddressRow>('select * from wallet_addresses where address = $1', [stored]);
  return row === undefined ? undefined : allocated(row);
}

/**
 * The deposit a crypto address of the brokerage's own wallet was given for on `network`, as a provider service's
 * callback names it (provider-protocol/). EVM addresses are compared without their checksum case, which a
 * provider may not keep.
 */
export async function depositIdOfAddress(db: Queryable, network: string, address: string): Promise<string | undefined> {
  const rows = await db.query<{ deposit_id: string }>(
    `select deposit_id from wallet_addresses
     where network = $1 and (address = $2 or (address like '0x%' and lower(address) = lower($2)))`,
    [network, address],
  );
  return rows[0]?.deposit_id;
}
