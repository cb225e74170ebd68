-- The partner request log, one row per batch of a workspace's entries (issue 30, "Request log": its cost on keyed
-- writes at most 5%). The log of migration 0045 kept a row per request with five indexes: about 16-20 µs of
-- PostgreSQL a request, on a keyed deposit's 300 µs, read 8-11% in the bench. Here the writer's batch
-- (platform/request-log/writer.ts) goes in as one row per workspace it holds: the entries as one JSON array, stored
-- out of line uncompressed (compressing costs PostgreSQL more CPU than the disk it saves is worth here), and beside
-- them what lets a search skip a batch without reading its entries: its time span, its count of error answers and
-- its request ids. About 4-5 µs of PostgreSQL an entry. The search reads a workspace's batches newest first and
-- filters their entries in the server (platform/request-log/repo.ts, search.ts).
-- docs/decisions/storage-and-reliability.md, "The partner request log (issue #30)".
create table request_log_batches (
  id bigint generated always as identity primary key,
  -- No foreign key, as in audit_log: a log row, and one fewer lookup per inserted row.
  workspace_id text not null,
  -- The oldest and the newest of its entries' occurred_at_ms (when each request arrived, Unix ms).
  first_at_ms bigint not null,
  last_at_ms bigint not null,
  entry_count integer not null,
  -- Entries with a status of 400 or more: a search for errors reads only the batches that have some.
  error_count integer not null,
  -- Every entry's X-Request-Id, each between two line feeds ("\nid1\nid2\n"; a request id has none, app.ts): a
  -- search by request id reads this, not the entries.
  request_ids text not null,
  -- A JSON array of the entries, in the order they were answered, each as platform/request-log/entry.ts's
  -- RequestLogRow less its workspaceId: the request line, status, latency, ids, error type, and the bodies masked
  -- by the rule of data at rest (platform/audit/redaction.ts) and bounded in size.
  entries text not null
);
alter table request_log_batches alter column entries set storage external;
alter table request_log_batches alter column request_ids set storage external;

-- The search, newest batch first (keyset on last_at_ms, id); its errors-only form along the partial index.
create index request_log_batches_newest on request_log_batches (workspace_id, last_at_ms desc, id desc);
create index request_log_batches_errors on request_log_batches (workspace_id, last_at_ms desc, id desc)
  where error_count > 0;
-- Housekeeping's horizon column (storage/retention.ts): a batch goes when its newest entry is past the horizon.
create index request_log_batches_last on request_log_batches (last_at_ms);

-- What the per-request table holds now comes along, at most 250 entries a batch as the writer makes them, and never
-- two minutes' entries in one (a batch spans at most limits.requestLogBatchSpanMaxMs, as the writer's do). The table itself
-- is not dropped here: processes of the version before this one still write to it while a rolling deploy runs
-- (docs/deployment.md, "Migrations on deploy"); a later release drops it.
insert into request_log_batches (workspace_id, first_at_ms, last_at_ms, entry_count, error_count, request_ids,
    entries)
  select workspace_id, min(occurred_at_ms), max(occurred_at_ms), count(*)::integer,
    (count(*) filter (where status >= 400))::integer,
    E'\n' || string_agg(request_id, E'\n' order by id) || E'\n',
    json_agg(json_build_object('occurredAtMs', occurred_at_ms, 'method', method, 'path', path, 'query', query,
      'status', status, 'latencyMs', latency_ms, 'requestId', request_id, 'idempotencyKey', idempotency_key,
      'errorType', error_type, 'requestBody', request_body, 'requestBodyBytes', request_body_bytes,
      'requestBodyOmitted', request_body_omitted, 'responseBody', response_body,
      'responseBodyBytes', response_body_bytes, 'responseBodyOmitted', response_body_omitted) order by id)::text
  from request_log
  group by workspace_id, occurred_at_ms / 60000, id / 250;
