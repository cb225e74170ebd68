-- Stand-alone deposits: collecting funds into a workspace balance. Amounts in minor units of `currency`.
create table deposits (
  id text primary key,
  workspace_id text not null references workspaces (id),
  account_id text not null references accounts (id),
  payer_email text not null,
  user_data jsonb not null,
  currency text not null,
  rail text not null,
  -- null: an open-amount collection (EUR only).
  expected_amount bigint,
  -- Credited so far: 0 until funds are received, and while they are held for compliance review.
  amount bigint not null default 0,
  held_amount bigint not null default 0,
  fee bigint not null default 0,
  expected_fee bigint not null default 0,
  status text not null,
  deposit_info jsonb not null,
  deposit_info_pending boolean not null default false,
  reference_code text not null unique,
  created_at_ms bigint not null,
  received_at_ms bigint,
  updated_at_ms bigint not null
);
create index deposits_workspace_created on deposits (workspace_id, created_at_ms desc, id desc);
create index deposits_workspace_status_created on deposits (workspace_id, status, created_at_ms desc, id desc);
create index deposits_workspace_payer on deposits (workspace_id, payer_email, created_at_ms desc);
