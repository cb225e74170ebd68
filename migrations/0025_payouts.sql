-- Payouts submitted to a real rail (production): a bank file's SEPA or ACH payment, or a provider service's payout.
-- The row is written in the same transaction as the job that submitted the payout, so each payout is registered
-- once; its outcome arrives later (an imported pain.002, camt.054 or NACHA return file, or a signed callback) and is
-- applied to its subject (withdrawal, order or refund) through the same code the sandbox's answer takes.
create table payouts (
  payout_id text primary key,
  -- The short reference the payment travels under (a SEPA EndToEndId holds 35 characters, a NACHA individual id 15):
  -- every status report, statement line and return carries it back.
  reference text not null unique,
  subject text not null check (subject in ('withdrawal', 'order', 'refund')),
  workspace_id text not null,
  currency text not null,
  rail text not null,
  amount_minor bigint not null check (amount_minor > 0),
  destination jsonb not null,
  channel text not null check (channel in ('bank-file', 'provider-service')),
  -- submitted: waits for a batch or a callback; batched: in a bank file; settled/rejected/returned: the outcome.
  status text not null check (status in ('submitted', 'batched', 'settled', 'rejected', 'returned')),
  batch_id text,
  reason text,
  -- A return the subject could no longer take (an order already final): an operator resolves it.
  unresolved boolean not null default false,
  created_at_ms bigint not null,
  updated_at_ms bigint not null
);
-- Batching takes the submitted payouts of one channel and rail, oldest first.
create index payouts_waiting on payouts (channel, rail, currency, created_at_ms) where status = 'submitted';
create index payouts_batch on payouts (batch_id) where batch_id is not null;
