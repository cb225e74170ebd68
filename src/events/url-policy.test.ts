import { describe, expect, it } from 'vitest';
import { checkTarget, isPublicAddress, type Resolver } from './url-policy.js';

describe('isPublicAddress', () => {
  it.each([
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['127.0.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not-an-ip', false],
  ])('%s: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('checkTarget', () => {
  const resolver =
    (addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it.each([
    ['https://hooks.example.com/x', ['93.184.216.34'], false, { ok: true, address: '93.184.216.34' }],
    ['http://hooks.example.com/x', ['93.184.216.34'], false, { ok: false, reason: 'url must use https' }],
    ['http://localhost:8080/x', ['127.0.0.1'], true, { ok: true, address: '127.0.0.1' }],
    ['https://hooks.example.com', ['93.184.216.34', '10.0.0.5'], false, { ok: false }],
    ['https://127.0.0.1/x', [], false, { ok: false }],
    ['https://[::1]/x', [], false, { ok: false }],
    ['https://user:pw@hooks.example.com', ['93.184.216.34'], false, { ok: false }],
    ['ftp://hooks.example.com', ['93.184.216.34'], true, { ok: false }],
    ['not a url', [], true, { ok: false }],
    ['https://nowhere.example', [], false, { ok: false }],
  ] as const)('%s resolving to %j (insecure %s)', async (url, addresses, insecure, expected) => {
    expect(await checkTarget(url, insecure, resolver([...addresses]))).toMatchObject(expected);
  });
});
