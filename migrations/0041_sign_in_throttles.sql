-- The sign-in throttles of the console and the token endpoint (domain/operators/sign-in-throttle.ts; issue #28):
-- one row per bucket (a source address, an account's bucket, a client, a source's failures for a client), never one
-- per attempt, so an attack adds at most a row per bucket and updates it; a row is forgotten at forget_at_ms and
-- deleted by later failures in small batches.
create table sign_in_throttles (
  scope text not null,
  key text not null,
  failures integer not null,
  held_until_ms bigint not null,
  forget_at_ms bigint not null,
  primary key (scope, key)
);
create index sign_in_throttles_forget on sign_in_throttles (forget_at_ms);

-- Replaced, but not dropped here: operator_login_attempts (a row per console sign-in attempt, the 15-minute
-- lockout) and login_throttle (the token endpoint's per-client turns) are still used by processes of the version
-- before this one while a rolling deploy runs (docs/deployment.md, "Migrations on deploy"). A later release drops
-- them (the contract step), once no such process can be running.
