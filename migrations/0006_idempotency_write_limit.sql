-- Idempotency keys of the three writes, scoped to (workspace, account, key); the endpoint is stored so that the
-- same key on another endpoint is recognised as a conflict.
create table idempotency_keys (
  workspace_id text not null,
  -- '' for the workspace's own account; a customer's account id for on-behalf writes.
  account_scope text not null,
  key text not null,
  endpoint text not null,
  request_hash text not null,
  state text not null check (state in ('in_progress', 'completed', 'failed')),
  response_status integer,
  -- The exact bytes answered, replayed unchanged.
  response_body text,
  failure text,
  created_at_ms bigint not null,
  completed_at_ms bigint,
  primary key (workspace_id, account_scope, key)
);

-- The write limit's counters, one row per workspace and minute, shared by every server process.
create table write_rate_windows (
  workspace_id text not null,
  window_start_ms bigint not null,
  count integer not null,
  primary key (workspace_id, window_start_ms)
);
