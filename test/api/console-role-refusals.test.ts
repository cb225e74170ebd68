import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayAct } from '../../src/domain/operators/permissions.js';
import { consoleChanges } from '../../src/operator/console/routes.js';
import { adminHeaders } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { type CookieJar, postForm, signedInOperator } from '../support/operators.js';

// Goal (issue 14, items 1 and 4): every change the console offers is refused, with 403 and nothing recorded, to each
// role the permission table does not allow it, whichever form it is: the POST itself is checked, not only the page's
// buttons. Method: the console's own list of its changing routes (console/routes.ts records each with its audit
// action, which is also its permission), walked for every role below admin, each with a genuine form token.

let t: TestApp;
const clock = new TestClock();
const jars = new Map<string, CookieJar>();
const roles = ['viewer', 'support', 'compliance'] as const;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  for (const role of roles) jars.set(role, await signedInOperator(t.app, clock, role));
});
afterAll(async () => {
  await t.app.close();
});

/** A path with its parameters filled by values its schema accepts (ids that exist nowhere). */
const concrete = (path: string) =>
  path
    .replace(':decision', path.includes('/kyc/') ? 'approve' : 'clear')
    .replace(
      /:(workspaceId|operatorId|partnerUserId|eventUid|ticketId|conversationId|transferId|screeningId|id)/g,
      () => randomUUID(),
    );

const consoleEntries = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/admin/v1/audit-log?via=console&limit=500', headers: adminHeaders })
  ).json() as unknown[];

describe('changes refused by role', () => {
  it('the console registers its changes', () => {
    expect(consoleChanges.size).toBeGreaterThanOrEqual(18);
  });

  it.each(roles)('%s: every change its role may not make answers 403 and records nothing', async (role) => {
    const jar = jars.get(role) as CookieJar;
    const before = (await consoleEntries()).length;
    const refused = [...consoleChanges].filter(([, action]) => !mayAct(role, action as never));
    expect(refused.length).toBeGreaterThan(0);
    for (const [path] of refused) {
      const answer = await postForm(t.app, jar, concrete(path), { note: 'x', message: 'x', status: 'CLOSED' });
      expect(answer.statusCode, `${role} POST ${path}`).toBe(403);
    }
    expect((await consoleEntries()).length).toBe(before);
  });

  it('a viewer may make no change at all', () => {
    expect([...consoleChanges].filter(([, action]) => mayAct('viewer', action as never))).toEqual([]);
  });
});
