// The table ownership check (scripts/check-table-ownership.ts, `npm run lint:tables`; docs/architecture.md, "Who owns
// which table"): the rules it holds the files to, and a scratch file reading another module's table failing it with
// the rule's name, as the issue checks it. What it reads as SQL: table-ownership-sql.test.ts.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkOwnership,
  formatViolation,
  main,
  type OwnershipMap,
  ownershipMap,
  sourceFiles,
} from '../../scripts/check-table-ownership.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

const map: OwnershipMap = {
  tableOwners: {
    orders: 'src/resources/orders',
    deposits: 'src/resources/deposits',
    jobs: 'src/jobs',
    balances: 'src/ledger',
  },
  readModels: [
    { module: 'src/operator/overview', tables: 'any' },
    { module: 'src/platform/secrets/reencrypt.ts', tables: ['orders'] },
  ],
  knownViolations: [],
};
const file = (path: string, source: string) => ({ path, source });
const errorsOf = (files: { path: string; source: string }[], m = map) => checkOwnership(files, m).map(formatViolation);

describe('the rules', () => {
  it('lets the owner read and write its table, from its repositories', () => {
    expect(
      errorsOf([
        file('src/resources/orders/repo.ts', "q('update orders set status = $1'); q('select * from orders')"),
        file('src/resources/orders/repo-lists.ts', "q('select * from orders')"),
        file('src/jobs/queue.ts', "q('insert into jobs (kind) values ($1)')"),
        file('src/jobs/housekeeping/targets.ts', "q('delete from jobs where done_at_ms < $1')"),
      ]),
    ).toEqual([]);
  });

  const cases: { name: string; path: string; source: string; expected: string[] }[] = [
    {
      name: "a read of another module's table",
      path: 'src/resources/deposits/repo.ts',
      source: "q('select d.*, o.status from deposits d join orders o on o.deposit_id = d.id')",
      expected: [
        '  error table-read-by-owner-or-read-model: src/resources/deposits/repo.ts → orders (owned by src/resources/orders)',
      ],
    },
    {
      name: "a write of another module's table (its read is the same break)",
      path: 'src/resources/deposits/repo.ts',
      source: "q('update orders set status = $1 where id = (select id from orders limit 1)')",
      expected: [
        '  error table-written-by-its-owner-only: src/resources/deposits/repo.ts → orders (owned by src/resources/orders)',
      ],
    },
    {
      name: 'a folder whose name starts as the owner’s is another module',
      path: 'src/resources/orders-archive/repo.ts',
      source: "q('select * from orders')",
      expected: [
        '  error table-read-by-owner-or-read-model: src/resources/orders-archive/repo.ts → orders (owned by src/resources/orders)',
      ],
    },
    {
      name: 'a read model reads anything',
      path: 'src/operator/overview/repo.ts',
      source: "q('select count(*) from orders union all select count(*) from jobs')",
      expected: [],
    },
    {
      name: 'a read model does not write',
      path: 'src/operator/overview/repo.ts',
      source: "q('delete from jobs')",
      expected: ['  error table-written-by-its-owner-only: src/operator/overview/repo.ts → jobs (owned by src/jobs)'],
    },
    {
      name: 'a read model of some tables reads only those',
      path: 'src/platform/secrets/reencrypt.ts',
      source: "q('select * from orders'); q('select * from balances')",
      expected: [
        '  error table-read-by-owner-or-read-model: src/platform/secrets/reencrypt.ts → balances (owned by src/ledger)',
      ],
    },
    {
      name: "SQL in a resource's file that is no repository",
      path: 'src/resources/orders/read.ts',
      source: "q('select * from orders'); q('select * from deposits')",
      expected: [
        '  error table-read-by-owner-or-read-model: src/resources/orders/read.ts → deposits (owned by src/resources/deposits)',
        "  error sql-in-repositories-only: src/resources/orders/read.ts → deposits, orders (within an audience's home, SQL lives in a repo*.ts)",
      ],
    },
    {
      name: "SQL in a console page: the operator's home keeps SQL in repositories too",
      path: 'src/operator/console/search-page.ts',
      source: "q('select * from orders')",
      expected: [
        '  error table-read-by-owner-or-read-model: src/operator/console/search-page.ts → orders (owned by src/resources/orders)',
        "  error sql-in-repositories-only: src/operator/console/search-page.ts → orders (within an audience's home, SQL lives in a repo*.ts)",
      ],
    },
    {
      name: 'SQL in a hosted page outside a repository',
      path: 'src/hosted/kyc/flow.ts',
      source: "q('delete from deposits where id = $1')",
      expected: [
        '  error table-written-by-its-owner-only: src/hosted/kyc/flow.ts → deposits (owned by src/resources/deposits)',
        "  error sql-in-repositories-only: src/hosted/kyc/flow.ts → deposits (within an audience's home, SQL lives in a repo*.ts)",
      ],
    },
    {
      name: 'a *-repo.ts file is a repository',
      path: 'src/operator/overview/queues-repo.ts',
      source: "q('select * from orders')",
      expected: [],
    },
  ];
  it.each(cases)('$name', ({ path, source, expected }) => {
    expect(errorsOf([file(path, source)])).toEqual(expected);
  });

  it('passes a known violation, and fails once it is gone', () => {
    const known: OwnershipMap = {
      ...map,
      knownViolations: [
        { rule: 'table-read-by-owner-or-read-model', file: 'src/resources/deposits/repo.ts', table: 'orders' },
        { rule: 'sql-in-repositories-only', file: 'src/resources/orders/read.ts' },
      ],
    };
    const breaking = [
      file('src/resources/deposits/repo.ts', "q('select * from orders')"),
      file('src/resources/orders/read.ts', "q('select * from orders')"),
    ];
    expect(errorsOf(breaking, known)).toEqual([]);
    // Another table in the same file is a new break.
    expect(errorsOf([...breaking, file('src/resources/deposits/repo.ts', "q('select * from jobs')")], known)).toEqual([
      '  error table-read-by-owner-or-read-model: src/resources/deposits/repo.ts → jobs (owned by src/jobs)',
    ]);
    expect(errorsOf([file('src/resources/deposits/repo.ts', "q('select * from deposits')")], known)).toEqual([
      '  error known-violation-gone: src/resources/deposits/repo.ts → orders no longer breaks table-read-by-owner-or-read-model: remove it from knownViolations (src/storage/table-owners.ts)',
      '  error known-violation-gone: src/resources/orders/read.ts no longer breaks sql-in-repositories-only: remove it from knownViolations (src/storage/table-owners.ts)',
    ]);
  });
});

describe('the repository', () => {
  const files = sourceFiles().map((path) => file(path, readFileSync(join(root, path), 'utf8')));

  it('breaks no rule but the known violations, each of which still occurs', () => {
    expect(checkOwnership(files, ownershipMap).map(formatViolation)).toEqual([]);
  });

  it("fails a scratch file that reads another module's table, with the rule's name", () => {
    const scratch = file(
      'src/resources/scratch/repo.ts',
      "export const peek = (db: Queryable) => db.query('select id, status from orders where id = $1', ['x']);",
    );
    expect(checkOwnership([...files, scratch], ownershipMap).map(formatViolation)).toEqual([
      '  error table-read-by-owner-or-read-model: src/resources/scratch/repo.ts → orders (owned by src/resources/orders)',
    ]);
  });
});

describe('npm run lint:tables', () => {
  const dir = mkdtempSync(join(tmpdir(), 'table-ownership-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(root, 'src'), join(dir, 'src'), { recursive: true, filter: (path) => !path.endsWith('.test.ts') });
  mkdirSync(join(dir, 'src', 'resources', 'scratch'));
  writeFileSync(
    join(dir, 'src', 'resources', 'scratch', 'repo.ts'),
    "export const peek = (db: Queryable) => db.query('update deposits set status = $2 where id = $1', ['x', 'y']);\n",
  );

  it('exits 1 on a scratch file that writes another module’s table, printing the rule as depcruise does', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', './scripts/ts-hooks.mjs', 'scripts/check-table-ownership.ts', '--root', dir],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n').filter((line) => line.includes('error'))).toEqual([
      '  error table-written-by-its-owner-only: src/resources/scratch/repo.ts → deposits (owned by src/resources/deposits)',
    ]);
    expect(run.stdout).toContain('x 1 table ownership violation');
  });

  it('prints what each file reads and writes with --accesses', () => {
    const lines: string[] = [];
    expect(main(['--root', dir, '--accesses'], (line) => lines.push(line))).toBe(0);
    const at = lines.indexOf('src/resources/scratch/repo.ts');
    expect(lines.slice(at, at + 2)).toEqual([
      'src/resources/scratch/repo.ts',
      '  write deposits (line 1, owned by src/resources/deposits)',
    ]);
  });
});
