import { describe, expect, it } from 'vitest';
import { CrashedError, FaultyStore, type StoreFaultKind } from '../../simulation/faulty-store.js';
import { Random } from '../../simulation/random.js';
import { shrink } from '../../simulation/shrink.js';
import { machines, reachable } from '../../simulation/state-machines.js';
import { drawSequence, type Step } from '../../simulation/steps.js';
import { type Db, type Queryable, StoreUnavailableError } from '../../src/storage/db.js';

// The simulator's pure parts: the seeded generator, the step lists drawn from it, the shrinker and the
// reachability the state checks use.

describe('the seeded generator', () => {
  it('draws the same numbers from the same seed, and others from another', () => {
    const draw = (seed: number) => {
      const random = new Random(seed);
      return Array.from({ length: 8 }, () => random.uint32());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('keeps int() within its bounds', () => {
    const random = new Random(1);
    const drawn = Array.from({ length: 1_000 }, () => random.int(3, 5));
    expect(new Set(drawn)).toEqual(new Set([3, 4, 5]));
  });

  it('draws a sequence from its seed alone', () => {
    expect(drawSequence(new Random(42), 30)).toEqual(drawSequence(new Random(42), 30));
  });
});

describe('the shrinker', () => {
  const steps = (n: number): Step[] => Array.from({ length: n }, (_, i) => ({ op: 'tick', pick: i, variant: 0 }));
  const picks = (list: readonly Step[]) => list.map((s) => s.pick);

  it.each([
    { name: 'one step causes it', size: 40, cause: [17] },
    { name: 'two steps far apart cause it together', size: 40, cause: [3, 36] },
    { name: 'three steps cause it together', size: 25, cause: [0, 12, 24] },
    { name: 'the whole list is needed', size: 4, cause: [0, 1, 2, 3] },
  ])('finds the steps that matter when $name', async ({ size, cause }) => {
    const fails = async (candidate: readonly Step[]) => cause.every((c) => candidate.some((s) => s.pick === c));
    const result = await shrink(steps(size), fails);
    expect(picks(result.steps)).toEqual(cause);
    expect(result.exhausted).toBe(false);
  });

  it('stops at its budget of runs', async () => {
    const result = await shrink(steps(64), async (candidate) => candidate.length > 10, 5);
    expect(result.runs).toBe(5);
    expect(result.exhausted).toBe(true);
  });
});

describe('reachability in the state machines', () => {
  it.each([
    { machine: machines.order, from: 'Pending', to: 'Success', reachable: true },
    { machine: machines.order, from: 'Received', to: 'Refunded', reachable: true },
    { machine: machines.order, from: 'Success', to: 'Refunded', reachable: false },
    { machine: machines.order, from: 'Expired', to: 'Received', reachable: false },
    { machine: machines.withdrawal, from: 'Pending', to: 'Returned', reachable: true },
    { machine: machines.withdrawal, from: 'Failed', to: 'Success', reachable: false },
    { machine: machines.deposit, from: 'Pending', to: 'Received', reachable: true },
    { machine: machines.deposit, from: 'Cancelled', to: 'Received', reachable: false },
    { machine: machines.deposit, from: 'Received', to: 'Received', reachable: true },
  ])('$machine.name: $from to $to is $reachable', ({ machine, from, to, reachable: expected }) => {
    expect(reachable(machine, from, to)).toBe(expected);
  });
});

/** A database that only records what reached it: each statement's text, and COMMIT when a transaction resolved. */
function recordingDb(): Db & { readonly ran: string[] } {
  const ran: string[] = [];
  const queryable: Queryable = {
    query: async (text) => {
      ran.push(text);
      return [{ id: 1 }] as never[];
    },
    exec: async (script) => {
      ran.push(script);
    },
  };
  return {
    ran,
    kind: 'pglite',
    ...queryable,
    transaction: async (fn) => {
      const result = await fn(queryable);
      ran.push('COMMIT');
      return result;
    },
    listen: async () => async () => {},
    ping: async () => {},
    close: async () => {},
  };
}

describe('the faulty store', () => {
  const outcome = (error: unknown) =>
    error instanceof CrashedError
      ? 'crashed'
      : error instanceof StoreUnavailableError
        ? `unavailable, outcome ${error.outcomeUnknown ? 'unknown' : 'known'}`
        : error instanceof Error
          ? 'error'
          : 'answered';

  // Four points: a statement (1), then a transaction (its BEGIN or COMMIT is 2) of two statements (3 and 4).
  it.each([
    { kind: 'db-down', point: 1, ran: ['select 2', 'insert 3', 'COMMIT'], first: 'unavailable, outcome known' },
    {
      kind: 'db-lost-before',
      point: 1,
      ran: ['select 2', 'insert 3', 'COMMIT'],
      first: 'unavailable, outcome unknown',
    },
    {
      kind: 'db-lost-after',
      point: 1,
      ran: ['select 1', 'select 2', 'insert 3', 'COMMIT'],
      first: 'unavailable, outcome unknown',
    },
    { kind: 'db-error', point: 3, ran: ['select 1'], first: 'answered', second: 'error' },
    {
      kind: 'db-lost-after',
      point: 2,
      ran: ['select 1', 'select 2', 'insert 3', 'COMMIT'],
      first: 'answered',
      second: 'unavailable, outcome unknown',
    },
    { kind: 'crash-after', point: 1, ran: ['select 1'], first: 'crashed', second: 'crashed' },
    { kind: 'crash-after', point: 4, ran: ['select 1', 'select 2', 'insert 3'], first: 'answered', second: 'crashed' },
  ] as const)('$kind at point $point', async ({ kind, point, ran, first, ...rest }) => {
    const real = recordingDb();
    const store = new FaultyStore(real);
    store.arm({ kind: kind as StoreFaultKind, point });
    const firstOutcome = await store.query('select 1').then(() => 'answered', outcome);
    const secondOutcome = await store
      .transaction(async (tx) => {
        await tx.query('select 2');
        await tx.query('insert 3');
      })
      .then(() => 'answered', outcome);
    expect(firstOutcome).toBe(first);
    expect(secondOutcome).toBe('second' in rest ? rest.second : 'answered');
    expect(real.ran).toEqual(ran);
    expect(store.fired).toMatch(new RegExp(`^(${kind}|crash after)`));
  });

  it('dies right after claiming jobs, and refuses everything after', async () => {
    const real = recordingDb();
    const store = new FaultyStore(real);
    store.armClaimCrash('job');
    await store.query('select 1');
    const claim = 'update jobs set locked_until_ms = $2, attempts = attempts + 1 where id in (select 1)';
    await expect(store.query(claim)).rejects.toThrow(CrashedError);
    await expect(store.query('select 2')).rejects.toThrow(CrashedError);
    expect(real.ran).toEqual(['select 1', claim]);
    expect(store.dead).toBe(true);
  });
});
