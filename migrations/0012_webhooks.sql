-- Webhook endpoints and their delivery log. A partner's signing secret is stored sealed (AES-256-GCM under the
-- server's SECRETS_KEY), never in plain text. The legacy single URL is an endpoint row without a secret: it gets
-- the same events, unsigned.
create table webhook_endpoints (
  id uuid primary key,
  workspace_id text not null references workspaces (id),
  name text not null,
  url text not null,
  secret_sealed text,
  legacy boolean not null default false,
  is_active boolean not null default true,
  created_at_ms bigint not null,
  updated_at_ms bigint not null,
  deleted_at_ms bigint
);
create index webhook_endpoints_workspace on webhook_endpoints (workspace_id) where deleted_at_ms is null;
create unique index webhook_endpoints_one_legacy on webhook_endpoints (workspace_id)
  where legacy and deleted_at_ms is null;

-- Events not yet fanned out to the endpoints that existed when they were dispatched.
alter table outbox_events add column fanned_out_at_ms bigint;
create index outbox_events_to_fan_out on outbox_events (id) where fanned_out_at_ms is null;

-- One row per event and endpoint: one attempt, claimed with a lease so several processes share the sending, and
-- recorded with its outcome. Only a crash between a send and its record repeats a send (receivers tolerate it).
create table webhook_deliveries (
  id bigint generated always as identity primary key,
  outbox_id bigint not null references outbox_events (id),
  endpoint_id uuid not null references webhook_endpoints (id),
  workspace_id text not null,
  state text not null check (state in ('pending', 'sending', 'delivered', 'failed')),
  locked_until_ms bigint,
  created_at_ms bigint not null,
  attempted_at_ms bigint,
  status_code integer,
  latency_ms integer,
  error text
);
create index webhook_deliveries_due on webhook_deliveries (id) where state in ('pending', 'sending');
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, id desc);

-- New events wake the dispatchers at once (delivered on commit, so a rolled-back change wakes no one).
create function outbox_events_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('outbox_events', '');
  return null;
end $$;
create trigger outbox_events_notify after insert on outbox_events
  for each statement execute function outbox_events_notify();
