-- The audit log (issue #14, item 2; docs/decisions/operators-console-and-audit.md): one row per change made through the operator API, the
-- console or the CLI, written in the transaction of the change, just before its COMMIT (platform/audit/): a change
-- that rolls back leaves no row, a committed one always has its row. Rows are never updated or deleted here;
-- housekeeping does not prune this table.
create table audit_log (
  id bigint generated always as identity primary key,
  occurred_at_ms bigint not null,
  actor_kind text not null check (actor_kind in ('operator', 'admin-token')),
  via text not null check (via in ('console', 'api', 'cli')),
  -- The person, for an operator; null for the shared bearer ADMIN_TOKEN. No foreign key: an operator removed later
  -- keeps the record of what they did.
  operator_id text,
  operator_email text,
  address text not null,
  user_agent text,
  -- The operationId of the admin operation (platform/operation-ids.ts), or the console action's name.
  action text not null,
  -- The workspace the change concerns, when it concerns one.
  workspace_id text,
  target_type text not null,
  target_id text not null,
  -- The target as it was and as it became, redacted (platform/audit/redaction.ts): never a secret.
  before jsonb,
  after jsonb,
  request_id text not null,
  check ((actor_kind = 'operator') = (operator_id is not null))
);

-- Newest first, with the id as the tie-break, for every filter of GET /admin/v1/audit-log: each index serves its
-- filter's page as one ordered index scan that stops after the page (keyset paging on (occurred_at_ms, id)).
create index audit_log_newest on audit_log (occurred_at_ms desc, id desc);
create index audit_log_operator on audit_log (operator_id, occurred_at_ms desc, id desc) where operator_id is not null;
create index audit_log_operator_email on audit_log (lower(operator_email), occurred_at_ms desc, id desc)
  where operator_email is not null;
create index audit_log_workspace on audit_log (workspace_id, occurred_at_ms desc, id desc) where workspace_id is not null;
create index audit_log_action on audit_log (action, occurred_at_ms desc, id desc);
