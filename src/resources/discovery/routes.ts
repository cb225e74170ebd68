import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { currencies } from '../../catalogue/currencies.js';
import { errorResponses } from '../../platform/schema.js';
import {
  CurrenciesResponse,
  CurrencyParams,
  DestinationSchemaQuery,
  DestinationSchemaResponse,
  IdentitySchemaQuery,
  IdentitySchemaResponse,
  LimitsResponse,
  NetworksQuery,
  NetworksResponse,
  NoQuery,
  PairsResponse,
  PayinSchemaResponse,
} from './schema.js';
import {
  currencyItem,
  destinationSchema,
  enabledPairs,
  identitySchemaOf,
  limitsOf,
  networksOf,
  payinOf,
  requireCurrency,
} from './service.js';

const tags = ['Discovery'];
const ok = <T>(value: T) => ({ ok: true as const, value });

export async function discoveryRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const errors = errorResponses('read', [400, 401, 404]);

  app.get(
    '/pairs',
    {
      schema: {
        operationId: 'pairs.list',
        tags,
        summary: 'Pairs enabled for this workspace',
        querystring: NoQuery,
        response: { 200: PairsResponse, ...errors },
      },
    },
    async (request) => ({ pairs: enabledPairs(request.workspace, ctx.capabilities) }),
  );

  app.get(
    '/currencies',
    {
      schema: {
        operationId: 'currencies.list',
        tags,
        summary: 'Currencies and their capabilities',
        querystring: NoQuery,
        response: { 200: CurrenciesResponse, ...errors },
      },
    },
    async () => ok(currencies.map((c) => currencyItem(c, ctx.capabilities))),
  );

  app.get(
    '/currencies/:currency/payin-schema',
    {
      schema: {
        operationId: 'currencies.payinSchema',
        tags,
        summary: 'Accepted payin methods and origin rails',
        params: CurrencyParams,
        querystring: NoQuery,
        response: { 200: PayinSchemaResponse, ...errors },
      },
    },
    async (request) => {
      const c = requireCurrency(request.params.currency);
      return ok({
        currency: c.code,
        ...payinOf(c, ctx.capabilities),
      });
    },
  );

  app.get(
    '/currencies/:currency/destination-schema',
    {
      schema: {
        operationId: 'currencies.destinationSchema',
        tags,
        summary: 'Payout field sets (required fields, formats, accepted values) of a currency’s methods',
        params: CurrencyParams,
        querystring: DestinationSchemaQuery,
        response: { 200: DestinationSchemaResponse, ...errors },
      },
    },
    async (request) =>
      ok(destinationSchema(requireCurrency(request.params.currency), request.query.method, ctx.capabilities)),
  );

  app.get(
    '/currencies/:currency/networks',
    {
      schema: {
        operationId: 'currencies.networks',
        tags,
        summary: 'Networks (mobile money, banks) with their ids; 503 when the lookup is unavailable',
        params: CurrencyParams,
        querystring: NetworksQuery,
        response: { 200: NetworksResponse, ...errors },
      },
    },
    async (request) =>
      ok(await networksOf(ctx.corridors, ctx.capabilities, requireCurrency(request.params.currency), request.query)),
  );

  app.get(
    '/currencies/:currency/limits',
    {
      schema: {
        operationId: 'currencies.limits',
        tags,
        summary: 'Per-transaction amount bounds; 503 when the lookup is unavailable (only a 200 may be cached)',
        params: CurrencyParams,
        querystring: NoQuery,
        response: { 200: LimitsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const value = await limitsOf(ctx.corridors, requireCurrency(request.params.currency));
      void reply.header('cache-control', 'private, max-age=300');
      return ok(value);
    },
  );

  app.get(
    '/currencies/:currency/identity-schema',
    {
      schema: {
        operationId: 'currencies.identitySchema',
        tags,
        summary: 'Identity intake of a corridor: which party fields it requires',
        params: CurrencyParams,
        querystring: IdentitySchemaQuery,
        response: { 200: IdentitySchemaResponse, ...errors },
      },
    },
    async (request) =>
      ok(
        identitySchemaOf(
          requireCurrency(request.params.currency),
          request.query.direction ?? 'payin',
          request.query.entityType ?? 'individual',
          ctx.capabilities,
        ),
      ),
  );
}
