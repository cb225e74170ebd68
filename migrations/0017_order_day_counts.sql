-- Exact order counts per workspace, status and UTC day of creation (day = created_at_ms / 86,400,000), for counts
-- over a time window: whole days are summed here and only the partial days at the window's edges are counted in
-- the orders index (countMatching). Triggers keep them in the transaction of every change to orders, whoever makes
-- it, so a count that reads both in one statement is exact. Each order counts in one of 8 shards (a hash of its id),
-- so that concurrent writes of one workspace on one day rarely wait on the same counter row.
create table order_day_counts (
  workspace_id text not null,
  status text not null,
  day bigint not null,
  shard smallint not null,
  n bigint not null,
  primary key (workspace_id, status, day, shard)
);

-- Inserts per statement, from the transition table: a bulk insert (the bench's seed) adds one row per group, not
-- one per order. Counter rows are upserted in key order, so two inserting statements cannot deadlock on them.
create function order_day_counts_insert() returns trigger language plpgsql as $$
begin
  insert into order_day_counts (workspace_id, status, day, shard, n)
  select workspace_id, status, created_at_ms / 86400000, (hashtext(id) & 7)::smallint, count(*)
  from inserted group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (workspace_id, status, day, shard) do update set n = order_day_counts.n + excluded.n;
  return null;
end $$;

create trigger order_day_counts_insert after insert on orders referencing new table as inserted
  for each statement execute function order_day_counts_insert();

-- A status change moves the order from one counter to another: per row, and only when a counted column changed
-- (the WHEN clause is checked without calling the function, so other updates of orders cost nothing here).
create function order_day_counts_update() returns trigger language plpgsql as $$
begin
  insert into order_day_counts (workspace_id, status, day, shard, n)
  select c.workspace_id, c.status, c.day, c.shard, c.n
  from (values
      (old.workspace_id, old.status, old.created_at_ms / 86400000, (hashtext(old.id) & 7)::smallint, -1::bigint),
      (new.workspace_id, new.status, new.created_at_ms / 86400000, (hashtext(new.id) & 7)::smallint, 1::bigint))
    as c(workspace_id, status, day, shard, n)
  order by 1, 2, 3, 4
  on conflict (workspace_id, status, day, shard) do update set n = order_day_counts.n + excluded.n;
  return null;
end $$;

create trigger order_day_counts_update after update of workspace_id, status, created_at_ms on orders
  for each row when (old.workspace_id is distinct from new.workspace_id or old.status is distinct from new.status
    or old.created_at_ms is distinct from new.created_at_ms)
  execute function order_day_counts_update();

-- Orders are not deleted by the server; an operator's delete still keeps the counts exact.
create function order_day_counts_delete() returns trigger language plpgsql as $$
begin
  insert into order_day_counts (workspace_id, status, day, shard, n)
  select workspace_id, status, created_at_ms / 86400000, (hashtext(id) & 7)::smallint, -count(*)
  from deleted group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (workspace_id, status, day, shard) do update set n = order_day_counts.n + excluded.n;
  return null;
end $$;

create trigger order_day_counts_delete after delete on orders referencing old table as deleted
  for each statement execute function order_day_counts_delete();

-- The orders that exist already. The triggers above were created first, in this transaction: creating them locks
-- orders against writes until the migration commits, so no order is counted twice or missed.
insert into order_day_counts (workspace_id, status, day, shard, n)
select workspace_id, status, created_at_ms / 86400000, (hashtext(id) & 7)::smallint, count(*)
from orders group by 1, 2, 3, 4;
