-- Opt-in retries, event filters and secret rotation per webhook endpoint (issue #12, items 3 to 5). Every default
-- keeps the spec's rules: one attempt, every event type, the new secret signs the next delivery.
alter table webhook_endpoints
  -- 'none': the spec's single attempt; 'exponential': retried with growing delays (src/events/retry-schedule.ts).
  add column retry_policy text not null default 'none' check (retry_policy in ('none', 'exponential')),
  -- The event types fanned out to the endpoint; null is every type, including types added later.
  add column enabled_events text[],
  -- The secret a rotation replaced: it still signs webhook-signature (Standard Webhooks) until the grace ends.
  add column previous_secret_sealed text,
  add column previous_secret_until_ms bigint,
  -- Set when retries disabled the endpoint (WEBHOOK_DISABLE_AFTER_HOURS); cleared when the partner enables it.
  add column disabled_at_ms bigint;

-- One row per attempt: attempt 1 is the fan-out's row; a failed attempt of a retrying endpoint adds the next one,
-- 'scheduled' until next_attempt_at_ms, then claimed as a pending row is (lease, FOR UPDATE SKIP LOCKED), so a
-- retry survives restarts and is sent by one process. first_attempt_at_ms is when attempt 1 was made, carried by
-- every later attempt: how long an event has failed is measured from it.
alter table webhook_deliveries
  add column attempt integer not null default 1 check (attempt >= 1),
  add column next_attempt_at_ms bigint,
  add column first_attempt_at_ms bigint,
  drop constraint webhook_deliveries_state_check,
  add constraint webhook_deliveries_state_check
    check (state in ('scheduled', 'pending', 'sending', 'delivered', 'failed'));
create index webhook_deliveries_scheduled on webhook_deliveries (next_attempt_at_ms) where state = 'scheduled';
