-- Inbound payments that arrived on a receiving method but match no deposit or order. Their funds wait in the
-- brokerage's suspense account until linked to an order or refunded to the payer.
create table pending_payments (
  id uuid primary key,
  workspace_id text not null references workspaces (id),
  method_id text not null references deposit_methods (id),
  account_id text not null references accounts (id),
  currency text not null,
  amount bigint not null,
  amount_major numeric not null,
  counterparty jsonb not null,
  status text not null check (status in ('UNMATCHED', 'LINKED', 'RETURNED')),
  refund_status text check (refund_status in ('pending_approval', 'returning', 'returned', 'failed')),
  external_reference text,
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);
create index pending_payments_workspace on pending_payments (workspace_id, created_at_ms desc, id desc);
create index pending_payments_id_prefix on pending_payments (workspace_id, (id::text) text_pattern_ops);
