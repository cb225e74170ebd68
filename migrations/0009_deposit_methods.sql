-- Receiving methods (bank accounts) of an account; details may take a while to provision.
create table deposit_methods (
  id text primary key,
  workspace_id text not null references workspaces (id),
  account_id text not null references accounts (id),
  method_type text not null,
  currency text not null,
  rail text not null,
  status text not null check (status in ('PENDING', 'ACTIVE')),
  deposit_info jsonb not null,
  created_at_ms bigint not null,
  activated_at_ms bigint
);
create index deposit_methods_workspace on deposit_methods (workspace_id, created_at_ms desc, id desc);
