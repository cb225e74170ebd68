-- Orders: a quote bound to a payer, a beneficiary and a payout instrument, run as three legs (receive the origin
-- funds, convert at the quoted rate, pay out). Amounts are minor units of the leg's currency. While an order is in
-- flight its funds sit in the brokerage's `system:orders` account (derived from postings, no row).
create table orders (
  id text primary key,
  workspace_id text not null references workspaces (id),
  -- The account whose BALANCE legs it uses: a customer's for an on-behalf quote, else the workspace's own.
  account_id text not null references accounts (id),
  quote_id uuid not null unique references quotes (id),
  payer_email text,
  customer_email text,
  user_data jsonb,
  destination_user_data jsonb,
  destination jsonb not null,
  external_reference text,
  origin_currency text not null,
  origin_rail text not null,
  destination_currency text not null,
  destination_rail text not null,
  origin_amount bigint not null,
  destination_amount bigint not null,
  -- In the origin currency (the fee currency): workspace fee plus creator markup, the network fee, and the spread
  -- the conversion earns at the reference mid rate, each posted to the brokerage's accounts by the trade leg.
  fee bigint not null,
  gas_fee bigint not null,
  spread bigint not null,
  conversion_rate numeric not null,
  amount_major numeric not null,
  -- The origin leg: what has arrived so far and where the payer was told to pay.
  deposit_id text not null unique,
  received_amount bigint not null default 0,
  deposit_info jsonb not null,
  reference_code text not null unique,
  counterparty jsonb,
  payin_reference text,
  status text not null,
  failure_reason text,
  created_at_ms bigint not null,
  updated_at_ms bigint not null,
  -- The end of the payment window: an order with no (or only part of its) funds by then expires.
  pay_by_ms bigint not null,
  received_at_ms bigint,
  traded_at_ms bigint,
  withdrawn_at_ms bigint,
  completed_at_ms bigint
);
create index orders_workspace_created on orders (workspace_id, created_at_ms desc, id desc);
create index orders_workspace_status_created on orders (workspace_id, status, created_at_ms desc, id desc);
create index orders_workspace_payer on orders (workspace_id, payer_email, created_at_ms desc);
create index orders_id_prefix on orders (workspace_id, id text_pattern_ops);
create index orders_reference_prefix on orders (workspace_id, reference_code text_pattern_ops);
create index orders_external_reference_prefix on orders (workspace_id, external_reference text_pattern_ops);
create index orders_payer_prefix on orders (workspace_id, payer_email text_pattern_ops);

-- Funds an order could not use (an overpayment, a partial payment at expiry, a failed payout's refund) become
-- pending payments too; such a payment has no receiving method and names the order it came from. A payment
-- linked to an order by create-order names that order.
alter table pending_payments alter column method_id drop not null;
alter table pending_payments add column source_order_id text references orders (id);
alter table pending_payments add column linked_order_id text references orders (id);
