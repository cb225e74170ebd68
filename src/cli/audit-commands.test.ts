// The operator CLI's audit-log command, against a real in-process server: a change made with the CLI is read back
// as the CLI's, and the options become the API's filters.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner } from '../../test/support/builders.js';
import { type CliRun, cliAgainst } from '../../test/support/cli.js';
import { buildTestApp, type TestApp } from '../../test/support/harness.js';
import { auditQuery, momentOf } from './audit-commands.js';

let t: TestApp;
let cli: (argv: string[]) => Promise<CliRun>;

beforeAll(async () => {
  t = await buildTestApp();
  cli = await cliAgainst(t.app);
});

afterAll(async () => {
  await t.app.close();
});

describe('brokerage audit-log', () => {
  it('shows a change made with the CLI as the CLI’s, with its before and after, filtered by workspace and action', async () => {
    const p = await aPartner(t.app);
    const workspaceId = p.credentials.workspaceId;
    const set = await cli(['workspaces', 'set', workspaceId, '--write-limit', '55']);
    expect(set.code, set.stderr).toBe(0);
    const shown = await cli([
      'audit-log',
      '--workspace',
      workspaceId,
      '--action',
      'admin.workspaces.update',
      '--since',
      '5m',
    ]);
    expect(shown.code, shown.stderr).toBe(0);
    const entries = shown.json();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'admin.workspaces.update',
      via: 'cli',
      actor: { kind: 'admin-token', operatorId: null, address: '127.0.0.1', userAgent: 'brokerage-cli/1' },
      workspaceId,
      target: { type: 'workspace', id: workspaceId },
      before: { writeLimitPerMinute: null },
      after: { writeLimitPerMinute: 55 },
    });
    const none = await cli(['audit-log', '--workspace', workspaceId, '--action', 'admin.workspaces.rotateCredentials']);
    expect(none.json()).toEqual([]);
  });

  it('refuses a moment or a channel it cannot read, before asking the server', async () => {
    const bad = await cli(['audit-log', '--since', 'yesterday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--since takes Unix seconds/);
    expect((await cli(['audit-log', '--via', 'fax'])).code).toBe(2);
  });
});

describe('the audit-log options', () => {
  const nowMs = Date.UTC(2025, 5, 2, 9, 30);
  it.each([
    ['1748856600', 1_748_856_600],
    ['2025-06-02', 1_748_822_400],
    ['2025-06-02T09:00:00Z', 1_748_854_800],
    ['30m', 1_748_856_600 - 1_800],
    ['7d', 1_748_856_600 - 604_800],
  ])('--since %s is %i', (raw, seconds) => {
    expect(momentOf(raw, '--since', nowMs)).toBe(seconds);
  });

  it('become the query: --operator is an id, or an e-mail when it holds an @', () => {
    expect(auditQuery({ operator: 'op_1', via: 'console', until: '1748856600', limit: '20' }, nowMs)).toBe(
      '?operatorId=op_1&via=console&to=1748856600&limit=20',
    );
    expect(auditQuery({ operator: 'ana@brokerage.example', before: '42' }, nowMs)).toBe(
      '?email=ana%40brokerage.example&before=42',
    );
  });
});
