import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { limits } from '../../limits.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import { listScreenings } from '../../resources/aml-screenings/repo.js';
import {
  ImportOfacSdnRequest,
  importOfacSdn,
  SanctionsList,
  sanctionsLists,
} from '../../resources/aml-screenings/sanctions-import.js';
import {
  AmlListQuery,
  OperatorAmlScreening,
  ResolveAmlScreeningRequest,
} from '../../resources/aml-screenings/schema.js';
import { resolveAmlScreening } from '../../resources/aml-screenings/service.js';
import { operatorScreeningView } from '../../resources/aml-screenings/view.js';

const tags = ['Operators'];

const OperatorAmlListQuery = Obj({
  workspaceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Absent: every workspace' })),
  ...AmlListQuery.properties,
});

/** Operators: the sanctions lists behind screening, and the review of potential matches across workspaces. */
export async function amlAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/sanctions-lists/ofac-sdn',
    {
      // The published sdn.csv and alt.csv together are a few megabytes: more than the API's usual body limit.
      bodyLimit: limits.sanctionsImportBodyLimitBytes,
      schema: {
        operationId: 'admin.sanctionsLists.importOfacSdn',
        tags,
        summary: 'Import (or re-import) the OFAC SDN list from its published CSV files; replaces the previous import',
        body: ImportOfacSdnRequest,
        response: { 200: SanctionsList, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => importOfacSdn(ctx.db, ctx.clock, request.body),
  );
  app.get(
    '/sanctions-lists',
    {
      schema: {
        operationId: 'admin.sanctionsLists.list',
        tags,
        summary: 'The imported sanctions lists, with their dates and sizes',
        querystring: Obj({}),
        response: { 200: Type.Array(SanctionsList), ...errorResponses('read', [401]) },
      },
    },
    async () => sanctionsLists(ctx.db),
  );
  app.get(
    '/aml-screenings',
    {
      schema: {
        operationId: 'admin.amlScreenings.list',
        tags,
        summary: "Every workspace's screenings, newest first (status=POTENTIAL_MATCH: the review queue)",
        querystring: OperatorAmlListQuery,
        response: { 200: Type.Array(OperatorAmlScreening), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => {
      const { workspaceId, ...filters } = request.query;
      return (await listScreenings(ctx.db, workspaceId, filters)).map(operatorScreeningView);
    },
  );
  app.post(
    '/aml-screenings/:screeningId/resolution',
    {
      schema: {
        operationId: 'admin.amlScreenings.resolve',
        tags,
        summary:
          'Resolve a POTENTIAL_MATCH as CONFIRMED_MATCH (its account can no longer move money) or FALSE_POSITIVE',
        params: Obj({ screeningId: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: ResolveAmlScreeningRequest,
        response: { 200: OperatorAmlScreening, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) =>
      operatorScreeningView(await resolveAmlScreening(ctx.db, ctx.clock, request.params.screeningId, request.body)),
  );
}
