import type { OperatorAction } from '../../domain/operators/permissions.js';

/**
 * The console's sections, in the order of its navigation: each shown to the roles that may do its action
 * (domain/operators/permissions.ts). A page of the console adds its row here; the home page lists the same rows.
 */
export interface Section {
  readonly path: string;
  readonly title: string;
  readonly summary: string;
  readonly action: OperatorAction;
}

export const sections: readonly Section[] = [
  { path: '/console', title: 'Home', summary: 'What needs a person now', action: 'console.view' },
  {
    path: '/console/queues',
    title: 'Queues',
    summary: 'Holds, KYC review, AML matches, refunds, keys, tickets and conversations',
    action: 'console.view',
  },
  {
    path: '/console/workspaces',
    title: 'Workspaces',
    summary: 'Partners: create, settings, credentials',
    action: 'admin.workspaces.list',
  },
  {
    path: '/console/search',
    title: 'Search',
    summary: 'Any id or email: orders, deposits, withdrawals, customers and their timelines',
    action: 'console.view',
  },
  {
    path: '/console/webhooks',
    title: 'Webhooks',
    summary: "Endpoints failing or disabled; a workspace's endpoints with every delivery attempt",
    action: 'console.view',
  },
  {
    path: '/console/ledger',
    title: 'Ledger',
    summary: 'Verify the ledger; balances and the journal',
    action: 'admin.ledger.verify',
  },
  {
    path: '/console/bank-files',
    title: 'Bank files',
    summary: 'Imported bank files: held statements to accept or reject, refusals and their reasons, reversals',
    action: 'admin.bankFiles.list',
  },
  {
    path: '/console/audit',
    title: 'Audit log',
    summary: 'Who changed what, when and from where, with the values before and after',
    action: 'audit.read',
  },
  {
    path: '/console/charts',
    title: 'Charts',
    summary: 'Volume and count per day and currency; event deliveries by outcome',
    action: 'admin.stats.daily',
  },
  {
    path: '/console/operators',
    title: 'Operators',
    summary: 'Accounts of the console: create, disable, end sessions',
    action: 'operators.manage',
  },
  {
    path: '/console/sessions',
    title: 'My sessions',
    summary: 'Where you are signed in; sign out elsewhere',
    action: 'console.ownSessions',
  },
];
