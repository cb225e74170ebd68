import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cliUserAgent } from '../cli/brokerage.js';
import { adminTokenActor, cliUserAgentPrefix } from './actor.js';

const request = (userAgent?: string) =>
  ({ ip: '203.0.113.7', headers: userAgent === undefined ? {} : { 'user-agent': userAgent } }) as FastifyRequest;

describe('the actor of a bearer ADMIN_TOKEN request', () => {
  it.each([
    ['the CLI', cliUserAgent, 'cli'],
    ['curl', 'curl/8.5.0', 'api'],
    ['no user agent', undefined, 'api'],
  ] as const)('%s is recorded as via %s', (_, userAgent, via) => {
    expect(adminTokenActor(request(userAgent))).toEqual({
      kind: 'admin-token',
      via,
      address: '203.0.113.7',
      ...(userAgent === undefined ? {} : { userAgent }),
    });
  });

  it("the CLI's user agent starts with the prefix the platform recognises", () => {
    expect(cliUserAgent.startsWith(cliUserAgentPrefix)).toBe(true);
  });
});
