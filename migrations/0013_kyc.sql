-- KYC profiles: what a partner sent about a customer with POST /v1/kyc/data, merged call after call (a re-sent
-- field overwrites, nested objects are replaced whole). One per customer account.
create table kyc_profiles (
  account_id text primary key references accounts (id),
  workspace_id text not null references workspaces (id),
  profile jsonb not null,
  updated_at_ms bigint not null
);

-- Which fields the workspace's verification provider requires (src/catalogue/verification-profiles.ts).
alter table workspaces add column verification_profile text not null default 'standard';
