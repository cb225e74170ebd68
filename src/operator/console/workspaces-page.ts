import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ApiError } from '../../domain/errors.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { limits } from '../../limits.js';
import { listPartnerUsers } from '../../partner-users/service.js';
import { formField } from '../../platform/browser/forms.js';
import {
  createWorkspace,
  listAllWorkspaces,
  readWorkspace,
  revokePreviousCredentials,
  rotateWorkspaceCredentials,
  updateWorkspace,
} from '../workspaces/service.js';
import { requirePermission } from './auth.js';
import { sendConsolePage, sendNotice } from './layout.js';
import { overlapOf, settingsPatch } from './workspaces-form.js';
import { credentialsPage, type WorkspacePageInput, workspacePage, workspacesListPage } from './workspaces-views.js';

// The workspaces pages (operator console issue, item 3): list, create, settings, credentials' rotation with its
// overlap and the overlap's revocation (issue 30). Each action calls the use case its operator API route calls
// (operator/workspaces/service.ts: POST /admin/v1/workspaces, PATCH /admin/v1/workspaces/{id}, POST
// .../rotate-credentials, POST .../revoke-previous-credentials), never a second implementation. A new password is in
// the answer to the POST only: the page is no-store (layout.ts) and nothing keeps the password. Its dashboard users'
// forms are in workspaces-dashboard-users.ts.

export type WorkspaceParams = { Params: { workspaceId: string } };
export const workspaceParams = {
  type: 'object',
  properties: { workspaceId: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['workspaceId'],
} as const;

const notices: Record<string, string> = {
  saved: 'The settings were saved.',
  unchanged: 'Nothing was changed.',
  revoked: 'Only the current password works: the previous one is refused, and its tokens stop within seconds.',
  // The dashboard users' forms (workspaces-dashboard-users.ts).
  role: 'The role of the dashboard user was changed.',
  'user-disabled': 'The dashboard user was disabled: they can no longer sign in, and their sessions have ended.',
};

const stageOf = (ctx: AppContext) => ctx.config.brokerageEnv !== 'production';

/**
 * The page of the workspace `workspaceId` as the person's role shows it, with a form's outcome (`extra`); a workspace
 * that does not exist is a 404 notice. Shared with the dashboard users' forms (workspaces-dashboard-users.ts).
 */
export async function showWorkspace(
  ctx: AppContext,
  request: FastifyRequest<WorkspaceParams>,
  reply: FastifyReply,
  extra: Partial<WorkspacePageInput> = {},
  status = 200,
) {
  const me = request.operator;
  const nowMs = ctx.clock.nowMs();
  const workspace = await readWorkspace(ctx.db, request.params.workspaceId, nowMs).catch(() => undefined);
  if (!workspace) return sendNotice(reply, 404, 'Not found', 'There is no such workspace.', me);
  // Each of the section's forms is offered to the roles the operator API's route for it allows.
  const dashboardUsers = mayAct(me.role, 'admin.dashboardUsers.list')
    ? {
        dashboardUsers: {
          users: await listPartnerUsers(ctx.db, workspace.workspaceId),
          nowMs,
          mayInvite: mayAct(me.role, 'admin.dashboardUsers.invite'),
          maySetRole: mayAct(me.role, 'admin.dashboardUsers.setRole'),
          mayDisable: mayAct(me.role, 'admin.dashboardUsers.disable'),
          mayReissue: mayAct(me.role, 'admin.dashboardUsers.reissueEnrolment'),
        },
      }
    : {};
  const input: WorkspacePageInput = {
    me,
    workspace,
    mayUpdate: mayAct(me.role, 'admin.workspaces.update'),
    mayRotate: mayAct(me.role, 'admin.workspaces.rotateCredentials'),
    mayRevoke: mayAct(me.role, 'admin.workspaces.revokePreviousCredentials'),
    stage: stageOf(ctx),
    ...dashboardUsers,
    ...extra,
  };
  return sendConsolePage(reply, workspacePage(input), status);
}

export async function workspacesPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const stage = stageOf(ctx);
  const withId = (action: Parameters<typeof requirePermission>[0]) => ({
    schema: { hide: true, params: workspaceParams },
    preHandler: requirePermission(action),
  });
  /** A change, recorded in the audit log under the operator API's name for it (console/routes.ts). */
  const changing = (action: Parameters<typeof requirePermission>[0]) => ({
    ...withId(action),
    config: { auditAction: action },
  });

  async function showList(request: FastifyRequest, reply: FastifyReply, page: number, extra = {}, status = 200) {
    const nowMs = ctx.clock.nowMs();
    const shown = await listAllWorkspaces(ctx.db, limits.consoleWorkspacesPageSize, page, nowMs);
    // The first row of the next page, read as a page of one at its offset, tells whether there is one.
    const more = (await listAllWorkspaces(ctx.db, 1, (page + 1) * limits.consoleWorkspacesPageSize, nowMs)).length > 0;
    const me = request.operator;
    const input = {
      me,
      workspaces: shown,
      page,
      hasMore: more,
      mayCreate: mayAct(me.role, 'admin.workspaces.create'),
      stage,
      ...extra,
    };
    return sendConsolePage(reply, workspacesListPage(input), status);
  }

  app.get<{ Querystring: { page?: string } }>(
    '/console/workspaces',
    { schema: { hide: true }, preHandler: requirePermission('admin.workspaces.list') },
    async (request, reply) => {
      const page = /^\d{1,6}$/.test(request.query.page ?? '') ? Number(request.query.page) : 0;
      return showList(request, reply, page);
    },
  );

  app.post(
    '/console/workspaces',
    {
      schema: { hide: true },
      preHandler: requirePermission('admin.workspaces.create'),
      config: { auditAction: 'admin.workspaces.create' },
    },
    async (request, reply) => {
      const name = formField(request, 'name').trim();
      if (name.length === 0 || name.length > 100) {
        return showList(request, reply, 0, { name, error: 'Enter a name of 1 to 100 characters.' }, 400);
      }
      const simulation = stage ? formField(request, 'simulation') !== 'no' : false;
      const credentials = await createWorkspace(ctx, { name, simulation });
      return sendConsolePage(reply, credentialsPage(request.operator, credentials, true), 201);
    },
  );

  app.get<WorkspaceParams & { Querystring: { done?: string } }>(
    '/console/workspaces/:workspaceId',
    withId('admin.workspaces.get'),
    async (request, reply) => {
      const notice = notices[request.query.done ?? ''];
      return showWorkspace(ctx, request, reply, notice ? { notice } : {});
    },
  );

  app.post<WorkspaceParams>(
    '/console/workspaces/:workspaceId/settings',
    changing('admin.workspaces.update'),
    async (request, reply) => {
      const { workspaceId } = request.params;
      const current = await readWorkspace(ctx.db, workspaceId, ctx.clock.nowMs()).catch(() => undefined);
      if (!current) return sendNotice(reply, 404, 'Not found', 'There is no such workspace.', request.operator);
      const read = settingsPatch((name) => formField(request, name), current);
      if ('error' in read) return showWorkspace(ctx, request, reply, { error: read.error }, 400);
      if (Object.keys(read.patch).length === 0) {
        return reply.redirect(`/console/workspaces/${encodeURIComponent(workspaceId)}?done=unchanged`, 303);
      }
      try {
        await updateWorkspace(ctx, workspaceId, read.patch);
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) {
          return showWorkspace(ctx, request, reply, { error: error.message }, error.status);
        }
        throw error;
      }
      return reply.redirect(`/console/workspaces/${encodeURIComponent(workspaceId)}?done=saved`, 303);
    },
  );

  const notFound = (error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  };

  app.post<WorkspaceParams>(
    '/console/workspaces/:workspaceId/rotate-credentials',
    changing('admin.workspaces.rotateCredentials'),
    async (request, reply) => {
      const overlap = overlapOf(formField(request, 'overlapSeconds'));
      if ('error' in overlap) return showWorkspace(ctx, request, reply, { rotateError: overlap.error }, 400);
      const { workspaceId } = request.params;
      const credentials = await rotateWorkspaceCredentials(ctx, workspaceId, overlap.overlapSeconds).catch(notFound);
      if (!credentials) return sendNotice(reply, 404, 'Not found', 'There is no such workspace.', request.operator);
      return sendConsolePage(reply, credentialsPage(request.operator, credentials, false));
    },
  );

  app.post<WorkspaceParams>(
    '/console/workspaces/:workspaceId/revoke-previous-credentials',
    changing('admin.workspaces.revokePreviousCredentials'),
    async (request, reply) => {
      const { workspaceId } = request.params;
      const workspace = await revokePreviousCredentials(ctx, workspaceId).catch(notFound);
      if (!workspace) return sendNotice(reply, 404, 'Not found', 'There is no such workspace.', request.operator);
      return reply.redirect(`/console/workspaces/${encodeURIComponent(workspaceId)}?done=revoked`, 303);
    },
  );
}
