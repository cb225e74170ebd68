-- Open banking payment sessions: a hosted web form through which a payer pays a deposit or an order's origin leg
-- from their bank. The form's link carries a single-use secret; only its sha256 hash is stored. Amounts are minor
-- units of `currency`.
create table openbanking_sessions (
  id uuid primary key,
  workspace_id text not null references workspaces (id),
  entity_type text not null check (entity_type in ('deposit', 'order')),
  -- The deposit or order id (not a foreign key: it names one of two tables).
  entity_id text not null,
  token_hash text not null unique,
  -- The page language picked from the partner's locale (en, es, pt, de).
  language text not null,
  currency text not null,
  -- null: an open-amount EUR deposit whose payer has not entered the amount yet.
  amount bigint,
  -- Snapshot of the instructions the page shows: the receiving account's holder and the transfer reference.
  recipient text not null,
  reference text not null,
  status text not null check (status in ('CREATED', 'AUTHORIZED', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED')),
  -- Why a session ended other than by completing (declined, cancelled, superseded, no longer payable, ...).
  reason text,
  -- Filled when the payer pays: the bank chosen, their name and account (IBAN or account number).
  bank_id text,
  payer jsonb,
  provider_reference text,
  created_at_ms bigint not null,
  updated_at_ms bigint not null,
  expires_at_ms bigint not null,
  authorized_at_ms bigint,
  completed_at_ms bigint
);
-- The latest session of an entity (status reads, supersession).
create index openbanking_sessions_entity on openbanking_sessions (entity_id, created_at_ms desc);
-- At most one live session per entity: a new form supersedes the unpaid one in the same transaction, and a payment
-- being settled (AUTHORIZED) blocks a new form.
create unique index openbanking_sessions_one_live on openbanking_sessions (entity_id)
  where status in ('CREATED', 'AUTHORIZED');
