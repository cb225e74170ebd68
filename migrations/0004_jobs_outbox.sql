-- Durable background work: anything that happens later is a row, claimed with FOR UPDATE SKIP LOCKED and a lease,
-- so it survives restarts and runs once however many processes share the database.
create table jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null,
  run_at_ms bigint not null,
  attempts integer not null default 0,
  locked_until_ms bigint,
  last_error text,
  created_at_ms bigint not null,
  done_at_ms bigint
);
create index jobs_due on jobs (run_at_ms) where done_at_ms is null;

-- The transactional outbox: every state change writes its event here in its own transaction; a rolled-back change
-- leaves no event. Delivery to webhooks reads from here.
create table outbox_events (
  id bigint generated always as identity primary key,
  workspace_id text not null,
  type text not null,
  -- The envelope id: the entity id for entity events, a delivery UUID for verification events.
  event_id text not null,
  data jsonb not null,
  occurred_at_ms bigint not null
);
create index outbox_events_workspace on outbox_events (workspace_id, id);
