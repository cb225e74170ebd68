import { describe, expect, it } from 'vitest';
import { momentSpan } from './audit-page.js';
import { auditPage, changedFields, knownAuditActions } from './audit-views.js';

// The audit page's pure parts: the moments a From or To covers, the fields a change lists, the record a target links
// to, and the actions offered. The page over HTTP: test/api/console-audit-page.test.ts.

const me = {
  operatorId: 'op',
  email: 'me@brokerage.example',
  role: 'compliance',
  sessionId: 's',
  csrfToken: 't',
} as const;
const fields = { person: '', workspaceId: '', action: '', via: '', from: '', to: '' };
const day = Date.parse('2025-06-02T00:00:00Z') / 1000;

describe('momentSpan', () => {
  it.each([
    ['2025-06-02', day, day + 86_399],
    ['2025-06-02 09:30', day + 34_200, day + 34_259],
    ['2025-06-02T09:30Z', day + 34_200, day + 34_259],
    ['2025-06-02 09:30:15 UTC', day + 34_215, day + 34_215],
  ])('%s covers its whole day, minute or second', (text, first, last) => {
    expect(momentSpan(text)).toEqual({ first, last });
  });
  it.each(['2025-02-30', '2025-06-02 24:00', '02/06/2025', 'yesterday', '2025-06-02 9:30', ''])(
    '%s is not a moment',
    (text) => expect(momentSpan(text)).toBeUndefined(),
  );
});

describe('changedFields', () => {
  it('lists the fields whose values differ, nested ones compared whole, absent ones included', () => {
    const before = { a: 1, same: { x: [1] }, nested: { x: 1 }, gone: 'g' };
    const after = { a: 2, same: { x: [1] }, nested: { x: 2 }, added: null };
    expect(changedFields(before, after)).toEqual([
      { field: 'a', old: 1, new: 2 },
      { field: 'nested', old: { x: 1 }, new: { x: 2 } },
      { field: 'gone', old: 'g', new: undefined },
      { field: 'added', old: undefined, new: null },
    ]);
    expect(changedFields(null, { a: 1 })).toEqual([{ field: 'a', old: undefined, new: 1 }]);
  });
});

describe('the entries', () => {
  const entry = (type: string, id: string) => ({
    entryId: '7',
    occurredAt: day,
    actor: {
      kind: 'admin-token' as const,
      operatorId: null,
      partnerUserId: null,
      email: null,
      address: '10.0.0.1',
      userAgent: null,
    },
    via: 'api' as const,
    action: 'admin.compliance.decideDeposit',
    workspaceId: 'ws-1',
    target: { type, id },
    before: { status: 'ComplianceReview', note: '<b>x</b>' },
    after: { status: 'Received', note: '<b>x</b>' },
    requestId: 'r',
  });
  const render = (type: string, id: string) =>
    auditPage({ me, fields, entries: [entry(type, id)], roles: new Map(), first: true }).body;

  it.each([
    ['order', '/console/orders/'],
    ['deposit', '/console/deposits/'],
    ['withdrawal', '/console/withdrawals/'],
  ])("links a %s to its record's page, and its workspace", (type, path) => {
    const body = render(type, 'ID 1');
    expect(body).toContain(`${type} <a href="${path}ID%201">ID 1</a>`);
    expect(body).toContain('Workspace <a href="/console/workspaces/ws-1">ws-1</a>');
    expect(body).toContain('<code>status</code>: &quot;ComplianceReview&quot; → &quot;Received&quot;</li>');
    expect(body).not.toContain('<code>note</code>');
    expect(body).toContain('2025-06-02 00:00:00 UTC');
  });

  it('names a target without a page without a link', () => {
    expect(render('support-ticket', 'T1')).toContain('support-ticket <code>T1</code>');
  });

  it('offers every write of the operator API and the event resend, and no read', () => {
    expect(knownAuditActions).toContain('admin.workspaces.update');
    expect(knownAuditActions).toContain('admin.compliance.decideDeposit');
    expect(knownAuditActions).toContain('admin.operators.create');
    expect(knownAuditActions).toContain('webhooks.resend');
    expect(knownAuditActions).not.toContain('admin.workspaces.list');
    expect(knownAuditActions).not.toContain('admin.auditLog.list');
  });
});
