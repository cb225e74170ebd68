-- Bank files imported by operators (issue #18): statements (camt.053, camt.054, MT940), payment status reports
-- (pain.002) and NACHA return files. Every line is recorded once under the bank's own reference, so importing a file
-- again changes nothing; a credit that matches no deposit or order waits in the operator's queue.
create table bank_files (
  id text primary key,
  format text not null,
  sha256 text not null,
  imported_at_ms bigint not null,
  summary jsonb not null
);

create table bank_entries (
  id text primary key,
  -- The account the statement is for (its IBAN or number) and the bank's reference: together unique, so a line
  -- imported twice (the same file, or a camt.054 and then the day's camt.053) is recorded once.
  account text not null,
  bank_reference text not null,
  file_id text not null references bank_files (id),
  direction text not null check (direction in ('credit', 'debit')),
  currency text not null,
  amount_minor bigint not null check (amount_minor > 0),
  booking_date text,
  -- The payer's reference as read (structured RF reference first, else the remittance text).
  reference text,
  counterparty jsonb not null default '{}',
  -- The end-to-end id of a payment we initiated (our payout id), when the line is about one.
  end_to_end_id text,
  -- credited: applied to matched_kind/matched_id; unmatched: waits for an operator; to_return: an operator marked it
  -- to be sent back; payout: a debit or return of one of our payouts; other: a line that is neither (fees, interest).
  status text not null check (status in ('credited', 'unmatched', 'to_return', 'payout', 'other')),
  matched_kind text check (matched_kind in ('deposit', 'order')),
  matched_id text,
  note text,
  created_at_ms bigint not null,
  updated_at_ms bigint not null,
  unique (account, bank_reference)
);
create index bank_entries_status on bank_entries (status, created_at_ms) where status in ('unmatched', 'to_return');

-- The closing booked balance of each statement, per account and date, for the reconciliation report.
create table bank_balances (
  account text not null,
  currency text not null,
  balance_date text not null,
  closing_minor bigint not null,
  file_id text not null references bank_files (id),
  primary key (account, balance_date)
);

-- Payout files cut by operators: each payout of a bank-file rail enters exactly one batch (payouts.batch_id).
create table payout_batches (
  id text primary key,
  rail text not null,
  currency text not null,
  payout_count integer not null,
  total_minor bigint not null,
  file_name text not null,
  content_type text not null,
  file_content text not null,
  created_at_ms bigint not null
);
