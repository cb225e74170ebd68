import { limits } from '../limits.js';
import { type Db, StoreUnavailableError } from './db.js';

// Group commit (issue 32): many requests' writes in one statement, so one round trip and one commit carry them all.
// A resource whose write is one statement (a keyed deposit: its gates, its key's claim and its row, resources/deposits/
// repo.ts) hands each request's part to a GroupCommit, which sends the parts waiting together as one statement built
// by the resource and hands each request its own part's outcome.
//
// When: a part waits at most for the end of the event loop's turn in which it came (setImmediate), so a lone request
// is sent at once, never held for company. Up to `lanes` statements are in flight; while all are, new parts queue
// and go together, up to `batchMax` a statement, as soon as one lane is free. So batches grow with the load and
// nothing waits for a timer (docs/decisions/storage-and-reliability.md, "Group commit (issue #32)").
//
// Outcomes stay each request's own: the resource's statement decides every part in its own rows (a refused payer or
// a key taken elsewhere is a result, not an error). Two parts that share one of their `keysOf` never share a
// statement (the later waits for the next): one statement cannot take the same idempotency key twice, nor bind
// one quote to two orders. If a statement fails
// as a statement (a deadlock with another process, a constraint), it rolled back whole, and each of its parts is
// sent again alone, so one request's failure is its own. If the database is away (StoreUnavailableError) the
// statement may or may not have committed: every part gets that error, as a request alone would, and the keyed
// write's rule for an unknown outcome applies to each (platform/idempotency.ts).

export interface GroupCommitOptions {
  /** Statements in flight at once. */
  readonly lanes: number;
  /** Parts a statement carries at most. */
  readonly batchMax: number;
}

/** Sends the parts as one statement and answers each part's outcome, in their order. */
export type RunGroup<Part, Outcome> = (parts: readonly Part[]) => Promise<readonly Outcome[]>;

interface Waiting<Part, Outcome> {
  readonly part: Part;
  readonly keys: readonly string[];
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/** What a GroupCommit has done since it was made: statements sent, and parts they carried. */
export interface GroupCommitFigures {
  readonly statements: number;
  readonly parts: number;
  /** Statements by the number of parts they carried (index = parts). */
  readonly sizes: readonly number[];
}

export class GroupCommit<Part, Outcome> {
  private queue: Waiting<Part, Outcome>[] = [];
  private inFlight = 0;
  /** The keys of the parts in flight: a part with one of them waits for that statement to end. */
  private readonly keysInFlight = new Set<string>();
  private scheduled = false;
  private readonly sizes: number[] = [];
  private statements = 0;
  private partsSent = 0;

  constructor(
    private readonly run: RunGroup<Part, Outcome>,
    private readonly options: GroupCommitOptions,
    private readonly keysOf: (part: Part) => readonly string[] = () => [],
  ) {}

  /** The part's outcome, once the statement that carried it committed (or its error). */
  submit(part: Part): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.queue.push({ part, keys: this.keysOf(part), resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  get figures(): GroupCommitFigures {
    return { statements: this.statements, parts: this.partsSent, sizes: [...this.sizes] };
  }

  private pump(): void {
    while (this.inFlight < this.options.lanes && this.queue.length > 0) {
      const batch = this.take();
      // Everything queued waits for a key in flight: the statement that holds it calls pump when it ends.
      if (batch.length === 0) return;
      const keys = batch.flatMap((waiting) => waiting.keys);
      for (const key of keys) this.keysInFlight.add(key);
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        for (const key of keys) this.keysInFlight.delete(key);
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  /**
   * The next statement's parts, in the order they came. A part sharing a key with one of them, or with a part in
   * flight, stays queued: it goes once that statement ended (then replays, or finds the quote used), never waiting
   * on the other's lock inside a statement of its own, where two statements holding each other's keys would
   * deadlock.
   */
  private take(): Waiting<Part, Outcome>[] {
    const batch: Waiting<Part, Outcome>[] = [];
    const keys = new Set<string>();
    const left: Waiting<Part, Outcome>[] = [];
    for (const waiting of this.queue) {
      const clash = waiting.keys.some((key) => keys.has(key) || this.keysInFlight.has(key));
      if (batch.length >= this.options.batchMax || clash) {
        left.push(waiting);
        continue;
      }
      for (const key of waiting.keys) keys.add(key);
      batch.push(waiting);
    }
    this.queue = left;
    return batch;
  }

  private count(parts: number): void {
    this.statements += 1;
    this.partsSent += parts;
    this.sizes[parts] = (this.sizes[parts] ?? 0) + 1;
  }

  private async send(batch: readonly Waiting<Part, Outcome>[]): Promise<void> {
    this.count(batch.length);
    let outcomes: readonly Outcome[];
    try {
      outcomes = await this.run(batch.map((waiting) => waiting.part));
      if (outcomes.length !== batch.length) {
        throw new Error(`a group of ${batch.length} answered ${outcomes.length} outcomes`);
      }
    } catch (error) {
      if (batch.length === 1 || error instanceof StoreUnavailableError) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // Rolled back whole: each part again, alone, so that whatever failed fails only its own request.
      await Promise.all(batch.map((waiting) => this.sendAlone(waiting)));
      return;
    }
    batch.forEach((waiting, i) => {
      waiting.resolve(outcomes[i] as Outcome);
    });
  }

  private async sendAlone(waiting: Waiting<Part, Outcome>): Promise<void> {
    this.count(1);
    try {
      const [outcome] = await this.run([waiting.part]);
      waiting.resolve(outcome as Outcome);
    } catch (error) {
      waiting.reject(error);
    }
  }
}

/**
 * Whether a write joins its kind's group: only a keyed write (an unkeyed part's claim is another statement text), only
 * on the store's own pool (a write inside a transaction of its own, the wallet index's, goes alone in it), and only
 * while GROUP_COMMIT_ENABLED is on. The rule the deposits' and orders' services share.
 */
export const joinsGroup = (write: { db: object; store: object; groupCommitEnabled: boolean; keyed: boolean }) =>
  write.db === write.store && write.groupCommitEnabled && write.keyed;

/** How a store's groups run: the embedded store carries fewer writes a statement (limits.groupCommitEmbeddedBatchMax). */
export const groupCommitOptions = (store: Pick<Db, 'kind'>): GroupCommitOptions => ({
  lanes: limits.groupCommitLaneCount,
  batchMax: store.kind === 'pglite' ? limits.groupCommitEmbeddedBatchMax : limits.groupCommitBatchMax,
});

/** Each store's groups by the kind of write they carry: one group per kind, per process and store. */
const groupsByStore = new WeakMap<object, Map<string, GroupCommit<never, unknown>>>();

/** The group of `kind` on this store, made by `make` the first time. */
export function groupOf<Part, Outcome>(
  db: object,
  kind: string,
  make: () => GroupCommit<Part, Outcome>,
): GroupCommit<Part, Outcome> {
  let groups = groupsByStore.get(db);
  if (groups === undefined) {
    groups = new Map();
    groupsByStore.set(db, groups);
  }
  let group = groups.get(kind) as GroupCommit<Part, Outcome> | undefined;
  if (group === undefined) {
    group = make();
    groups.set(kind, group as unknown as GroupCommit<never, unknown>);
  }
  return group;
}

/** What every group on this store has done, by kind (GET /admin/v1/database). */
export function groupFigures(db: object): Record<string, GroupCommitFigures> {
  const groups = groupsByStore.get(db);
  return Object.fromEntries([...(groups?.entries() ?? [])].map(([kind, group]) => [kind, group.figures]));
}
