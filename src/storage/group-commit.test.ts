import { describe, expect, it } from 'vitest';
import { limits } from '../limits.js';
import { StoreUnavailableError } from './db.js';
import { GroupCommit, groupCommitOptions, joinsGroup } from './group-commit.js';

// The group commit over a fake statement: which parts go together, when, and whose outcome or error each gets.

interface Part {
  readonly name: string;
  readonly keys?: readonly string[];
}

/** A statement runner that records each statement's parts and answers when the test says. */
function fakeRun(fail: (names: string[]) => unknown = () => undefined) {
  const statements: string[][] = [];
  const pending: (() => void)[] = [];
  let held = false;
  const run = async (parts: readonly Part[]) => {
    const names = parts.map((part) => part.name);
    statements.push(names);
    if (held) await new Promise<void>((resolve) => pending.push(resolve));
    const error = fail(names);
    if (error !== undefined) throw error;
    return names.map((name) => `done ${name}`);
  };
  return {
    run,
    statements,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const resolve of pending.splice(0)) resolve();
    },
  };
}

const settled = (promises: Promise<string>[]) =>
  Promise.allSettled(promises).then((results) =>
    results.map((r) => (r.status === 'fulfilled' ? r.value : `failed ${(r.reason as Error).message}`)),
  );

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('sends a lone part at the end of its turn, alone', async () => {
    const fake = fakeRun();
    const group = new GroupCommit<Part, string>(fake.run, { lanes: 2, batchMax: 8 });
    expect(await group.submit({ name: 'a' })).toBe('done a');
    expect(fake.statements).toEqual([['a']]);
  });

  it('sends the parts of one turn together, and those that come while the lanes are busy as the next statement', async () => {
    const fake = fakeRun();
    const group = new GroupCommit<Part, string>(fake.run, { lanes: 1, batchMax: 8 });
    fake.hold();
    const first = ['a', 'b', 'c'].map((name) => group.submit({ name }));
    await turn();
    const second = ['d', 'e'].map((name) => group.submit({ name }));
    await turn();
    expect(fake.statements).toEqual([['a', 'b', 'c']]);
    fake.release();
    expect(await settled([...first, ...second])).toEqual(['done a', 'done b', 'done c', 'done d', 'done e']);
    expect(fake.statements).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(group.figures).toEqual({ statements: 2, parts: 5, sizes: [undefined, undefined, 1, 1] });
  });

  it.each([
    // [what, lanes, batchMax, parts (name:key), statements sent while all lanes are held]
    [
      'at most batchMax a statement, as many statements as lanes',
      2,
      2,
      ['a', 'b', 'c', 'd', 'e'],
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['one lane', 1, 3, ['a', 'b', 'c', 'd'], [['a', 'b', 'c']]],
    ['two parts with one key never together', 1, 8, ['a:k1', 'b:k2', 'c:k1', 'd'], [['a:k1', 'b:k2', 'd']]],
    ['nor two sharing any of their keys', 1, 8, ['a:k1,q1', 'b:k2,q1', 'c:k3,q2'], [['a:k1,q1', 'c:k3,q2']]],
  ] as const)('%s', async (_what, lanes, batchMax, names, whileHeld) => {
    const fake = fakeRun();
    const group = new GroupCommit<Part, string>(fake.run, { lanes, batchMax }, (part) => part.keys ?? []);
    fake.hold();
    const all = names.map((name) => group.submit({ name, keys: name.split(':')[1]?.split(',') ?? [] }));
    await turn();
    expect(fake.statements).toEqual(whileHeld);
    fake.release();
    expect(await settled(all)).toEqual(names.map((name) => `done ${name}`));
    expect(fake.statements.flat().sort()).toEqual([...names].sort());
  });

  it('a part whose key is in flight waits for that statement, even with a lane free', async () => {
    const fake = fakeRun();
    const group = new GroupCommit<Part, string>(fake.run, { lanes: 2, batchMax: 8 }, (part) => part.keys ?? []);
    fake.hold();
    const first = group.submit({ name: 'a', keys: ['k1'] });
    await turn();
    const later = [group.submit({ name: 'b', keys: ['k1'] }), group.submit({ name: 'c', keys: ['k2'] })];
    await turn();
    // c takes the free lane; b waits for a's statement.
    expect(fake.statements).toEqual([['a'], ['c']]);
    fake.release();
    expect(await settled([first, ...later])).toEqual(['done a', 'done b', 'done c']);
    expect(fake.statements).toEqual([['a'], ['c'], ['b']]);
  });

  it("a statement that fails as a statement: each part again alone, so one part's failure is its own", async () => {
    const fake = fakeRun((names) => (names.includes('bad') ? new Error('constraint') : undefined));
    const group = new GroupCommit<Part, string>(fake.run, { lanes: 1, batchMax: 8 });
    const all = ['a', 'bad', 'c'].map((name) => group.submit({ name }));
    expect(await settled(all)).toEqual(['done a', 'failed constraint', 'done c']);
    expect(fake.statements).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('the database away: every part of the statement gets that error, none is sent again', async () => {
    const away = new StoreUnavailableError('the database is unreachable', true, new Error('ECONNRESET'));
    const fake = fakeRun(() => away);
    const group = new GroupCommit<Part, string>(fake.run, { lanes: 1, batchMax: 8 });
    const all = ['a', 'b'].map((name) => group.submit({ name }));
    expect(await settled(all)).toEqual([`failed ${away.message}`, `failed ${away.message}`]);
    expect(fake.statements).toEqual([['a', 'b']]);
  });

  it('a statement that answers the wrong number of outcomes fails, and its parts go alone', async () => {
    const statements: number[] = [];
    const group = new GroupCommit<Part, string>(
      async (parts) => {
        statements.push(parts.length);
        return parts.length === 1 ? ['alone'] : ['only one'];
      },
      { lanes: 1, batchMax: 8 },
    );
    expect(await settled(['a', 'b'].map((name) => group.submit({ name })))).toEqual(['alone', 'alone']);
    expect(statements).toEqual([2, 1, 1]);
  });
});

describe('which writes join a group', () => {
  const store = {};
  const transaction = {};
  it.each([
    ['a keyed write on the store, group commit on', store, true, true, true],
    ['an unkeyed write', store, true, false, false],
    ['a keyed write inside a transaction of its own', transaction, true, true, false],
    ['a keyed write with GROUP_COMMIT_ENABLED off', store, false, true, false],
  ])('%s', (_what, db, groupCommitEnabled, keyed, joins) => {
    expect(joinsGroup({ db, store, groupCommitEnabled, keyed })).toBe(joins);
  });
});

// The embedded store carries fewer writes a statement: each size is a prepared text held in PGlite's memory for good.
describe("a store's group options", () => {
  it.each([
    ['postgres', limits.groupCommitBatchMax],
    ['pglite', limits.groupCommitEmbeddedBatchMax],
  ] as const)('%s: at most %i writes a statement', (kind, batchMax) => {
    expect(groupCommitOptions({ kind })).toEqual({ lanes: limits.groupCommitLaneCount, batchMax });
  });

  it('the embedded store carries fewer than a server', () => {
    expect(limits.groupCommitEmbeddedBatchMax).toBeLessThan(limits.groupCommitBatchMax);
  });
});
