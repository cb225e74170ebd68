-- Housekeeping (issue #12, item 6; docs/decisions/storage-and-reliability.md): a scheduled job prunes what is past its horizon
-- in small batches, each one short statement, and records what every run removed.

-- One row per run: a run is one scheduled pass, carried on by follow-up slices of the job until nothing past a
-- horizon is left. `removed` counts the rows each target removed ({"jobs": 1000, ...}).
create table housekeeping_runs (
  id bigint generated always as identity primary key,
  started_at_ms bigint not null,
  -- null while the run goes on in further slices.
  finished_at_ms bigint,
  slices integer not null default 0,
  removed jsonb not null default '{}'
);

-- At most one pending housekeeping job, whichever process schedules it: the schedule is this one row, taken over
-- by the run that finishes it (jobs/housekeeping/schedule.ts).
create unique index jobs_one_housekeeping on jobs (kind) where kind = 'housekeeping' and done_at_ms is null;

-- What each prune reads in horizon order (a batch is `order by <column> limit n` over these), and the foreign key
-- a removed outbox row is checked against (webhook_deliveries.outbox_id had no index: every delete of an outbox row
-- would have scanned the delivery log).
create index jobs_done on jobs (done_at_ms) where done_at_ms is not null;
create index outbox_events_occurred on outbox_events (occurred_at_ms);
create index webhook_deliveries_outbox on webhook_deliveries (outbox_id);
create index idempotency_keys_completed on idempotency_keys (completed_at_ms) where state = 'completed';
create index kyc_sessions_unsubmitted_expiry on kyc_sessions (greatest(link_expires_at_ms, coalesce(flow_expires_at_ms, 0)))
  where step <> 'submitted';
create index openbanking_sessions_unpaid_expiry on openbanking_sessions (expires_at_ms)
  where status in ('EXPIRED', 'CANCELLED');
create index quotes_unbound_expiry on quotes (expire_at_ms) where used_by_order_id is null;
