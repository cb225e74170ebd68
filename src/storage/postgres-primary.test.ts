import { describe, expect, it } from 'vitest';
import { hostLabel } from './postgres-hosts.js';
import { PrimaryHosts, type PrimaryLog } from './postgres-primary.js';

describe('PrimaryHosts', () => {
  it.each([
    // [what, hosts in the URL, hosts reported as failed in turn, the host tried first after, the epoch after]
    ['one host: stays, each failure a new epoch', 'postgres://a/db', [0, 0], 0, 2],
    ['the first fails: the second is tried', 'postgres://a,b,c/db', [0], 1, 1],
    ['a failure of a host no longer first changes nothing', 'postgres://a,b,c/db', [0, 0, 0], 1, 1],
    ['all in turn: back to the first', 'postgres://a,b,c/db', [0, 1, 2], 0, 3],
    ['two hosts in turn, one reported twice', 'postgres://a,b/db', [0, 1, 1, 0], 1, 3],
  ] as const)('%s', (_, url, failures, current, epoch) => {
    const hosts = new PrimaryHosts(url);
    for (const index of failures) hosts.moveOn(index, 'its connection lost');
    expect(hosts.current).toBe(current);
    expect(hosts.epoch).toBe(epoch);
  });

  it('says, with several hosts, when one is left and when the primary is found elsewhere; with one, nothing', () => {
    const lines: string[] = [];
    const log: PrimaryLog = { info: (_, m) => lines.push(`info ${m}`), warn: (_, m) => lines.push(`warn ${m}`) };
    const hosts = new PrimaryHosts('postgres://u:secret@a:5432,b:5433/db?sslmode=disable', log);
    hosts.isPrimary(0);
    hosts.isPrimary(0);
    hosts.moveOn(0, 'a write refused as read-only');
    hosts.moveOn(0, 'its connection lost');
    hosts.isPrimary(1);
    expect(lines).toEqual([
      'info database: writing to a:5432, the writable primary',
      'warn database: a:5432 is not the writable primary (a write refused as read-only); trying b:5433 first',
      'info database: writing to b:5433, the writable primary (was a:5432)',
    ]);
    const single = new PrimaryHosts('postgres://u@a/db', log);
    single.isPrimary(0);
    single.moveOn(0, 'its connection lost');
    expect(lines).toHaveLength(3);
  });
});

describe('hostLabel', () => {
  it.each([
    ['postgres://u:secret@db-a:5432/brokerage?sslmode=require', 'db-a:5432'],
    ['postgres://db-b/brokerage', 'db-b'],
    ['postgresql://u@[::1]:5433/x', '[::1]:5433'],
    ['postgres:///brokerage?host=/tmp', 'localhost'],
  ])('%s is %s', (url, label) => {
    expect(hostLabel(url)).toBe(label);
  });
});
