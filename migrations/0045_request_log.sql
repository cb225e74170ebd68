-- The partner request log (issue 30, "Request log"): one row per /v1 request of a workspace, for the partner
-- dashboard. Only requests that passed the bearer-token check are here: a refused one has no workspace. Rows are
-- written in batches, off the request's path, by platform/request-log/ (its writer buffers them in the process,
-- masks a batch and inserts it as one statement), and removed by housekeeping after REQUEST_LOG_RETENTION_DAYS.
-- docs/decisions/storage-and-reliability.md, "The partner request log (issue #30)".
create table request_log (
  id bigint generated always as identity primary key,
  -- No foreign key, as in audit_log: a log row, and one fewer lookup per inserted row.
  workspace_id text not null,
  -- When the request arrived (the answer's time less its latency), Unix ms.
  occurred_at_ms bigint not null,
  method text not null,
  -- The path as the partner sent it, without the query string; the query string apart, without its `?` (null when
  -- there is none), its parameters masked by the same rule as the bodies. Both cut to a bounded length.
  path text not null,
  query text,
  status smallint not null,
  -- From the request's arrival to its answer, handed to the socket (Fastify's elapsed time), in milliseconds.
  latency_ms real not null,
  -- X-Request-Id: the caller's when it sent a sane one, else the server's (app.ts); not unique.
  request_id text not null,
  -- The Idempotency-Key header as sent (even a malformed one), when sent.
  idempotency_key text,
  -- The error envelope's `error` of an error answer (ValidationError, FundsError, ...); null for a success.
  error_type text,
  -- The bodies as JSON text, masked by the rule of data at rest (platform/audit/redaction.ts: secrets replaced,
  -- account numbers and tax ids shown by their last four, dates of birth and document details replaced). A body is
  -- kept only up to a bounded size: a larger one is null with *_omitted true, and its size is in *_bytes. An answer
  -- that is not JSON (an attachment's file) is never kept: null, its size only. No body: all three null/false.
  request_body text,
  request_body_bytes bigint,
  request_body_omitted boolean not null default false,
  response_body text,
  response_body_bytes bigint,
  response_body_omitted boolean not null default false
);

-- The dashboard's search (platform/request-log/repo.ts), newest first with the id as the tie-break, keyset paging
-- on (occurred_at_ms, id): every page is one ordered index scan that stops after the page. A time range and the
-- status and path filters ride on it; the three below serve the filters that pick few rows of a busy workspace.
create index request_log_newest on request_log (workspace_id, occurred_at_ms desc, id desc);
-- A request id, exactly.
create index request_log_request_id on request_log (workspace_id, request_id);
-- Errors only (a status of 4xx or 5xx, or an exact one): the few among many successes, still newest first.
create index request_log_errors on request_log (workspace_id, occurred_at_ms desc, id desc) where status >= 400;
-- A path prefix, as a range of the path in byte order (collation "C"): a resource's own requests.
create index request_log_path on request_log (workspace_id, (path collate "C"));
-- Housekeeping's horizon column (storage/retention.ts): the oldest rows first.
create index request_log_occurred on request_log (occurred_at_ms);
