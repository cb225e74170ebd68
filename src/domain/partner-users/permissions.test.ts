import { describe, expect, it } from 'vitest';
import { type DashboardAction, mayDo, type PartnerUserRole } from './permissions.js';

// The dashboard's permission table, row by row (issue 30, item 1).
const table: readonly [DashboardAction, Readonly<Record<PartnerUserRole, boolean>>][] = [
  ['dashboard.read', { viewer: true, developer: true, admin: true }],
  ['dashboard.webhooks.manage', { viewer: false, developer: true, admin: true }],
  ['dashboard.sandbox.use', { viewer: false, developer: true, admin: true }],
  ['dashboard.credentials.rotate', { viewer: false, developer: false, admin: true }],
  ['dashboard.users.manage', { viewer: false, developer: false, admin: true }],
];

describe('dashboard permissions', () => {
  for (const [action, byRole] of table) {
    for (const [role, allowed] of Object.entries(byRole) as [PartnerUserRole, boolean][]) {
      it(`${role} ${allowed ? 'may' : 'may not'} ${action}`, () => {
        expect(mayDo(role, action)).toBe(allowed);
      });
    }
  }
});
