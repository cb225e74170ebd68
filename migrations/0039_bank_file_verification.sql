-- A bank file is verified whole before any line acts (issue #27): every import is recorded, with what became of it.
--   imported: verified and applied (its lines and balances are in bank_entries and bank_balances);
--   refused:  it failed a check (whose account, a control total, its status codes), or an operator rejected it after
--             holding it: nothing of it acted; `reasons` names every failed check;
--   held:     it agrees with itself and is ours, but a statement in it does not follow the account's previous one
--             (opening balance, sequence number): nothing of it acts until an operator accepts or rejects it. Its
--             text is kept sealed under SECRETS_KEY (it names payers and their accounts) until then, and dropped after.
alter table bank_files
  add column status text not null default 'imported' check (status in ('imported', 'refused', 'held')),
  add column reasons jsonb not null default '[]',
  add column accounts jsonb not null default '[]',
  add column content_sealed text,
  add column decided_at_ms bigint,
  add column decision_note text;
create index bank_files_by_status on bank_files (status, imported_at_ms);
-- A file is held once however often (and however concurrently) it is imported while it waits.
create unique index bank_files_held_once on bank_files (sha256) where status = 'held';

-- Each statement (camt.053 Stmt, MT940 statement or page) applied, per account, in the order applied: the chain whose
-- next link must open at the last one's closing booked balance and carry the next sequence number.
create table bank_statements (
  account text not null,
  position integer not null,
  currency text not null,
  statement_id text,
  sequence_number text,
  page text,
  opening_minor bigint not null,
  closing_minor bigint not null,
  opening_date text,
  closing_date text,
  -- Of the statement's entries (each one's bank reference, direction, amount and status) and balances: a statement
  -- imported again is the same statement only when it says the same things.
  content_digest text not null,
  file_id text not null references bank_files (id),
  recorded_at_ms bigint not null,
  primary key (account, position)
);

-- A booked reversal (RvslInd, MT940 RC/RD): 'reversal' when it waits for an operator (it reverses a credit already
-- applied to a deposit or order, or a line that was not found), 'reversed' for an unmatched credit and its reversal,
-- which net to nothing at the bank.
alter table bank_entries drop constraint bank_entries_status_check;
alter table bank_entries add constraint bank_entries_status_check
  check (status in ('credited', 'unmatched', 'to_return', 'payout', 'other', 'reversal', 'reversed'));
alter table bank_entries add column reverses_entry_id text references bank_entries (id);
drop index bank_entries_status;
create index bank_entries_status on bank_entries (status, created_at_ms)
  where status in ('unmatched', 'to_return', 'reversal');
