import type { DashboardAction } from '../domain/partner-users/permissions.js';

/** The dashboard's sections, in the header's order; each shown to the roles its action allows. */
export interface DashboardSection {
  readonly path: string;
  readonly title: string;
  readonly action: DashboardAction;
}

export const dashboardSections: readonly DashboardSection[] = [
  { path: '/dashboard', title: 'Home', action: 'dashboard.read' },
  { path: '/dashboard/requests', title: 'Requests', action: 'dashboard.read' },
  { path: '/dashboard/events', title: 'Events', action: 'dashboard.read' },
  { path: '/dashboard/webhooks', title: 'Webhooks', action: 'dashboard.read' },
  { path: '/dashboard/orders', title: 'Orders', action: 'dashboard.read' },
  { path: '/dashboard/deposits', title: 'Deposits', action: 'dashboard.read' },
  { path: '/dashboard/withdrawals', title: 'Withdrawals', action: 'dashboard.read' },
  { path: '/dashboard/balances', title: 'Balances', action: 'dashboard.read' },
  { path: '/dashboard/kyc', title: 'KYC', action: 'dashboard.read' },
  { path: '/dashboard/users', title: 'People', action: 'dashboard.read' },
  { path: '/dashboard/credentials', title: 'Credentials', action: 'dashboard.read' },
];
