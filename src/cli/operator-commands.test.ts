// The operator CLI's account commands against a real in-process server listening on a local port.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { buildTestApp, type TestApp, TestClock } from '../../test/support/harness.js';
import { enrol, getPage, signIn } from '../../test/support/operators.js';

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

describe('brokerage operators', () => {
  it('creates, lists, revokes the sessions of and disables an operator by email', async () => {
    const email = `cli-${randomUUID().slice(0, 8)}@brokerage.example`;
    const created = await cli(['operators', 'create', '--email', email, '--role', 'compliance']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain('shown only once');
    const { operator, enrolmentUrl } = created.json();
    expect(operator).toMatchObject({ email, role: 'compliance', enrolled: false });

    const { secret } = await enrol(t.app, new URL(enrolmentUrl).pathname, clock);
    clock.advance(30_000);
    const jar = await signIn(t.app, email, secret, clock);

    const listed = await cli(['operators', 'list']);
    expect(listed.json()).toContainEqual(expect.objectContaining({ email, enrolled: true, secondFactor: true }));

    const revoked = await cli(['operators', 'sessions', 'revoke', '--email', email.toUpperCase()]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.json()).toEqual({ revoked: 1 });
    expect((await getPage(t.app, jar, '/console')).headers.location).toBe('/console/login');

    const disabled = await cli(['operators', 'disable', '--email', email]);
    expect(disabled.json()).toMatchObject({ email, disabled: true });
  });

  it('says what is missing or wrong before calling the server', async () => {
    const noRole = await cli(['operators', 'create', '--email', 'x@brokerage.example']);
    expect(noRole.code).toBe(2);
    expect(noRole.stderr).toContain('operators create needs --role');
    const badRole = await cli(['operators', 'create', '--email', 'x@brokerage.example', '--role', 'root']);
    expect(badRole.stderr).toContain('--role takes viewer, support, compliance, admin');
    const unknown = await cli(['operators', 'disable', '--email', 'nobody@brokerage.example']);
    expect(unknown.stderr).toContain('No operator has the email nobody@brokerage.example');
  });
});
