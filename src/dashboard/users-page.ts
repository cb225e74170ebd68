import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { ApiError } from '../domain/errors.js';
import { isPartnerUserRole, mayDo } from '../domain/partner-users/permissions.js';
import {
  disablePartnerUser,
  invitePartnerUser,
  listPartnerUsers,
  reissuePartnerUserEnrolment,
  setPartnerUserRole,
} from '../partner-users/service.js';
import { formField } from '../platform/browser/forms.js';
import { requireDashboardPermission } from './auth.js';
import { sendDashboardPage } from './layout.js';
import { type UsersPageInput, usersPage } from './users-views.js';

// GET /dashboard/users and the admin's forms (issue 30, item 1: "partner users per workspace, invited by an operator
// or by the workspace's own admin"). Each form calls the same service as the operator API
// (partner-users/service.ts), always for the signed-in person's own workspace: an id of another workspace's person
// is not found there.

type Person = { Params: { partnerUserId: string } };
const personParams = {
  type: 'object',
  properties: { partnerUserId: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['partnerUserId'],
} as const;

const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

export async function dashboardUsersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function show(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Omit<UsersPageInput, 'me' | 'users' | 'mayManage'> = {},
    status = 200,
  ) {
    const me = request.partnerUser;
    const users = await listPartnerUsers(ctx.db, me.workspaceId);
    return sendDashboardPage(
      reply,
      usersPage({ me, users, mayManage: mayDo(me.role, 'dashboard.users.manage'), ...extra }),
      status,
    );
  }

  /** A refusal of the service (an unknown person, the only admin) is shown on the page, with its status. */
  async function attempt(request: FastifyRequest, reply: FastifyReply, change: () => Promise<string | undefined>) {
    try {
      const done = await change();
      return reply.redirect(`/dashboard/users${done ? `?done=${done}` : ''}`, 303);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500)
        return show(request, reply, { error: error.message }, error.status);
      throw error;
    }
  }

  const notices: Readonly<Record<string, string>> = {
    role: 'The role was changed.',
    disabled: 'The person can no longer sign in; their sessions have ended.',
  };

  app.get(
    '/dashboard/users',
    { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') },
    (request, reply) => {
      const notice = notices[(request.query as { done?: string }).done ?? ''];
      return show(request, reply, notice ? { notice } : {});
    },
  );

  const changing = (action: string) => ({
    schema: { hide: true },
    preHandler: requireDashboardPermission('dashboard.users.manage'),
    config: { auditAction: action },
  });

  app.post('/dashboard/users/invite', changing('dashboard.users.invite'), async (request, reply) => {
    const email = formField(request, 'email').trim();
    const role = formField(request, 'role');
    if (!emailPattern.test(email) || email.length > 254) {
      return show(request, reply, { error: 'Enter the e-mail address of the person to invite.' }, 400);
    }
    if (!isPartnerUserRole(role)) return show(request, reply, { error: 'Choose a role.' }, 400);
    try {
      const invited = await invitePartnerUser(ctx, request.partnerUser.workspaceId, { email, role });
      return show(request, reply, { link: { email, url: invited.enrolmentUrl } });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500)
        return show(request, reply, { error: error.message }, error.status);
      throw error;
    }
  });

  app.post<Person>(
    '/dashboard/users/:partnerUserId/role',
    { ...changing('dashboard.users.setRole'), schema: { hide: true, params: personParams } },
    async (request, reply) => {
      const role = formField(request, 'role');
      if (!isPartnerUserRole(role)) return show(request, reply, { error: 'Choose a role.' }, 400);
      return attempt(request, reply, async () => {
        await setPartnerUserRole(ctx, request.partnerUser.workspaceId, request.params.partnerUserId, role);
        return 'role';
      });
    },
  );

  app.post<Person>(
    '/dashboard/users/:partnerUserId/disable',
    { ...changing('dashboard.users.disable'), schema: { hide: true, params: personParams } },
    (request, reply) =>
      attempt(request, reply, async () => {
        await disablePartnerUser(ctx, request.partnerUser.workspaceId, request.params.partnerUserId);
        return 'disabled';
      }),
  );

  app.post<Person>(
    '/dashboard/users/:partnerUserId/enrolment',
    { ...changing('dashboard.users.reissueEnrolment'), schema: { hide: true, params: personParams } },
    async (request, reply) => {
      try {
        const { partnerUser, enrolmentUrl } = await reissuePartnerUserEnrolment(
          ctx,
          request.partnerUser.workspaceId,
          request.params.partnerUserId,
        );
        return show(request, reply, { link: { email: partnerUser.email, url: enrolmentUrl } });
      } catch (error) {
        if (error instanceof ApiError && error.status < 500)
          return show(request, reply, { error: error.message }, error.status);
        throw error;
      }
    },
  );
}
