-- Banking accounts: payout destinations a partner stores for itself or for a customer, then names in orders and
-- withdrawals as { type: LINKED_BANK_ACCOUNT, bankingAccountId } (spec: Conventions 4, the rail LINKED_BANK_ACCOUNT).
-- The full instrument is needed to pay out, so it is kept, sealed (AES-256-GCM under SECRETS_KEY, as webhook
-- secrets are); reads show the masked copy, the last four characters and the fingerprint, none of them secret.
create table banking_accounts (
  id uuid primary key,
  workspace_id text not null references workspaces (id),
  -- The owner: the workspace's own account, or the account holding customer_email.
  account_id text not null references accounts (id),
  customer_email text,
  currency text not null,
  rail text not null,
  label text,
  last4 text not null,
  fingerprint text not null,
  -- { destinationTransferData, destinationUserData? } as JSON, sealed.
  instrument_sealed text not null,
  transfer_data_masked jsonb not null,
  user_data_masked jsonb,
  created_at_ms bigint not null
);
-- One stored copy of an account per owner: a second is a DuplicityError naming the first.
create unique index banking_accounts_owner_fingerprint on banking_accounts (workspace_id, account_id, fingerprint);
create index banking_accounts_workspace_created on banking_accounts (workspace_id, created_at_ms desc, id desc);
create index banking_accounts_owner_created on banking_accounts (account_id, created_at_ms desc, id desc);

-- An order or withdrawal paid out to a banking account names it. Its destination column holds the instrument as it
-- was at creation, so deleting the banking account later changes nothing for it: no foreign key, on purpose.
alter table orders add column banking_account_id uuid;
alter table withdrawals add column banking_account_id uuid;
