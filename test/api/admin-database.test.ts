// GET /admin/v1/database and `brokerage doctor`'s database part (issue 31, "Operators' part": the database role and
// replication state). Here on one store without standbys: the embedded store, or the suite's PostgreSQL server; the
// formation's three nodes are read by test/e2e/auto-failover.test.ts.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, verifyCustomer } from '../support/builders.js';
import { cliAgainst } from '../support/cli.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.app.close();
});

describe('the database report', () => {
  it("answers the store, the primary and its replication, on the server's own database", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/v1/database', headers: adminHeaders });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ store: t.ctx.db.kind, hosts: 1, primary: true, standbys: [] });
    expect(report.synchronousCommit).toMatch(/^(on|off|local|remote_write|remote_apply)$/);
    if (t.ctx.db.kind === 'postgres') expect(report.server).toMatch(/^[\d.:a-f]+:\d+$/);
    else expect(report.server).toBeNull();
  });

  it("counts this process's group commit of keyed deposits: statements, writes, and the writes a statement carried", async () => {
    const partner = await aPartner(t.app);
    const payer = { firstName: 'Ana', lastName: 'D', userEmail: 'db.report@example.com', country: 'PT' };
    await verifyCustomer(t.app, partner, payer.userEmail);
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: '/admin/v1/database', headers: adminHeaders })).json().groupCommit
        .deposits ?? { statements: 0, writes: 0, sizes: [] };
    const before = await read();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/deposits',
          headers: { ...partner.headers, 'idempotency-key': `db-report-${randomUUID()}-${i}` },
          payload: { userData: payer, amount: 10, currency: 'EUR' },
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const after = await read();
    expect(after.writes - before.writes).toBe(6);
    expect(after.statements - before.statements).toBeLessThan(6);
    const total = (sizes: { writes: number; statements: number }[]) =>
      sizes.reduce((sum, size) => sum + size.writes * size.statements, 0);
    expect(total(after.sizes)).toBe(after.writes);
  });

  it('is for operators only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/v1/database' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('AuthorizationError');
  });

  it('`brokerage doctor` prints it beside the capabilities, and warns when no commit waits for a standby', async () => {
    const cli = await cliAgainst(t.app);
    const run = await cli(['doctor']);
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      capabilities: unknown[];
      database: { store: string; primary: boolean };
    };
    expect(printed.capabilities.length).toBeGreaterThan(0);
    expect(printed.database).toMatchObject({ store: t.ctx.db.kind, primary: true });
    if (t.ctx.db.kind === 'postgres') expect(run.stderr).toMatch(/no commit waits for a standby/);
    else expect(run.stderr).not.toMatch(/no commit waits for a standby/);
  });
});
