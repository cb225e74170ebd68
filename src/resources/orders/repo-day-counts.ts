import type { Queryable } from '../../storage/db.js';

/**
 * Moves at most `batchSize` appended order-count deltas into the per-day counters (migration 0037) in one statement:
 * the deltas taken are deleted and their sums added to shard 0 of each counter, in key order so that two processes
 * folding at once cannot deadlock, and skipping deltas another fold holds. A count reading both tables in one
 * statement sees either the deltas or their sum, never both or neither. Returns how many deltas it moved.
 */
export async function foldDayCountDeltas(db: Queryable, batchSize: number): Promise<number> {
  const [moved] = await db.query<{ n: bigint }>(
    `with taken as (
       delete from order_day_count_deltas where id in (
         select id from order_day_count_deltas order by id limit ${batchSize} for update skip locked)
       returning workspace_id, status, day, n),
     summed as (
       insert into order_day_counts (workspace_id, status, day, shard, n)
       select workspace_id, status, day, 0, sum(n) from taken group by 1, 2, 3 order by 1, 2, 3
       on conflict (workspace_id, status, day, shard) do update set n = order_day_counts.n + excluded.n)
     select count(*) as n from taken`,
  );
  return Number(moved?.n ?? 0);
}
