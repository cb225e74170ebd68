// The audit log's table-driven test kit (test/api/audit-log.test.ts): what one performed operation says its audit row
// must show, the operator request that performs it under a request id of its own, and the secrets seen on the way.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { cliUserAgent } from '../../src/cli/brokerage.js';
import { adminHeaders, type Partner } from './builders.js';
import type { TestApp } from './harness.js';

/** What one audited operation's row must show besides its action and actor. */
export interface AuditExpectation {
  readonly workspaceId: string | null;
  readonly target: { readonly type: string; readonly id: string };
  /** Checks the row's before and after (as stored: redacted). */
  readonly check: (before: Record<string, unknown> | null, after: Record<string, unknown> | null) => void;
}

export interface Performed {
  readonly response: LightMyRequestResponse;
  readonly expected: AuditExpectation;
}

/** The secret values a run handed to the operations or received from them: none may reach the log. */
export const secretsSeen = new Set<string>();

export type Via = 'api' | 'cli';

/** One operator request under `requestId`, with the CLI's user agent when `via` is 'cli'. */
export function operatorRequest(app: FastifyInstance, requestId: string, via: Via) {
  return (method: 'POST' | 'PATCH', url: string, payload?: object | string, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...adminHeaders,
        'x-request-id': requestId,
        ...(via === 'cli' ? { 'user-agent': cliUserAgent } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
}

export type Admin = ReturnType<typeof operatorRequest>;
export type Operation = (t: TestApp, admin: Admin) => Promise<Performed>;

export const api = (t: TestApp, p: Partner, method: 'GET' | 'POST', url: string, payload?: object, more = {}) =>
  t.app.inject({ method, url, headers: { ...p.headers, ...more }, ...(payload === undefined ? {} : { payload }) });

export async function created<T = Record<string, unknown>>(response: Promise<LightMyRequestResponse>): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json();
}

export const workspaceOf = (p: Partner) => p.credentials.workspaceId;

/** A PDF attachment whose base64 bytes must never be logged. */
export const attachment = () => {
  const content = Buffer.from(`%PDF-1.4 audit ${randomUUID()} %%EOF\n`).toString('base64');
  secretsSeen.add(content);
  return { fileName: 'statement.pdf', content };
};
