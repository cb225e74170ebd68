-- Accounts: the workspace's own account and its customers' accounts (keyed by email within the workspace).
-- The brokerage's own accounts (fees, liquidity, clearing) are not rows here: they are fixed ids in postings.
create table accounts (
  id text primary key,
  workspace_id text not null references workspaces (id),
  kind text not null check (kind in ('workspace', 'customer')),
  -- null for the workspace's own account.
  email text,
  verification_status text not null default 'NOT_AVAILABLE',
  created_at_ms bigint not null
);
create unique index accounts_workspace_own on accounts (workspace_id) where kind = 'workspace';
create unique index accounts_workspace_email on accounts (workspace_id, email) where kind = 'customer';

-- The journal: every movement of money is one entry whose postings net to zero per currency.
create table ledger_entries (
  id bigint generated always as identity primary key,
  workspace_id text not null,
  -- What caused it (deposit_credit, withdrawal_hold, ...) and the resource it belongs to.
  kind text not null,
  reference text not null,
  created_at_ms bigint not null
);
create index ledger_entries_reference on ledger_entries (reference);

-- A posting moves a signed amount (minor units) into one bucket of one account: available, or pending (held).
create table ledger_postings (
  entry_id bigint not null references ledger_entries (id),
  account_id text not null,
  currency text not null,
  bucket text not null check (bucket in ('available', 'pending')),
  amount bigint not null check (amount <> 0)
);
create index ledger_postings_entry on ledger_postings (entry_id);
create index ledger_postings_account on ledger_postings (account_id, currency);

-- Balances of partner and customer accounts, kept beside the postings in the same transaction. The brokerage's
-- own accounts have no row: every workspace touches them, so their balances are derived from postings instead of
-- funnelling all workspaces through one locked row.
create table balances (
  account_id text not null references accounts (id),
  currency text not null,
  available bigint not null default 0 check (available >= 0),
  pending bigint not null default 0 check (pending >= 0),
  updated_at_ms bigint not null,
  primary key (account_id, currency)
);
