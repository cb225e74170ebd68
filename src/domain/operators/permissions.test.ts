import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isOperatorAction,
  mayAct,
  type OperatorAction,
  operatorActions,
  permissions,
  secondFactorRequired,
} from './permissions.js';
import { type OperatorRole, operatorRoles } from './roles.js';

// The operator API's operations as its published document has them (openapi/operator-api.json): each route declares
// its operationId.
const document = JSON.parse(readFileSync(new URL('../../../openapi/operator-api.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string }>>;
};
const adminOperations = Object.entries(document.paths)
  .filter(([path]) => path.startsWith('/admin/'))
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, { operationId }]) => ({ method, path, operationId })),
  );
const adminOperationIds = adminOperations.map((operation) => operation.operationId);

describe('the permission table', () => {
  it.each(adminOperationIds)('%s has a row', (operationId) => {
    expect(isOperatorAction(operationId)).toBe(true);
  });

  it('names no admin operation that the operator API lacks', () => {
    const stale = operatorActions.filter(
      (action) => action.startsWith('admin.') && !adminOperationIds.includes(action),
    );
    expect(stale).toEqual([]);
  });

  it.each(adminOperations)('$operationId changes something exactly when it is no GET', ({ method, operationId }) => {
    expect(isOperatorAction(operationId) && permissions[operationId].effect !== 'read').toBe(method !== 'get');
  });

  it('gives an admin every action', () => {
    expect(operatorActions.filter((action) => !mayAct('admin', action))).toEqual([]);
  });

  it('gives a viewer reads only (and its own sessions), every read but the payout file, operators and audit', () => {
    const viewerMay = operatorActions.filter((action) => mayAct('viewer', action));
    expect(viewerMay.filter((action) => permissions[action].effect !== 'read')).toEqual(['console.ownSessions']);
    const readsRefused = operatorActions.filter((a) => permissions[a].effect === 'read' && !mayAct('viewer', a));
    expect(readsRefused.sort()).toEqual([
      'admin.auditLog.list',
      'admin.operators.list',
      'admin.payoutBatches.file',
      'audit.read',
    ]);
  });

  it('gives every role what a viewer may read, so no role sees less than a viewer', () => {
    for (const role of operatorRoles) {
      expect(
        operatorActions.filter((a) => mayAct('viewer', a) && !mayAct(role, a)),
        role,
      ).toEqual([]);
    }
  });

  /** What each role may change beyond reading: the principle of the table, written out. */
  const changesOf = (role: OperatorRole) =>
    operatorActions.filter((a) => permissions[a].effect !== 'read' && mayAct(role, a)).sort();

  it('lets support answer partners, release keys and re-send webhooks, and nothing else', () => {
    expect(changesOf('support')).toEqual(
      [
        'admin.conversations.addMessage',
        'admin.conversations.close',
        'admin.conversations.create',
        'admin.idempotencyKeys.release',
        'admin.supportTickets.addMessage',
        'admin.supportTickets.setStatus',
        'console.ownSessions',
        'webhooks.resend',
      ].sort(),
    );
  });

  it('lets compliance decide holds, reviews, screenings, lists and refunds, and nothing else', () => {
    expect(changesOf('compliance')).toEqual(
      [
        'admin.amlScreenings.resolve',
        'admin.compliance.decideDeposit',
        'admin.compliance.decideOrder',
        'admin.refunds.act',
        'admin.sanctionsLists.importOfacSdn',
        'admin.verifications.decide',
        'console.ownSessions',
      ].sort(),
    );
  });

  it.each<[OperatorAction, OperatorRole[]]>([
    ['admin.workspaces.create', ['admin']],
    ['admin.workspaces.rotateCredentials', ['admin']],
    ['admin.operators.create', ['admin']],
    ['operators.manage', ['admin']],
    ['admin.bankFiles.import', ['admin']],
    ['admin.payoutBatches.cut', ['admin']],
    ['admin.housekeeping.run', ['admin']],
    ['admin.refunds.act', ['compliance', 'admin']],
    ['admin.compliance.decideOrder', ['compliance', 'admin']],
    ['audit.read', ['compliance', 'admin']],
    ['admin.supportTickets.setStatus', ['support', 'admin']],
    ['admin.idempotencyKeys.release', ['support', 'admin']],
    ['webhooks.resend', ['support', 'admin']],
    ['console.view', ['viewer', 'support', 'compliance', 'admin']],
    ['admin.ledger.verify', ['viewer', 'support', 'compliance', 'admin']],
  ])('%s: %j', (action, roles) => {
    expect(operatorRoles.filter((role) => mayAct(role, action))).toEqual(roles);
  });
});

describe('the second factor', () => {
  it.each<[OperatorRole, boolean]>([
    ['viewer', false],
    ['support', false],
    ['compliance', true],
    ['admin', true],
  ])('%s must sign in with TOTP: %s', (role, required) => {
    expect(secondFactorRequired(role)).toBe(required);
  });

  it('is required exactly of the roles that may move money or change a workspace', () => {
    for (const role of operatorRoles) {
      const movesOrChanges = operatorActions.some(
        (a) => ['money', 'workspace'].includes(permissions[a].effect) && mayAct(role, a),
      );
      expect(secondFactorRequired(role), role).toBe(movesOrChanges);
    }
  });
});
