// The operator API's own account operations, for the audit log's table-driven test (test/api/audit-log.test.ts):
// each performs one, and says what its audit row must show. The enrolment link is a credential: it must not be logged.

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { type Admin, type Operation, secretsSeen } from './audit-kit.js';
import { aWorkspace } from './builders.js';
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

/** A workspace with one invited dashboard user (and an admin beside, so the workspace keeps one). */
async function aDashboardUser(t: TestApp, role = 'developer') {
  const { workspaceId } = await aWorkspace(t.app);
  const invite = async (email: string, as: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${workspaceId}/dashboard-users`,
      headers: adminHeaders,
      payload: { email, role: as },
    });
    expect(response.statusCode, response.body).toBe(201);
    secretsSeen.add(response.json().enrolmentUrl.split('/').pop());
    return response.json().partnerUser.partnerUserId as string;
  };
  await invite(`admin-${randomUUID().slice(0, 8)}@partner.example`, 'admin');
  const email = `audited-${randomUUID().slice(0, 8)}@partner.example`;
  return { workspaceId, email, partnerUserId: await invite(email, role) };
}

/** A change to a dashboard user: its row names the workspace, the person, before and after. */
const onDashboardUser =
  (path: string, after: Record<string, unknown>, body?: object): Operation =>
  async (t: TestApp, admin: Admin) => {
    const { workspaceId, email, partnerUserId } = await aDashboardUser(t);
    const response = await admin(
      'POST',
      `/admin/v1/workspaces/${workspaceId}/dashboard-users/${partnerUserId}/${path}`,
      body,
    );
    if (path === 'enrolment') secretsSeen.add(response.json().enrolmentUrl.split('/').pop());
    return {
      response,
      expected: {
        workspaceId,
        target: { type: 'partner_user', id: partnerUserId },
        check: (before, logged) => {
          expect(before).toMatchObject({ partnerUserId, email, role: 'developer', disabled: false });
          expect(logged).toMatchObject({ partnerUserId, email, ...after });
        },
      },
    };
  };

export const operatorOperations: Readonly<Record<string, Operation>> = {
  'admin.dashboardUsers.invite': async (t, admin) => {
    const { workspaceId } = await aWorkspace(t.app);
    const email = `invited-${randomUUID().slice(0, 8)}@partner.example`;
    const response = await admin('POST', `/admin/v1/workspaces/${workspaceId}/dashboard-users`, {
      email,
      role: 'viewer',
    });
    const { partnerUser, enrolmentUrl } = response.json();
    secretsSeen.add(enrolmentUrl.split('/').pop());
    return {
      response,
      expected: {
        workspaceId,
        target: { type: 'partner_user', id: partnerUser.partnerUserId },
        check: (before, after) => {
          expect(before).toBeNull();
          expect(after).toMatchObject({ email, role: 'viewer', enrolled: false, workspaceId });
        },
      },
    };
  },
  'admin.dashboardUsers.setRole': onDashboardUser('role', { role: 'viewer' }, { role: 'viewer' }),
  'admin.dashboardUsers.disable': onDashboardUser('disable', { disabled: true, signInsEnded: 0 }),
  'admin.dashboardUsers.reissueEnrolment': onDashboardUser('enrolment', { enrolled: false, signInsEnded: 0 }),
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
