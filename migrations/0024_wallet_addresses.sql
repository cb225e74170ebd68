-- Crypto deposit addresses derived from the operator's account-level extended public keys (issue 18, item 6;
-- docs/decisions/deposits-and-collections.md). Every deposit takes a new index of its wallet's external chain, <key>/0/<index>, and
-- the address is recorded here before it is shown, so that no address is ever given twice.

-- One row per wallet key (wallet_id: BIP32's key identifier of the account key, hash160 of its public key, so that
-- every network served by one key shares one sequence). Taking an index is one upsert of this row: PostgreSQL
-- serialises it across server processes, and the taking transaction holds the row until its address is recorded.
create table wallet_counters (
  wallet_id text primary key,
  -- The next index to give; indexes from 2^31 on are hardened and cannot be derived from a public key.
  next_index bigint not null check (next_index between 0 and 2147483648)
);

create table wallet_addresses (
  wallet_id text not null references wallet_counters (wallet_id),
  derivation_index bigint not null check (derivation_index between 0 and 2147483647),
  -- The network the deposit instructions report (MATIC for the POLYGON spelling).
  network text not null,
  -- Unique across every wallet and network: an inbound transfer names its deposit by the address alone.
  address text not null unique,
  -- The deposit (or deposit method, or order's origin deposit) the address was given for: one address each, and a
  -- retried request finds the address it was given. No foreign key: the address is allocated before its deposit
  -- row is written, in the same request.
  deposit_id text not null unique,
  created_at_ms bigint not null,
  primary key (wallet_id, derivation_index)
);
