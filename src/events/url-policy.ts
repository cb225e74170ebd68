import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Where webhooks may go: https to public addresses only. The address is resolved once, checked, and the delivery
// connects to that very address (no second lookup a DNS rebinding could change, no redirects followed).
// WEBHOOK_ALLOW_INSECURE lifts both rules for local development and tests.

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged by its IPv4 address. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Resolver = (host: string) => Promise<readonly { address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export type TargetCheck =
  | { readonly ok: true; readonly url: URL; readonly address: string; readonly family: 4 | 6 }
  | { readonly ok: false; readonly reason: string };

export async function checkTarget(
  raw: string,
  allowInsecure: boolean,
  resolve: Resolver = systemResolver,
): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'url is not an absolute URL' };
  }
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) {
    return { ok: false, reason: 'url must use https' };
  }
  if (url.username || url.password) return { ok: false, reason: 'url must not carry credentials' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      return { ok: false, reason: `url host ${host} does not resolve` };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: `url host ${host} does not resolve` };
  if (!allowInsecure) {
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) return { ok: false, reason: `url host ${host} resolves to a non-public address (${blocked.address})` };
  }
  return { ok: true, url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
