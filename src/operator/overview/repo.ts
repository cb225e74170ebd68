import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';
import { type QueueName, queueNames, queueRows } from './queues-repo.js';

// The overview's reads: the queues' counts and pages (each queue's rows in queues-repo.ts), and the daily figures.
// Every read is across workspaces unless one is named.

/** One statement counting every queue at once (one snapshot): a column per queue, named as the queue. */
function countsSql(workspaceId: string | undefined): { text: string; values: unknown[] } {
  const p = new SqlParams();
  const columns = queueNames.map(
    (name) => `(select count(*) from (${queueRows[name](p, workspaceId)}) q) as "${name}"`,
  );
  return { text: `select ${columns.join(',\n')}`, values: p.values };
}

/** A page of one queue's rows, the longest waiting first. */
function itemsSql(queue: QueueName, workspaceId: string | undefined, limit: number, offset: number) {
  const p = new SqlParams();
  const rows = queueRows[queue](p, workspaceId);
  const text = `select * from (${rows}) q order by since_ms nulls first, id
    limit ${p.add(limit, 'integer')} offset ${p.add(offset, 'bigint')}`;
  return { text, values: p.values };
}

export type QueueCounts = Readonly<Record<QueueName, number>>;

export async function countQueues(db: Queryable, workspaceId: string | undefined): Promise<QueueCounts> {
  const { text, values } = countsSql(workspaceId);
  const [row] = await db.query<Record<QueueName, bigint>>(text, values);
  return Object.fromEntries(queueNames.map((name) => [name, Number(row?.[name] ?? 0n)])) as Record<QueueName, number>;
}

export interface QueueItemRow {
  kind: string;
  id: string;
  workspace_id: string | null;
  since_ms: bigint | null;
  detail: string | null;
  [column: string]: unknown;
}

export function queueItemRows(
  db: Queryable,
  queue: QueueName,
  filter: { workspaceId?: string | undefined; limit: number; offset: number },
): Promise<QueueItemRow[]> {
  const { text, values } = itemsSql(queue, filter.workspaceId, filter.limit, filter.offset);
  return db.query<QueueItemRow>(text, values);
}

export const dayMs = 86_400_000;

/** A figure of one kind of money movement: the day (days since the epoch, UTC), currency, count, sum. */
export interface MoneyFigureRow {
  kind: 'orders' | 'deposits' | 'withdrawals';
  day: bigint;
  currency: string;
  n: bigint;
  /** The sum of minor units, as text: numeric in SQL, exact however large. */
  volume: string;
  [column: string]: unknown;
}

/**
 * Completed money movements per UTC day and currency in [startMs, endMs) (docs/decisions/operators-console-and-audit.md, "What needs a person now, daily figures and charts", "Daily
 * figures"): orders Success by completed_at_ms, their origin amount; deposits Received by received_at_ms, their
 * credited amount; withdrawals Success by completed_at_ms, their amount without the fee.
 */
export function moneyFigures(
  db: Queryable,
  range: { startMs: number; endMs: number },
  workspaceId: string | undefined,
): Promise<MoneyFigureRow[]> {
  const p = new SqlParams();
  const [start, end] = [p.add(range.startMs, 'bigint'), p.add(range.endMs, 'bigint')];
  const ws = workspaceId === undefined ? undefined : p.add(workspaceId);
  const part = (kind: string, table: string, at: string, currency: string, amount: string, status: string) =>
    `select '${kind}' as kind, ${at} / ${dayMs} as day, ${currency} as currency, count(*) as n,
       sum(${amount})::text as volume
     from ${table} where status = '${status}' and ${at} >= ${start} and ${at} < ${end}
       ${ws === undefined ? '' : `and workspace_id = ${ws}`}
     group by 2, 3`;
  return db.query<MoneyFigureRow>(
    [
      part('orders', 'orders', 'completed_at_ms', 'origin_currency', 'origin_amount', 'Success'),
      part('deposits', 'deposits', 'received_at_ms', 'currency', 'amount', 'Received'),
      part('withdrawals', 'withdrawals', 'completed_at_ms', 'currency', 'amount', 'Success'),
    ].join('\nunion all\n'),
    p.values,
  );
}

export interface DeliveryFigureRow {
  outcome: 'delivered' | 'failed' | 'pending';
  day: bigint;
  n: bigint;
  [column: string]: unknown;
}

/**
 * Webhook delivery attempts per UTC day in [startMs, endMs) by outcome: delivered and failed by the day of the
 * attempt (a failure recorded without a send, such as retries ended by a disabling, by the day of its row); pending
 * (scheduled, due, or being sent) by the day its row was made.
 */
export function deliveryFigures(
  db: Queryable,
  range: { startMs: number; endMs: number },
  workspaceId: string | undefined,
): Promise<DeliveryFigureRow[]> {
  const p = new SqlParams();
  const [start, end] = [p.add(range.startMs, 'bigint'), p.add(range.endMs, 'bigint')];
  const ws = workspaceId === undefined ? '' : ` and workspace_id = ${p.add(workspaceId)}`;
  return db.query<DeliveryFigureRow>(
    `select outcome, at / ${dayMs} as day, count(*) as n from (
       select case state when 'delivered' then 'delivered' when 'failed' then 'failed' else 'pending' end as outcome,
         case when state in ('delivered', 'failed') then coalesce(attempted_at_ms, created_at_ms) else created_at_ms end
           as at
       from webhook_deliveries
       where ((attempted_at_ms >= ${start} and attempted_at_ms < ${end})
          or (created_at_ms >= ${start} and created_at_ms < ${end}))${ws}
     ) d where at >= ${start} and at < ${end}
     group by 1, 2`,
    p.values,
  );
}
