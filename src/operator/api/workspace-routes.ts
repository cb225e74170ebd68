import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/schema.js';
import {
  createWorkspace,
  listAllWorkspaces,
  readWorkspace,
  rotateWorkspaceCredentials,
  updateWorkspace,
} from '../workspaces/service.js';
import {
  CreateWorkspaceBody,
  Credentials,
  ListQuery,
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
    async (request) => listAllWorkspaces(ctx.db, request.query.limit ?? 100, request.query.page ?? 0),
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
    async (request) => readWorkspace(ctx.db, request.params.workspaceId),
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
      schema: {
        operationId: 'admin.workspaces.rotateCredentials',
        tags,
        summary: 'Issue a new password; tokens minted before stop working within seconds',
        params: WorkspaceIdParams,
        response: { 200: Credentials, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => rotateWorkspaceCredentials(ctx, request.params.workspaceId),
  );
}
