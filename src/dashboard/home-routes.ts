import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { esc } from '../domain/html.js';
import { mayDo } from '../domain/partner-users/permissions.js';
import { findWorkspace } from '../workspaces/repo.js';
import { requireDashboardPermission } from './auth.js';
import { sendDashboardPage } from './layout.js';
import { dashboardSections } from './sections.js';

// GET /dashboard: the workspace the person signed in to, and the way to each section their role opens.

const blurbs: Readonly<Record<string, string>> = {
  '/dashboard/requests': 'Every API request: find one by its request id, path, status or time; see its bodies',
  '/dashboard/events': 'Every event of the workspace, its deliveries and every attempt; re-send one',
  '/dashboard/webhooks': 'Your endpoints: create, edit, test, rotate their secret, see why a delivery failed',
  '/dashboard/orders': 'Orders with their timeline, status by status',
  '/dashboard/deposits': 'Deposits with their timeline',
  '/dashboard/withdrawals': 'Withdrawals with their timeline',
  '/dashboard/balances': "The workspace's balances, and a customer's",
  '/dashboard/kyc': "Customers' verifications and their history",
  '/dashboard/users': 'Who of your workspace may sign in here, and with what role',
  '/dashboard/credentials': "Your API client's id and username; a new password with an overlap",
  '/dashboard/sandbox': "Stage's helpers: the test clock; simulate transfers and KYC outcomes from each object's page",
};

export async function dashboardHomeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/dashboard',
    { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') },
    async (request, reply) => {
      const me = request.partnerUser;
      const workspace = await findWorkspace(ctx.db, me.workspaceId);
      // The sandbox is stage's only, for the roles that may drive it (sandbox-actions.ts answers 404 elsewhere).
      const sandbox =
        workspace?.simulation && mayDo(me.role, 'dashboard.sandbox.use')
          ? [{ path: '/dashboard/sandbox', title: 'Sandbox' }]
          : [];
      const sections = [
        ...dashboardSections.filter((s) => s.path !== '/dashboard' && mayDo(me.role, s.action)),
        ...sandbox,
      ]
        .map(
          (s) =>
            `<li><a href="${esc(s.path)}"><strong>${esc(s.title)}</strong><span>${esc(blurbs[s.path] ?? '')}</span></a></li>`,
        )
        .join('');
      return sendDashboardPage(reply, {
        title: 'Home',
        user: me,
        current: '/dashboard',
        body: `<h1>${esc(workspace?.name ?? 'Your workspace')}</h1>
<p class="muted">Workspace <span class="id">${esc(me.workspaceId)}</span> · ${workspace?.simulation ? 'stage (sandbox)' : 'production'}</p>
<ul class="sections">${sections}</ul>`,
      });
    },
  );
}
