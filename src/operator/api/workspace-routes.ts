import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/schema.js';
import {
  createWorkspace,
  listAllWorkspaces,
  readWorkspace,
  revokePreviousCredentials,
  rotateWorkspaceCredentials,
  updateWorkspace,
} from '../workspaces/service.js';
import {
  CreateWorkspaceBody,
  Credentials,
  ListQuery,
  RotateCredentialsBody,
  RotatedCredentials,
  UpdateWorkspaceBody,
  Workspace,
  WorkspaceIdParams,
} from './schema.js';

const tags = ['Operators'];

export async function workspaceAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/workspaces',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'admin.workspaces.create',
        tags,
        summary: 'Create a workspace and its API credentials (the password is shown only in this answer)',
        body: CreateWorkspaceBody,
        response: { 201: Credentials, ...errorResponses('create', [400, 401]) },
      },
    },
    async (request, reply) => reply.code(201).send(await createWorkspace(ctx, request.body)),
  );

  app.get(
    '/workspaces',
    {
      schema: {
        operationId: 'admin.workspaces.list',
        tags,
        summary: 'List workspaces',
        querystring: ListQuery,
        response: { 200: Type.Array(Workspace), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) =>
      listAllWorkspaces(ctx.db, request.query.limit ?? 100, request.query.page ?? 0, ctx.clock.nowMs()),
  );

  app.get(
    '/workspaces/:workspaceId',
    {
      schema: {
        operationId: 'admin.workspaces.get',
        tags,
        summary: 'Read one workspace',
        params: WorkspaceIdParams,
        response: { 200: Workspace, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => readWorkspace(ctx.db, request.params.workspaceId, ctx.clock.nowMs()),
  );

  app.patch(
    '/workspaces/:workspaceId',
    {
      schema: {
        operationId: 'admin.workspaces.update',
        tags,
        summary: 'Change settings: enabled, enabled pairs, fee schedule, write limit, read throttle, simulation',
        params: WorkspaceIdParams,
        body: UpdateWorkspaceBody,
        response: { 200: Workspace, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => updateWorkspace(ctx, request.params.workspaceId, request.body),
  );

  app.post(
    '/workspaces/:workspaceId/rotate-credentials',
    {
      // Every field of the body is optional, so the body itself may be left out (the default overlap).
      config: { bodyOptional: true },
      schema: {
        operationId: 'admin.workspaces.rotateCredentials',
        tags,
        summary:
          'Issue a new password; the previous one, and its tokens, keep working for overlapSeconds (default 24 hours; 0: they stop now)',
        params: WorkspaceIdParams,
        body: RotateCredentialsBody,
        response: { 200: RotatedCredentials, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => rotateWorkspaceCredentials(ctx, request.params.workspaceId, request.body.overlapSeconds),
  );

  app.post(
    '/workspaces/:workspaceId/revoke-previous-credentials',
    {
      schema: {
        operationId: 'admin.workspaces.revokePreviousCredentials',
        tags,
        summary:
          "End a rotation's overlap now: the previous password stops working, its tokens within seconds (with none running, changes nothing)",
        params: WorkspaceIdParams,
        response: { 200: Workspace, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => revokePreviousCredentials(ctx, request.params.workspaceId),
  );
}
