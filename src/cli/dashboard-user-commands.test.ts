// The operator CLI's dashboard-user commands against a real in-process server listening on a local port.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aWorkspace } from '../../test/support/builders.js';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { postDashboardSignIn } from '../../test/support/dashboard.js';
import { buildTestApp, type TestApp, TestClock } from '../../test/support/harness.js';
import { CookieJar, codeAt, enrol, strongPassword } from '../../test/support/operators.js';

let t: TestApp;
let cli: (argv: string[]) => Promise<CliRun>;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ clock });
  cli = await cliAgainst(t.app);
});
afterAll(async () => {
  await t.app.close();
});

describe('brokerage dashboard-users', () => {
  it('invites, lists, resets and disables a workspace engineer by email', async () => {
    const { workspaceId } = await aWorkspace(t.app);
    const email = `cli-${randomUUID().slice(0, 8)}@partner.example`;
    const invited = await cli([
      'dashboard-users',
      'invite',
      '--workspace',
      workspaceId,
      '--email',
      email,
      '--role',
      'developer',
    ]);
    expect(invited.code, invited.stderr).toBe(0);
    expect(invited.stderr).toContain('shown only once');
    const { partnerUser, enrolmentUrl } = invited.json();
    expect(partnerUser).toMatchObject({ email, role: 'developer', enrolled: false, workspaceId });
    const { secret } = await enrol(t.app, new URL(enrolmentUrl).pathname, clock);
    clock.advance(30_000);
    const signedIn = await postDashboardSignIn(t.app, new CookieJar(), {
      email,
      password: strongPassword,
      code: codeAt(secret, clock),
    });
    expect(signedIn.statusCode).toBe(303);

    const listed = await cli(['dashboard-users', 'list', '--workspace', workspaceId]);
    expect(listed.json().data).toContainEqual(expect.objectContaining({ email, enrolled: true }));
    const reset = await cli(['dashboard-users', 'reset', '--workspace', workspaceId, '--email', email.toUpperCase()]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.json().partnerUser).toMatchObject({ email, enrolled: false });
    const disabled = await cli(['dashboard-users', 'disable', '--workspace', workspaceId, '--email', email]);
    expect(disabled.json()).toMatchObject({ email, disabled: true });
  });

  it('says what is missing or wrong before calling the server', async () => {
    const noWorkspace = await cli(['dashboard-users', 'invite', '--email', 'x@partner.example', '--role', 'viewer']);
    expect(noWorkspace.code).toBe(2);
    expect(noWorkspace.stderr).toContain('dashboard-users invite needs --workspace');
    const badRole = await cli([
      'dashboard-users',
      'invite',
      '--workspace',
      'w',
      '--email',
      'x@partner.example',
      '--role',
      'root',
    ]);
    expect(badRole.stderr).toContain('--role takes viewer, developer, admin');
    const { workspaceId } = await aWorkspace(t.app);
    const unknown = await cli([
      'dashboard-users',
      'disable',
      '--workspace',
      workspaceId,
      '--email',
      'nobody@partner.example',
    ]);
    expect(unknown.stderr).toContain('has the email nobody@partner.example');
  });
});
