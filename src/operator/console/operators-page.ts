import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ApiError } from '../../domain/errors.js';
import { isOperatorRole } from '../../domain/operators/roles.js';
import { formField } from '../../platform/browser/forms.js';
import * as repo from '../operators/repo.js';
import { createOperator, disableOperator, reissueEnrolment, revokeSessionsOf } from '../operators/service.js';
import { requirePermission } from './auth.js';
import { sendConsolePage } from './layout.js';
import { type OperatorsPageInput, operatorsPage } from './operators-views.js';

// The operators page (GET /console/operators, admins): the same use cases as the operator API's /admin/v1/operators
// (operator/operators/service.ts). A new enrolment link is shown in the answer to its POST, never stored or
// shown again; the other actions redirect back to the page (POST, redirect, GET).

type OperatorParams = { Params: { operatorId: string } };
const operatorParams = {
  type: 'object',
  properties: { operatorId: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['operatorId'],
} as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const notices: Record<string, string> = {
  disabled: 'The operator was disabled and their sessions ended.',
  revoked: "The operator's sessions were ended.",
};

export async function operatorsPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = { schema: { hide: true }, preHandler: requirePermission('operators.manage') };
  const withId = { schema: { hide: true, params: operatorParams }, preHandler: requirePermission('operators.manage') };
  /** A console action is recorded under the operator API's name for the same change, so one filter finds both. */
  const audited = (auditAction: string) => ({ config: { auditAction } });

  async function show(request: FastifyRequest, reply: FastifyReply, extra: Partial<OperatorsPageInput>, status = 200) {
    const operators = await repo.listOperators(ctx.db);
    return sendConsolePage(reply, operatorsPage({ me: request.operator, operators, ...extra }), status);
  }

  app.get<{ Querystring: { done?: string } }>('/console/operators', options, async (request, reply) => {
    const notice = notices[request.query.done ?? ''];
    return show(request, reply, notice ? { notice } : {});
  });

  app.post('/console/operators', { ...options, ...audited('admin.operators.create') }, async (request, reply) => {
    const email = formField(request, 'email').trim();
    const role = formField(request, 'role');
    if (!emailPattern.test(email) || email.length > 254 || !isOperatorRole(role)) {
      return show(request, reply, { email, error: 'Enter an email address and choose a role.' }, 400);
    }
    try {
      const created = await createOperator(ctx, { email, role });
      return show(request, reply, { issued: { email: created.operator.email, url: created.enrolmentUrl } }, 201);
    } catch (error) {
      if (error instanceof ApiError) return show(request, reply, { email, error: error.message }, 409);
      throw error;
    }
  });

  /** The actions on another operator; one's own account is not disabled or reset from here. */
  const other = (request: FastifyRequest<OperatorParams>) => request.params.operatorId !== request.operator.operatorId;

  app.post<OperatorParams>(
    '/console/operators/:operatorId/disable',
    { ...withId, ...audited('admin.operators.disable') },
    async (request, reply) => {
      if (other(request)) await disableOperator(ctx.db, ctx.clock, request.params.operatorId);
      return reply.redirect('/console/operators?done=disabled', 303);
    },
  );

  app.post<OperatorParams>(
    '/console/operators/:operatorId/revoke-sessions',
    { ...withId, ...audited('admin.operators.revokeSessions') },
    async (request, reply) => {
      if (other(request)) await revokeSessionsOf(ctx.db, ctx.clock, request.params.operatorId);
      return reply.redirect('/console/operators?done=revoked', 303);
    },
  );

  app.post<OperatorParams>(
    '/console/operators/:operatorId/enrolment',
    { ...withId, ...audited('admin.operators.reissueEnrolment') },
    async (request, reply) => {
      if (!other(request)) return reply.redirect('/console/operators', 303);
      const issued = await reissueEnrolment(ctx, request.params.operatorId);
      return show(request, reply, { issued: { email: issued.operator.email, url: issued.enrolmentUrl } });
    },
  );
}
