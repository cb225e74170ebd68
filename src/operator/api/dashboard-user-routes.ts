import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import {
  InvitePartnerUserBody,
  PartnerUser,
  PartnerUserList,
  PartnerUserParams,
  PartnerUserRoleBody,
  PartnerUserWithEnrolment,
} from '../../partner-users/schema.js';
import {
  disablePartnerUser,
  invitePartnerUser,
  listPartnerUsers,
  reissuePartnerUserEnrolment,
  setPartnerUserRole,
} from '../../partner-users/service.js';
import { errorResponses } from '../../platform/schema.js';
import { WorkspaceIdParams } from './schema.js';

// The partner dashboard's people of a workspace, as operators manage them (issue 30, item 1): invited with a role
// (the answer carries the enrolment link, shown only now), their role changed, disabled, or sent a new link. The
// workspace's own admin does the same from the dashboard's users page.

const tags = ['Operators'];

export async function dashboardUserAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/workspaces/:workspaceId/dashboard-users',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'admin.dashboardUsers.invite',
        tags,
        summary:
          "Invite a workspace's engineer to the partner dashboard; answers the enrolment link (shown only now) that sets password and TOTP",
        params: WorkspaceIdParams,
        body: InvitePartnerUserBody,
        response: { 201: PartnerUserWithEnrolment, ...errorResponses('create', [400, 401, 404, 409]) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invitePartnerUser(ctx, request.params.workspaceId, request.body)),
  );

  app.get(
    '/workspaces/:workspaceId/dashboard-users',
    {
      schema: {
        operationId: 'admin.dashboardUsers.list',
        tags,
        summary: "List the workspace's dashboard users, oldest first",
        params: WorkspaceIdParams,
        response: { 200: PartnerUserList, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => ({ data: await listPartnerUsers(ctx.db, request.params.workspaceId) }),
  );

  app.post(
    '/workspaces/:workspaceId/dashboard-users/:partnerUserId/role',
    {
      schema: {
        operationId: 'admin.dashboardUsers.setRole',
        tags,
        summary: "Change a dashboard user's role; the workspace's only admin keeps theirs",
        params: PartnerUserParams,
        body: PartnerUserRoleBody,
        response: { 200: PartnerUser, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) =>
      setPartnerUserRole(ctx, request.params.workspaceId, request.params.partnerUserId, request.body.role),
  );

  app.post(
    '/workspaces/:workspaceId/dashboard-users/:partnerUserId/disable',
    {
      schema: {
        operationId: 'admin.dashboardUsers.disable',
        tags,
        summary: 'Disable a dashboard user: no more sign-ins, and every session ends now',
        params: PartnerUserParams,
        response: { 200: PartnerUser, ...errorResponses('read', [401, 404, 409]) },
      },
    },
    async (request) => disablePartnerUser(ctx, request.params.workspaceId, request.params.partnerUserId),
  );

  app.post(
    '/workspaces/:workspaceId/dashboard-users/:partnerUserId/enrolment',
    {
      schema: {
        operationId: 'admin.dashboardUsers.reissueEnrolment',
        tags,
        summary:
          'Issue a dashboard user a new enrolment link (forgotten password, lost authenticator): password and TOTP are cleared, sessions end',
        params: PartnerUserParams,
        response: { 200: PartnerUserWithEnrolment, ...errorResponses('read', [401, 404, 409]) },
      },
    },
    async (request) => reissuePartnerUserEnrolment(ctx, request.params.workspaceId, request.params.partnerUserId),
  );
}
