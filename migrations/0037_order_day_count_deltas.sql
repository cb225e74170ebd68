-- Issue #15, item 2: the per-day order counters (0017) were upserted in the writer's transaction, so concurrent
-- orders of one workspace on one day waited for each other's commit on the same counter row (8 shards were too
-- few: with fsync on, a placement spent most of its time in that trigger). Writers now only append a delta, which
-- takes no row lock; a fold moves deltas into the counters in one statement (the job runner's every round, see
-- orders/day-counts.ts). A count reads counters and deltas in one statement, so it stays exact whenever the fold runs.
create table order_day_count_deltas (
  id bigint generated always as identity primary key,
  workspace_id text not null,
  status text not null,
  day bigint not null,
  n bigint not null
);
create index order_day_count_deltas_counted on order_day_count_deltas (workspace_id, status, day);

create or replace function order_day_counts_insert() returns trigger language plpgsql as $$
begin
  insert into order_day_count_deltas (workspace_id, status, day, n)
  select workspace_id, status, created_at_ms / 86400000, count(*) from inserted group by 1, 2, 3;
  return null;
end $$;

create or replace function order_day_counts_update() returns trigger language plpgsql as $$
begin
  insert into order_day_count_deltas (workspace_id, status, day, n)
  values (old.workspace_id, old.status, old.created_at_ms / 86400000, -1),
    (new.workspace_id, new.status, new.created_at_ms / 86400000, 1);
  return null;
end $$;

create or replace function order_day_counts_delete() returns trigger language plpgsql as $$
begin
  insert into order_day_count_deltas (workspace_id, status, day, n)
  select workspace_id, status, created_at_ms / 86400000, -count(*) from deleted group by 1, 2, 3;
  return null;
end $$;
