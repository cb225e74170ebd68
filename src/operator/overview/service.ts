import type { Queryable } from '../../storage/db.js';
import { dayRange } from './day-range.js';
import { type QueueName, workspacelessQueues } from './queues.js';
import { countQueues, dayMs, deliveryFigures, moneyFigures, type QueueCounts, queueItemRows } from './repo.js';

// The console's home page and charts read these (operator console issue, item 3); GET /admin/v1/overview and
// GET /admin/v1/stats/daily serve them to the operator API (routes.ts).

/** The operator API's list of a queue's items, where there is one: its operationId, path and query parameters. */
export interface QueueList {
  readonly operationId: string;
  readonly path: string;
  readonly query: Record<string, string[]>;
}

/**
 * The lists that show a queue, by the same definition as its count (queues.ts). The other queues have no list in
 * the operator API yet: the console's queue pages read queueItems below, which reads the very rows counted.
 */
const queueLists: Partial<Record<QueueName, QueueList>> = {
  kycReviews: {
    operationId: 'admin.verifications.list',
    path: '/admin/v1/verifications',
    query: { status: ['REVIEWING'] },
  },
  amlPotentialMatches: {
    operationId: 'admin.amlScreenings.list',
    path: '/admin/v1/aml-screenings',
    query: { status: ['POTENTIAL_MATCH'] },
  },
  supportTickets: {
    operationId: 'admin.supportTickets.list',
    path: '/admin/v1/support-tickets',
    query: { status: ['OPEN', 'IN_PROGRESS'] },
  },
  conversations: {
    operationId: 'admin.conversations.list',
    path: '/admin/v1/conversations',
    query: { status: ['OPEN'], lastMessageBy: ['partner'] },
  },
  heldBankFiles: {
    operationId: 'admin.bankFiles.list',
    path: '/admin/v1/bank-files',
    query: { status: ['held'] },
  },
  bankReversals: {
    operationId: 'admin.bankEntries.list',
    path: '/admin/v1/bank-entries',
    query: { status: ['reversal'] },
  },
};

export interface QueueSummary {
  readonly count: number;
  readonly list?: QueueList;
}

export interface Overview {
  readonly workspaceId?: string;
  readonly queues: Readonly<Record<QueueName, QueueSummary>>;
}

/**
 * Every queue's count, across workspaces or in one, with the list that shows it (filtered the same way). A queue in
 * no workspace counts 0 in one, and its list, which takes no workspace, is not named then: it would show more.
 */
export async function overview(db: Queryable, workspaceId: string | undefined): Promise<Overview> {
  const counts: QueueCounts = await countQueues(db, workspaceId);
  const queues = Object.fromEntries(
    Object.entries(counts).map(([name, count]) => {
      const list = queueLists[name as QueueName];
      if (list === undefined) return [name, { count }];
      if (workspaceId !== undefined && workspacelessQueues.has(name as QueueName)) return [name, { count }];
      const query = workspaceId === undefined ? list.query : { ...list.query, workspaceId: [workspaceId] };
      return [name, { count, list: { ...list, query } }];
    }),
  ) as Record<QueueName, QueueSummary>;
  return { ...(workspaceId === undefined ? {} : { workspaceId }), queues };
}

export interface QueueItem {
  /** What the item is: deposit, order, verification, screening, pendingPayment, webhookEndpoint, bankFile, ... */
  readonly kind: string;
  /** What the queue's action takes: the resource's id, a verification's email, an idempotency key. */
  readonly id: string;
  /** Null for a queue in no workspace (held bank files, bank reversals). */
  readonly workspaceId: string | null;
  /** Unix milliseconds: since when it waits, as near as the row tells (docs/decisions/operators-console-and-audit.md, "What needs a person now, daily figures and charts"). */
  readonly sinceMs: number | null;
  /** The queue's own detail: a currency, 'failing' or 'disabled', a ticket's status, a key's account scope, a file's format, ... */
  readonly detail: string | null;
}

/** A page of one queue's items, the longest waiting first: the rows its count counts. */
export async function queueItems(
  db: Queryable,
  queue: QueueName,
  filter: { workspaceId?: string | undefined; limit: number; offset: number },
): Promise<QueueItem[]> {
  const rows = await queueItemRows(db, queue, filter);
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    workspaceId: row.workspace_id,
    sinceMs: row.since_ms === null ? null : Number(row.since_ms),
    detail: row.detail,
  }));
}

/** One kind's figure of one day and currency; volume in minor units of the currency. */
export interface MoneyFigure {
  readonly currency: string;
  readonly count: number;
  readonly volumeMinor: bigint;
}

export interface DayFigures {
  readonly day: string;
  readonly orders: readonly MoneyFigure[];
  readonly deposits: readonly MoneyFigure[];
  readonly withdrawals: readonly MoneyFigure[];
  readonly deliveries: { readonly delivered: number; readonly failed: number; readonly pending: number };
}

export interface DailyFigures {
  readonly from: string;
  readonly to: string;
  readonly workspaceId?: string;
  readonly days: readonly DayFigures[];
}

const moneyKinds = ['orders', 'deposits', 'withdrawals'] as const;

/**
 * Figures per UTC day of the range. Every day is present, and every day lists each currency that kind has anywhere
 * in the range (zero where it had none), so that a chart per currency has no gaps.
 */
export async function dailyFigures(
  db: Queryable,
  query: { from: string; to: string; workspaceId?: string | undefined },
): Promise<DailyFigures> {
  const range = dayRange(query.from, query.to);
  const [money, deliveries] = await Promise.all([
    moneyFigures(db, range, query.workspaceId),
    deliveryFigures(db, range, query.workspaceId),
  ]);
  const dayIndex = (day: bigint) => Number(day) - range.startMs / dayMs;
  const days = range.days.map((day) => ({
    day,
    money: { orders: new Map<string, MoneyFigure>(), deposits: new Map(), withdrawals: new Map() },
    deliveries: { delivered: 0, failed: 0, pending: 0 },
  }));
  const currencies = { orders: new Set<string>(), deposits: new Set<string>(), withdrawals: new Set<string>() };
  for (const row of money) {
    currencies[row.kind].add(row.currency);
    days[dayIndex(row.day)]?.money[row.kind].set(row.currency, {
      currency: row.currency,
      count: Number(row.n),
      volumeMinor: BigInt(row.volume),
    });
  }
  for (const row of deliveries) {
    const day = days[dayIndex(row.day)];
    if (day) day.deliveries[row.outcome] = Number(row.n);
  }
  const figuresOf = (found: Map<string, MoneyFigure>, kind: (typeof moneyKinds)[number]) =>
    [...currencies[kind]].sort().map((currency) => found.get(currency) ?? { currency, count: 0, volumeMinor: 0n });
  return {
    from: range.from,
    to: range.to,
    ...(query.workspaceId === undefined ? {} : { workspaceId: query.workspaceId }),
    days: days.map((d) => ({
      day: d.day,
      orders: figuresOf(d.money.orders, 'orders'),
      deposits: figuresOf(d.money.deposits, 'deposits'),
      withdrawals: figuresOf(d.money.withdrawals, 'withdrawals'),
      deliveries: d.deliveries,
    })),
  };
}
