// A database that fails on cue, over the run's real one: what a statement meets while PostgreSQL is away, without
// stopping the shared server. Each statement (and each transaction as a whole) asks `fault` what happens to it.

import { type Db, type Queryable, type Row, StoreUnavailableError } from '../../src/storage/db.js';

/**
 * What happens to a statement: it runs ('pass'); it never reaches the database ('down'); it runs and commits but
 * its answer is lost ('lost-after'); or it is sent and lost before it ran ('lost-before'). The last two look
 * alike to the server: the outcome is unknown.
 */
export type Fault = 'pass' | 'down' | 'lost-after' | 'lost-before';

export class FaultyDb implements Db {
  /** Decides each statement's fate; everything passes until a test says otherwise. */
  fault: (text: string) => Fault = () => 'pass';

  constructor(private readonly real: Db) {}

  get kind() {
    return this.real.kind;
  }

  private wrap(q: Queryable): Queryable {
    return {
      query: <T extends Row = Row>(text: string, params?: readonly unknown[]) =>
        this.run(text, () => q.query<T>(text, params)),
      exec: (script: string) => this.run(script, () => q.exec(script)),
    };
  }

  private async run<T>(text: string, execute: () => Promise<T>): Promise<T> {
    const fault = this.fault(text);
    if (fault === 'down') throw new StoreUnavailableError('the database is unreachable', false, new Error('injected'));
    if (fault === 'lost-before') {
      throw new StoreUnavailableError('the database connection ended', true, new Error('injected'));
    }
    const result = await execute();
    if (fault === 'lost-after') {
      throw new StoreUnavailableError('the database connection ended', true, new Error('injected'));
    }
    return result;
  }

  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]> {
    return this.wrap(this.real).query<T>(text, params);
  }

  exec(script: string): Promise<void> {
    return this.wrap(this.real).exec(script);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    if (this.fault('begin') === 'down') {
      return Promise.reject(new StoreUnavailableError('the database is unreachable', false, new Error('injected')));
    }
    return this.real.transaction((tx) => fn(this.wrap(tx)));
  }

  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>> {
    return this.real.listen(channel, onNotify);
  }

  ping(): Promise<void> {
    return this.run('select 1', () => this.real.ping());
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
