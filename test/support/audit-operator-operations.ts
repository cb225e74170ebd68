// The operator API's own account operations, for the audit log's table-driven test (test/api/audit-log.test.ts):
// each performs one, and says what its audit row must show. The enrolment link is a credential: it must not be logged.

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type Admin, type Operation, secretsSeen } from './audit-kit.js';
import type { TestApp } from './harness.js';
import { adminHeaders } from './operators.js';

async function anOperator(t: TestApp, role = 'support') {
  const email = `audited-${randomUUID().slice(0, 8)}@brokerage.example`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/admin/v1/operators',
    headers: adminHeaders,
    payload: { email, role },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { operator, enrolmentUrl } = response.json();
  secretsSeen.add(enrolmentUrl.split('/').pop());
  return { operatorId: operator.operatorId as string, email };
}

/** A change to an existing account: its row says before and after, with the sessions it ended. */
const onAccount =
  (path: string, after: Record<string, unknown>): Operation =>
  async (t: TestApp, admin: Admin) => {
    const { operatorId, email } = await anOperator(t);
    const response = await admin('POST', `/admin/v1/operators/${operatorId}/${path}`);
    if (path === 'enrolment') secretsSeen.add(response.json().enrolmentUrl.split('/').pop());
    return {
      response,
      expected: {
        workspaceId: null,
        target: { type: 'operator', id: operatorId },
        check: (before, logged) => {
          expect(before).toMatchObject({ operatorId, email, disabled: false });
          expect(logged).toMatchObject({ operatorId, email, signInsEnded: 0, ...after });
        },
      },
    };
  };

export const operatorOperations: Readonly<Record<string, Operation>> = {
  'admin.operators.create': async (_t, admin) => {
    const email = `created-${randomUUID().slice(0, 8)}@brokerage.example`;
    const response = await admin('POST', '/admin/v1/operators', { email, role: 'compliance' });
    const { operator, enrolmentUrl } = response.json();
    secretsSeen.add(enrolmentUrl.split('/').pop());
    return {
      response,
      expected: {
        workspaceId: null,
        target: { type: 'operator', id: operator.operatorId },
        check: (before, after) => {
          expect(before).toBeNull();
          expect(after).toMatchObject({ email, role: 'compliance', enrolled: false, disabled: false });
        },
      },
    };
  },
  'admin.operators.disable': onAccount('disable', { disabled: true }),
  'admin.operators.revokeSessions': onAccount('revoke-sessions', { disabled: false }),
  'admin.operators.reissueEnrolment': onAccount('enrolment', { enrolled: false }),
};
