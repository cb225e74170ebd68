import { type Db, type Queryable, type Row, StoreUnavailableError } from '../src/storage/db.js';

// The database as one app instance sees it, failing where the simulator says (issue 16: "a database error or lost
// connection inside a transaction", "a crash between claiming an outbox row or job and finishing it"). Each app
// instance gets its own FaultyStore over the run's one real database, so a crashed instance can be cut off from it
// while its successor works on: after a crash nothing the dead instance still has in flight reaches the database.

/** What the armed fault does when its point comes. */
export type StoreFaultKind =
  /** The statement never reaches the database: the server is down (outcome known, nothing written). */
  | 'db-down'
  /** The statement was sent and the connection ended before it ran (outcome unknown to the server). */
  | 'db-lost-before'
  /** The statement (or the transaction's COMMIT) ran, and its answer was lost with the connection. */
  | 'db-lost-after'
  /** The database answers an error the application does not expect (an internal error): the transaction rolls back. */
  | 'db-error'
  /** The process dies just after the statement or COMMIT ran: nothing of this instance reaches the database again. */
  | 'crash-after';

/** A fault at the `point`-th statement or COMMIT this instance runs after the fault is armed (1 is the first). */
export interface PointFault {
  readonly kind: StoreFaultKind;
  readonly point: number;
}

/** The process dies right after it claimed work: a job (jobs/runner.ts) or a webhook delivery (events/dispatcher.ts). */
export type ClaimCrash = 'job' | 'delivery';

/** The signature of each claim statement: enough of its text to know it, and nothing else does. */
const claimStatements: Record<ClaimCrash, RegExp> = {
  job: /^update jobs set locked_until_ms = \$2, attempts = attempts \+ 1/,
  delivery: /^with claimed as \(\s*update webhook_deliveries set state = 'sending'/,
};

/** Thrown at a dead instance's every call: it stands for the process that no longer exists. */
export class CrashedError extends Error {
  constructor(readonly where: string) {
    super(`simulated crash (${where})`);
    this.name = 'CrashedError';
  }
}

export class FaultyStore implements Db {
  /** Set by a crash: every later call of this instance fails. */
  dead = false;
  /** What fired, for the step's record ("db-lost-after at 3: insert into ..."). */
  fired: string | undefined;
  private fault: PointFault | undefined;
  private claimCrash: ClaimCrash | undefined;
  private points = 0;

  constructor(private readonly real: Db) {}

  get kind() {
    return this.real.kind;
  }

  /** Arms one fault at a point counted from now; disarm() or the fault's firing ends it. */
  arm(fault: PointFault): void {
    this.fault = fault;
    this.points = 0;
    this.fired = undefined;
  }

  armClaimCrash(claim: ClaimCrash): void {
    this.claimCrash = claim;
    this.fired = undefined;
  }

  disarm(): void {
    this.fault = undefined;
    this.claimCrash = undefined;
  }

  private die(where: string): never {
    this.dead = true;
    this.fired ??= `crash after ${where}`;
    throw new CrashedError(where);
  }

  /** The fault due at this point, if any (counting the point); it fires once. */
  private due(): StoreFaultKind | undefined {
    if (this.fault === undefined) return undefined;
    this.points += 1;
    if (this.points !== this.fault.point) return undefined;
    const { kind } = this.fault;
    this.fault = undefined;
    return kind;
  }

  private async run<T>(text: string, execute: () => Promise<T>): Promise<T> {
    if (this.dead) throw new CrashedError('a call of a crashed instance');
    const kind = this.due();
    const where = text.trim().slice(0, 60).replace(/\s+/g, ' ');
    if (kind !== undefined) this.fired = `${kind} at point ${this.points}: ${where}`;
    if (kind === 'db-down')
      throw new StoreUnavailableError('the database is unreachable', false, new Error('injected'));
    if (kind === 'db-lost-before') {
      throw new StoreUnavailableError('the database connection ended', true, new Error('injected'));
    }
    if (kind === 'db-error') throw Object.assign(new Error('injected internal error'), { code: 'XX000' });
    const result = await execute();
    if (this.dead) throw new CrashedError('a call of a crashed instance');
    if (kind === 'db-lost-after') {
      throw new StoreUnavailableError('the database connection ended', true, new Error('injected'));
    }
    if (kind === 'crash-after') this.die(where);
    const claim = this.claimCrash;
    if (claim !== undefined && claimStatements[claim].test(text.trim()) && (result as unknown[]).length > 0) {
      this.claimCrash = undefined;
      this.die(`claiming a ${claim}`);
    }
    return result;
  }

  private wrap(q: Queryable): Queryable {
    return {
      query: <T extends Row = Row>(text: string, params?: readonly unknown[]) =>
        this.run(text, () => q.query<T>(text, params)),
      exec: (script: string) => this.run(script, () => q.exec(script)),
    };
  }

  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]> {
    return this.run(text, () => this.real.query<T>(text, params));
  }

  exec(script: string): Promise<void> {
    return this.run(script, () => this.real.exec(script));
  }

  /** The body's statements are points, and so is the COMMIT (the transaction as a whole, once it resolved). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.run('commit', () => this.real.transaction((tx) => fn(this.wrap(tx))));
  }

  /** Nothing listens in a simulation: the simulator runs the workers' rounds itself. */
  async listen(): Promise<() => Promise<void>> {
    return async () => {};
  }

  ping(): Promise<void> {
    return this.run('select 1', () => this.real.ping());
  }

  /** The run owns the real database; an instance's end closes nothing. */
  async close(): Promise<void> {}
}
