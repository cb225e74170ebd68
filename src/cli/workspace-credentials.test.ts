// The operator CLI's credential commands (issue 30) against a real in-process server listening on a local port:
// `workspaces rotate --overlap` and `workspaces revoke-previous`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aWorkspace, type Credentials, tokenRequest } from '../../test/support/builders.js';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { buildTestApp, type TestApp } from '../../test/support/harness.js';
import { usage } from './brokerage.js';

let t: TestApp;
let cli: (argv: string[]) => Promise<CliRun>;

beforeAll(async () => {
  t = await buildTestApp();
  cli = await cliAgainst(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const grantStatus = async (c: Credentials, password: string) =>
  (await tokenRequest(t.app, { grant_type: 'password', client_id: c.clientId, username: c.username, password }))
    .statusCode;

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('brokerage workspaces rotate --overlap, revoke-previous', () => {
  it('rotates with an overlap: both passwords work until it ends; the warning says until when', async () => {
    const c = await aWorkspace(t.app);
    const run = await cli(['workspaces', 'rotate', c.workspaceId, '--overlap', '2h']);
    expect(run.code, run.stderr).toBe(0);
    const rotated = run.json();
    expect(Math.abs(rotated.previousPasswordExpiresAt - (nowSeconds() + 7_200))).toBeLessThanOrEqual(2);
    expect(run.stderr).toMatch(/shown only once/);
    expect(run.stderr).toContain(new Date(rotated.previousPasswordExpiresAt * 1000).toISOString());
    expect(run.stderr).toContain(`workspaces revoke-previous ${c.workspaceId}`);
    expect(await grantStatus(c, c.password)).toBe(200);
    expect(await grantStatus(c, rotated.password)).toBe(200);

    const shown = await cli(['workspaces', 'show', c.workspaceId]);
    expect(shown.json()).toMatchObject({
      credentialVersion: 2,
      previousPasswordExpiresAt: rotated.previousPasswordExpiresAt,
    });

    const revoked = await cli(['workspaces', 'revoke-previous', c.workspaceId]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.json()).toMatchObject({ workspaceId: c.workspaceId, previousPasswordExpiresAt: null });
    expect(await grantStatus(c, c.password)).toBe(400);
    expect(await grantStatus(c, rotated.password)).toBe(200);
    // Nothing left to revoke: the same answer, still exit 0.
    const again = await cli(['workspaces', 'revoke-previous', c.workspaceId]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ previousPasswordExpiresAt: null });
  });

  it('--overlap 0 stops the old password now; no --overlap takes the server default (24 hours)', async () => {
    const c = await aWorkspace(t.app);
    const cut = await cli(['workspaces', 'rotate', c.workspaceId, '--overlap', '0']);
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.json().previousPasswordExpiresAt).toBeNull();
    expect(cut.stderr).toContain('the previous password no longer works');
    expect(await grantStatus(c, c.password)).toBe(400);

    const byDefault = await cli(['workspaces', 'rotate', c.workspaceId]);
    expect(byDefault.code, byDefault.stderr).toBe(0);
    expect(Math.abs(byDefault.json().previousPasswordExpiresAt - (nowSeconds() + 86_400))).toBeLessThanOrEqual(2);
    expect(await grantStatus(c, cut.json().password)).toBe(200);
  });

  it.each([
    ['24', '--overlap takes 0 or a whole number with a unit'],
    ['1.5h', '--overlap takes 0 or a whole number with a unit'],
    ['-1h', '--overlap takes 0 or a whole number with a unit'],
    ['a day', '--overlap takes 0 or a whole number with a unit'],
  ])('--overlap %j is a usage error before any request', async (overlap, message) => {
    const c = await aWorkspace(t.app);
    const run = await cli(['workspaces', 'rotate', c.workspaceId, `--overlap=${overlap}`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(await grantStatus(c, c.password)).toBe(200);
    expect((await cli(['workspaces', 'show', c.workspaceId])).json().credentialVersion).toBe(1);
  });

  it("an overlap past the server's maximum is the server's 400, exit 1, and nothing rotates", async () => {
    const c = await aWorkspace(t.app);
    const run = await cli(['workspaces', 'rotate', c.workspaceId, '--overlap', '8d']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('ValidationError');
    expect(run.stderr).toContain('overlapSeconds must be <= 604800');
    expect((await cli(['workspaces', 'show', c.workspaceId])).json().credentialVersion).toBe(1);
  });

  it('an unknown workspace is the server 404 for both commands', async () => {
    for (const argv of [
      ['workspaces', 'rotate', 'nope', '--overlap', '1h'],
      ['workspaces', 'revoke-previous', 'nope'],
    ]) {
      const run = await cli(argv);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('ExistenceError');
    }
  });

  it('the usage text names the option and the command', () => {
    const text = usage();
    expect(text).toContain('--overlap <duration>');
    expect(text).toMatch(/workspaces revoke-previous <id>\s+End a rotation's overlap now/);
  });
});
