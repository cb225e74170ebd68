import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliUserAgent } from '../../src/cli/brokerage.js';
import type { AuditEntryRow } from '../../src/platform/audit/repo.js';
import { bankOperations, bankPayer, useBankPartner } from '../support/audit-bank-operations.js';
import { type Operation, operatorRequest, secretsSeen, type Via } from '../support/audit-kit.js';
import { stageOperations } from '../support/audit-operations.js';
import { bankProviders } from '../support/bank-providers.js';
import { adminHeaders, aPartner, verifyCustomer } from '../support/builders.js';
import { adminToken, buildTestApp, productionEnv, type TestApp, testDb } from '../support/harness.js';
import { servedDocument } from '../support/openapi-documents.js';

// Goal (issue #14, item 2): every change made through the operator API is recorded in the transaction of the change,
// with who, when, from where, what, and the values before and after; secrets never enter it. Method: the mutating
// operations are read from the served document (a new admin write without its case here fails the first test);
// each is performed once, as the CLI or another client, under a request id of its own; then exactly one audit row
// carries that request id, and it says what the case expects, read both from the table and through
// GET /admin/v1/audit-log. Last, every row this file wrote is scanned for the secrets the operations handled.

let stage: TestApp;
let prod: TestApp;
const run = randomUUID().slice(0, 8);
const requestIds: string[] = [];

beforeAll(async () => {
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  prod = await buildTestApp({ env: { ...productionEnv, SANDBOX_SETTLE_DELAY_MS: '0' }, providersFile: bankProviders });
  const partner = await aPartner(stage.app);
  secretsSeen.add(partner.credentials.password).add(partner.token).add(adminToken);
  await verifyCustomer(stage.app, partner, bankPayer.userEmail);
  useBankPartner(partner);
});

afterAll(async () => {
  await stage.app.close();
  await prod.app.close();
});

const cases: readonly { operationId: string; perform: Operation; env: () => TestApp }[] = [
  ...Object.entries(stageOperations).map(([operationId, perform]) => ({ operationId, perform, env: () => stage })),
  ...Object.entries(bankOperations).map(([operationId, perform]) => ({ operationId, perform, env: () => prod })),
];

const mutating = new Set(['post', 'put', 'patch', 'delete']);

describe('the audit log records every operator change', () => {
  it('has a case for every mutating operation of the operator API, read from the served document', async () => {
    const document = await servedDocument<{ paths: Record<string, Record<string, { operationId: string }>> }>(
      stage.app,
      'operator',
    );
    const writes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/admin/v1/'))
      .flatMap(([, methods]) => Object.entries(methods).filter(([method]) => mutating.has(method)))
      .map(([, operation]) => operation.operationId);
    expect(writes.length).toBeGreaterThanOrEqual(20);
    expect(cases.map((c) => c.operationId).sort()).toEqual([...new Set(writes)].sort());
  });

  it.each(cases.map((c, i) => ({ ...c, via: (i % 3 === 0 ? 'cli' : 'api') as Via })))(
    '$operationId via $via: one row in the same transaction, with actor, address, target, before and after',
    async ({ operationId, perform, env, via }) => {
      const t = env();
      const requestId = `audit-${run}-${operationId}`;
      requestIds.push(requestId);
      const startedMs = Date.now();
      const { response, expected } = await perform(t, operatorRequest(t.app, requestId, via));
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(response.headers['x-request-id']).toBe(requestId);

      const db = await testDb();
      // The change's row; an answer that showed sealed values adds a sensitive.shown row (secrets/disclosure.ts).
      const rows = await db.query<AuditEntryRow>(
        `select * from audit_log where request_id = $1 and action <> 'sensitive.shown'`,
        [requestId],
      );
      expect(rows).toHaveLength(1);
      const row = rows[0] as AuditEntryRow;
      expect(row).toMatchObject({
        action: operationId,
        actor_kind: 'admin-token',
        via,
        operator_id: null,
        operator_email: null,
        address: '127.0.0.1',
        user_agent: via === 'cli' ? cliUserAgent : 'lightMyRequest',
        workspace_id: expected.workspaceId,
        target_type: expected.target.type,
        target_id: expected.target.id,
      });
      expect(Number(row.occurred_at_ms)).toBeGreaterThanOrEqual(startedMs - 1000);
      expected.check(row.before as Record<string, unknown> | null, row.after as Record<string, unknown> | null);

      // The same entry through the operator API, found by its action and its second.
      const second = Math.floor(Number(row.occurred_at_ms) / 1000);
      const listed = await t.app.inject({
        method: 'GET',
        url: `/admin/v1/audit-log?action=${operationId}&from=${second}&to=${second}&limit=500`,
        headers: adminHeaders,
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const entry = (listed.json() as { requestId: string }[]).find((e) => e.requestId === requestId);
      expect(entry).toEqual({
        entryId: String(row.id),
        occurredAt: second,
        actor: {
          kind: 'admin-token',
          operatorId: null,
          partnerUserId: null,
          email: null,
          address: '127.0.0.1',
          userAgent: row.user_agent,
        },
        via,
        action: operationId,
        workspaceId: expected.workspaceId,
        target: expected.target,
        before: row.before,
        after: row.after,
        requestId,
      });
    },
  );

  it('no row of this run holds a secret an operation handled: passwords, tokens, file contents, account numbers', async () => {
    const db = await testDb();
    const rows = await db.query<AuditEntryRow>('select * from audit_log where request_id = any($1::text[])', [
      requestIds,
    ]);
    expect(rows.filter((row) => row.action !== 'sensitive.shown').length).toBe(cases.length);
    const text = JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
    expect(secretsSeen.size).toBeGreaterThan(10);
    for (const secret of secretsSeen)
      expect(text.includes(secret), `a secret in the log: ${secret.slice(0, 40)}`).toBe(false);
    // Nor any password hash, nor the bytes of a file by any other name.
    expect(text).not.toMatch(/scrypt\$|%PDF|<Document|BkToCstmrDbtCdtNtfctn/);
  });
});
