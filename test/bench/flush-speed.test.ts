import { describe, expect, it } from 'vitest';
import { parseOneWriteTable } from '../../bench/lib/flush-speed.mjs';

// The bench records the disk's flush speed beside each run (issue #32, item 4) from pg_test_fsync's first table.
// The samples are PostgreSQL 15's pg_test_fsync output as printed on a Linux machine (the first), and the same
// table where a method is not available and a number has no decimals.
const fast = `1 second per test
O_DIRECT supported on this platform for open_datasync and open_sync.

Compare file sync methods using one 8kB write:
(in wal_sync_method preference order, except fdatasync is Linux's default)
        open_datasync                      8089.507 ops/sec     124 usecs/op
        fdatasync                          7970.701 ops/sec     125 usecs/op
        fsync                              7837.208 ops/sec     128 usecs/op
        fsync_writethrough                              n/a
        open_sync                          7355.088 ops/sec     136 usecs/op

Compare file sync methods using two 8kB writes:
(in wal_sync_method preference order, except fdatasync is Linux's default)
        open_datasync                      4065.675 ops/sec     246 usecs/op
        fdatasync                          7830.013 ops/sec     128 usecs/op
`;
const slow = `Compare file sync methods using one 8kB write:
(in wal_sync_method preference order, except fdatasync is Linux's default)
        open_datasync                                   n/a*
        fdatasync                           412 ops/sec    2427 usecs/op
        fsync                               398.2 ops/sec    2511 usecs/op
`;

describe("pg_test_fsync's one-write table", () => {
  it.each([
    {
      name: 'a fast disk, only the first table',
      output: fast,
      fdatasync: { opsPerSecond: 7970.701, microsecondsPerOp: 125 },
      methods: 4,
    },
    {
      name: 'a slow disk, a method not available',
      output: slow,
      fdatasync: { opsPerSecond: 412, microsecondsPerOp: 2427 },
      methods: 2,
    },
    { name: 'no table at all', output: 'pg_test_fsync: could not open output file', fdatasync: undefined, methods: 0 },
  ])('$name', ({ output, fdatasync, methods }) => {
    const table = parseOneWriteTable(output);
    expect(table.fdatasync).toEqual(fdatasync);
    expect(Object.keys(table)).toHaveLength(methods);
  });
});
