-- Stand-alone payouts from the workspace's balance. Amounts in minor units of `currency`; amount + fee are held
-- when the withdrawal is created and settled, released or returned by the payout's outcome.
create table withdrawals (
  id uuid primary key,
  workspace_id text not null references workspaces (id),
  account_id text not null references accounts (id),
  currency text not null,
  rail text not null,
  amount bigint not null,
  fee bigint not null,
  amount_major numeric not null,
  destination jsonb not null,
  beneficiary jsonb,
  status text not null,
  failure_reason text,
  created_at_ms bigint not null,
  updated_at_ms bigint not null,
  completed_at_ms bigint
);
create index withdrawals_workspace_created on withdrawals (workspace_id, created_at_ms desc, id desc);
create index withdrawals_workspace_status_created on withdrawals (workspace_id, status, created_at_ms desc, id desc);
create index withdrawals_id_prefix on withdrawals (workspace_id, (id::text) text_pattern_ops);
