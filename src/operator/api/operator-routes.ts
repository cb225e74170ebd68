import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/schema.js';
import {
  CreateOperatorBody,
  Operator,
  OperatorIdParams,
  OperatorWithEnrolment,
  RevokedSessions,
} from '../operators/schema.js';
import {
  createOperator,
  disableOperator,
  listOperators,
  reissueEnrolment,
  revokeSessionsOf,
} from '../operators/service.js';

// The operator API's accounts of the console (operator console issue, item 1), bearer ADMIN_TOKEN only like every
// /admin/v1 route: a console session is never accepted here (docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell", "The operator API stays
// bearer-only").

const tags = ['Operators'];

export async function operatorAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/operators',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'admin.operators.create',
        tags,
        summary: 'Create a console operator; answers the enrolment link (shown only now) that sets password and TOTP',
        body: CreateOperatorBody,
        response: { 201: OperatorWithEnrolment, ...errorResponses('create', [400, 401, 409]) },
      },
    },
    async (request, reply) => reply.code(201).send(await createOperator(ctx, request.body)),
  );

  app.get(
    '/operators',
    {
      schema: {
        operationId: 'admin.operators.list',
        tags,
        summary: 'List console operators, oldest first',
        response: { 200: Type.Array(Operator), ...errorResponses('read', [401]) },
      },
    },
    async () => listOperators(ctx.db),
  );

  app.post(
    '/operators/:operatorId/disable',
    {
      schema: {
        operationId: 'admin.operators.disable',
        tags,
        summary: 'Disable an operator: no more sign-ins, and every session ends now',
        params: OperatorIdParams,
        response: { 200: Operator, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => disableOperator(ctx.db, ctx.clock, request.params.operatorId),
  );

  app.post(
    '/operators/:operatorId/revoke-sessions',
    {
      schema: {
        operationId: 'admin.operators.revokeSessions',
        tags,
        summary: 'End every console session of an operator (a lost laptop); the account stays usable',
        params: OperatorIdParams,
        response: { 200: RevokedSessions, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => revokeSessionsOf(ctx.db, ctx.clock, request.params.operatorId),
  );

  app.post(
    '/operators/:operatorId/enrolment',
    {
      schema: {
        operationId: 'admin.operators.reissueEnrolment',
        tags,
        summary:
          'Issue a new enrolment link (forgotten password, lost authenticator): password and TOTP are cleared, sessions end',
        params: OperatorIdParams,
        response: { 200: OperatorWithEnrolment, ...errorResponses('read', [401, 404, 409]) },
      },
    },
    async (request) => reissueEnrolment(ctx, request.params.operatorId),
  );
}
