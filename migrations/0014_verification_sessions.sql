-- Organisations (KYB): one account shared by the organisation's representatives. Each representative keeps a
-- customer row of their own for their person's KYC profile; money and the verification status live on the
-- organisation's account.
alter table accounts drop constraint accounts_kind_check;
alter table accounts add constraint accounts_kind_check check (kind in ('workspace', 'customer', 'organisation'));
-- The partner's own id for the organisation (externalUserId on POST /v1/kyc with type BUSINESS), when given.
alter table accounts add column external_id text;
-- A stable correlation reference for the account's verification, set when the verification is created.
alter table accounts add column kyc_id text;
create unique index accounts_workspace_organisation on accounts (workspace_id, external_id) where kind = 'organisation';

create table organisation_representatives (
  workspace_id text not null references workspaces (id),
  email text not null,
  organisation_account_id text not null references accounts (id),
  added_at_ms bigint not null,
  primary key (workspace_id, email)
);
create index organisation_representatives_organisation on organisation_representatives (organisation_account_id);

-- One attempt at the hosted verification: a single-use link that expires, then a flow bound to its own secret.
-- Only hashes of the secrets are stored.
create table kyc_sessions (
  id text primary key,
  workspace_id text not null references workspaces (id),
  -- The account being verified: the person's, or the organisation's for KYB.
  account_id text not null references accounts (id),
  -- Who completes the flow.
  email text not null,
  verification_type text not null check (verification_type in ('KYC', 'KYB')),
  link_hash text not null unique,
  flow_hash text unique,
  -- language, theme, blank, width, height, forceMobile, successUrl, errorUrl, sendOTPMail, countryCode, ...
  options jsonb not null,
  step text not null check (step in ('link', 'consent', 'otp', 'document', 'submitted', 'cancelled', 'failed', 'superseded')),
  otp_hash text,
  otp_expires_at_ms bigint,
  otp_attempts integer not null default 0,
  otp_sent integer not null default 0,
  -- What the customer sent on the document step (never the image itself) and the provider's check reference.
  submission jsonb,
  check_ref text,
  created_at_ms bigint not null,
  link_expires_at_ms bigint not null,
  opened_at_ms bigint,
  flow_expires_at_ms bigint,
  submitted_at_ms bigint
);
create index kyc_sessions_account on kyc_sessions (account_id, created_at_ms);

-- Stage: mail the sandbox mail provider "sent", readable through /v1/simulate/mailbox.
create table sandbox_mailbox (
  id text primary key,
  workspace_id text not null references workspaces (id),
  to_email text not null,
  subject text not null,
  body text not null,
  created_at_ms bigint not null
);
create index sandbox_mailbox_recipient on sandbox_mailbox (workspace_id, to_email, created_at_ms);
