import { describe, expect, it } from 'vitest';
import { urlsPerHost } from './postgres-hosts.js';

describe('urlsPerHost', () => {
  it.each([
    [
      'one host: unchanged',
      'postgres://u:p@db:5432/brokerage?sslmode=require',
      ['postgres://u:p@db:5432/brokerage?sslmode=require'],
    ],
    ['no user', 'postgres://db-a,db-b/brokerage', ['postgres://db-a/brokerage', 'postgres://db-b/brokerage']],
    [
      'users, ports and parameters kept on each',
      'postgresql://app:s%40cret@10.0.0.1:5432,10.0.0.2:5433,10.0.0.3/brokerage?sslmode=verify-full&application_name=api',
      [
        'postgresql://app:s%40cret@10.0.0.1:5432/brokerage?sslmode=verify-full&application_name=api',
        'postgresql://app:s%40cret@10.0.0.2:5433/brokerage?sslmode=verify-full&application_name=api',
        'postgresql://app:s%40cret@10.0.0.3/brokerage?sslmode=verify-full&application_name=api',
      ],
    ],
    [
      'IPv6 literals',
      'postgres://u@[::1]:5432,[fd00::2]:5432/db',
      ['postgres://u@[::1]:5432/db', 'postgres://u@[fd00::2]:5432/db'],
    ],
    ['an empty entry is skipped', 'postgres://u@a:1,,b:2/db', ['postgres://u@a:1/db', 'postgres://u@b:2/db']],
    ['no path', 'postgres://u@a,b', ['postgres://u@a', 'postgres://u@b']],
    [
      'a socket directory in the parameters',
      'postgres://u@localhost:5432/db?host=/tmp/pg',
      ['postgres://u@localhost:5432/db?host=/tmp/pg'],
    ],
    ['not a URL: unchanged (the driver says why)', 'host=a dbname=b', ['host=a dbname=b']],
  ])('%s', (_, url, expected) => {
    expect(urlsPerHost(url)).toEqual(expected);
  });
});
