-- Quotes: a price lock for one pair. Amounts are integer minor units at each currency's precision.
create table quotes (
  id uuid primary key,
  workspace_id text not null references workspaces (id),
  origin_currency text not null,
  origin_rail text not null,
  destination_currency text not null,
  destination_rail text not null,
  origin_amount bigint not null,
  destination_amount bigint not null,
  -- Both in the fee currency (the origin currency); fee includes the creator markup.
  fee bigint not null,
  gas_fee bigint not null,
  creator_markup_fee bigint not null default 0,
  fee_currency text not null,
  -- Exact decimals: destination units per origin unit after the spread, and its inverse.
  conversion_rate numeric not null,
  price numeric not null,
  amount_direction text not null check (amount_direction in ('origin', 'destination')),
  locale text,
  customer_id text,
  customer_email text,
  user_email text,
  creator_markup numeric,
  created_at_ms bigint not null,
  expire_at_ms bigint not null,
  -- Set by the one order a quote may back.
  used_by_order_id text,
  used_at_ms bigint
);
create index quotes_workspace_created on quotes (workspace_id, created_at_ms desc);
