// The operator overview's queues (GET /admin/v1/overview) as test/api/overview-queues*.test.ts read them: each
// queue's count and the operator list it links to, of every workspace or of one.
import { expect } from 'vitest';
import type { QueueName } from '../../src/operator/overview/queues.js';
import { adminHeaders } from './builders.js';
import type { TestApp } from './harness.js';

export interface QueueOut {
  count: number;
  list?: { operationId: string; path: string; query: Record<string, string[]> };
}

/** The overview's queues of `t`, across workspaces or of `workspaceId` only. */
export async function overviewQueues(t: TestApp, workspaceId?: string): Promise<Record<QueueName, QueueOut>> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/admin/v1/overview${workspaceId ? `?workspaceId=${workspaceId}` : ''}`,
    headers: adminHeaders,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().queues;
}

/** The query of the list a queue links to, as search parameters, with a limit of 500. */
export function listSearch(list: NonNullable<QueueOut['list']>): URLSearchParams {
  const pairs = Object.entries(list.query).flatMap(([k, vs]) => vs.map((v): [string, string] => [k, v]));
  return new URLSearchParams([...pairs, ['limit', '500']]);
}
