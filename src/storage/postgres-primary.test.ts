import { describe, expect, it } from 'vitest';
import { PrimaryHosts } from './postgres-primary.js';

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
    for (const index of failures) hosts.moveOn(index);
    expect(hosts.current).toBe(current);
    expect(hosts.epoch).toBe(epoch);
  });
});
