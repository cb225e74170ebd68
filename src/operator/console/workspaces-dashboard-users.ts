import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ApiError } from '../../domain/errors.js';
import { isPartnerUserRole } from '../../domain/partner-users/permissions.js';
import {
  disablePartnerUser,
  invitePartnerUser,
  reissuePartnerUserEnrolment,
  setPartnerUserRole,
} from '../../partner-users/service.js';
import { formField } from '../../platform/browser/forms.js';
import { requirePermission } from './auth.js';
import { invitationOf } from './workspaces-form.js';
import { showWorkspace, type WorkspaceParams, workspaceParams } from './workspaces-page.js';
import type { WorkspacePageInput } from './workspaces-views.js';

// The workspace page's dashboard users' forms (issue 30, item 1: partner users "invited by an operator or by the
// workspace's own admin"): invite, change a role, disable, send a new enrolment link. Each calls the use case its
// operator API route calls (partner-users/service.ts, behind /admin/v1/workspaces/{id}/dashboard-users), needs that
// route's permission and is recorded under its operationId, so the audit log shows one action whichever way it came.
// A new enrolment link is in the answer to its POST only (the page is no-store); a refusal of the use case (a
// duplicate address, the workspace's only admin: 409) is shown on the page with its status.

type PersonParams = { Params: { workspaceId: string; partnerUserId: string } };
const personParams = {
  type: 'object',
  properties: {
    workspaceId: { type: 'string', minLength: 1, maxLength: 64 },
    partnerUserId: { type: 'string', minLength: 1, maxLength: 64 },
  },
  required: ['workspaceId', 'partnerUserId'],
} as const;

type DashboardUserAction =
  | 'admin.dashboardUsers.invite'
  | 'admin.dashboardUsers.setRole'
  | 'admin.dashboardUsers.disable'
  | 'admin.dashboardUsers.reissueEnrolment';

export async function workspaceDashboardUsersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** A change, needing the operator API's permission for it and recorded under its name (console/routes.ts). */
  const changing = (action: DashboardUserAction, params: object) => ({
    schema: { hide: true, params },
    preHandler: requirePermission(action),
    config: { auditAction: action },
  });

  /** The workspace's page after a change: what it did, or what the use case refused and why, with its status. */
  async function attempt(
    request: FastifyRequest<WorkspaceParams>,
    reply: FastifyReply,
    change: () => Promise<{ readonly extra: Partial<WorkspacePageInput>; readonly status: number } | string>,
    refused: Partial<WorkspacePageInput> = {},
  ) {
    try {
      const done = await change();
      if (typeof done === 'string') {
        return reply.redirect(
          `/console/workspaces/${encodeURIComponent(request.params.workspaceId)}?done=${done}`,
          303,
        );
      }
      return showWorkspace(ctx, request, reply, done.extra, done.status);
    } catch (error) {
      // A workspace that does not exist is the page's own 404; any other refusal is the section's error.
      if (error instanceof ApiError && error.status < 500) {
        return showWorkspace(ctx, request, reply, { usersError: error.message, ...refused }, error.status);
      }
      throw error;
    }
  }

  app.post<WorkspaceParams>(
    '/console/workspaces/:workspaceId/dashboard-users',
    changing('admin.dashboardUsers.invite', workspaceParams),
    async (request, reply) => {
      const email = formField(request, 'email').trim();
      const read = invitationOf(email, formField(request, 'role'));
      if ('error' in read) {
        return showWorkspace(ctx, request, reply, { usersError: read.error, inviteEmail: email }, 400);
      }
      return attempt(
        request,
        reply,
        async () => {
          const { partnerUser, enrolmentUrl } = await invitePartnerUser(
            ctx,
            request.params.workspaceId,
            read.invitation,
          );
          return { extra: { enrolmentLink: { email: partnerUser.email, url: enrolmentUrl } }, status: 201 };
        },
        { inviteEmail: email },
      );
    },
  );

  app.post<PersonParams>(
    '/console/workspaces/:workspaceId/dashboard-users/:partnerUserId/role',
    changing('admin.dashboardUsers.setRole', personParams),
    async (request, reply) => {
      const role = formField(request, 'role');
      if (!isPartnerUserRole(role)) {
        return showWorkspace(ctx, request, reply, { usersError: 'Choose a role: viewer, developer or admin.' }, 400);
      }
      return attempt(request, reply, async () => {
        await setPartnerUserRole(ctx, request.params.workspaceId, request.params.partnerUserId, role);
        return 'role';
      });
    },
  );

  app.post<PersonParams>(
    '/console/workspaces/:workspaceId/dashboard-users/:partnerUserId/disable',
    changing('admin.dashboardUsers.disable', personParams),
    (request, reply) =>
      attempt(request, reply, async () => {
        await disablePartnerUser(ctx, request.params.workspaceId, request.params.partnerUserId);
        return 'user-disabled';
      }),
  );

  app.post<PersonParams>(
    '/console/workspaces/:workspaceId/dashboard-users/:partnerUserId/enrolment',
    changing('admin.dashboardUsers.reissueEnrolment', personParams),
    (request, reply) =>
      attempt(request, reply, async () => {
        const { workspaceId, partnerUserId } = request.params;
        const { partnerUser, enrolmentUrl } = await reissuePartnerUserEnrolment(ctx, workspaceId, partnerUserId);
        return { extra: { enrolmentLink: { email: partnerUser.email, url: enrolmentUrl } }, status: 200 };
      }),
  );
}
