import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { shareComponents } from './components.js';
import { operationIdOf } from './operation-ids.js';

/**
 * The OpenAPI 3.1 document is generated from the very route schemas that validate requests and serialize
 * responses, so it cannot drift from behaviour. Served at /openapi.json, with a reference page at /docs.
 * app.swagger() is the generator's output, every schema inline; the published document is that with the named
 * shared schemas moved to components.schemas and referenced (platform/components.ts).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  ctx: AppContext,
  /** The document's `webhooks` (OpenAPI 3.1): the event catalogue, handed in by the composition root. */
  webhooks: Record<string, unknown>,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Brokerage Partner API',
        version: '1.0.0',
        description:
          'Quotes, orders, deposits, withdrawals, balances, identity verification and webhooks. ' +
          'Errors are typed: branch on `error`, never on `message`.',
      },
      servers: [{ url: ctx.config.publicBaseUrl }],
      components: {
        securitySchemes: {
          partnerToken: { type: 'http', scheme: 'bearer', description: 'Access token from POST /oauth/token' },
          adminToken: { type: 'http', scheme: 'bearer', description: "The operators' ADMIN_TOKEN" },
        },
      },
      tags: [
        { name: 'Authentication' },
        { name: 'Discovery' },
        { name: 'Quotes' },
        { name: 'Deposits' },
        { name: 'Withdrawals' },
        { name: 'Pending payments' },
        { name: 'Balances' },
        { name: 'AML screenings', description: 'Sanctions screening of people and businesses.' },
        { name: 'Sandbox simulation', description: 'Stage only: not registered in production.' },
        { name: 'Operators', description: 'The brokerage operators’ API (/admin/v1).' },
        { name: 'Health' },
      ],
    },
    transform: ({ schema, url, route }) => {
      if (schema === undefined || schema.hide === true) return { schema, url } as never;
      const security = url.startsWith('/v1')
        ? [{ partnerToken: [] }]
        : url.startsWith('/admin')
          ? [{ adminToken: [] }]
          : undefined;
      const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
      const operationId = operationIdOf(method, url);
      return { schema: { ...schema, operationId, ...(security ? { security } : {}) }, url } as never;
    },
  });
  // Built once, on first request: the routes are fixed by then.
  let published: object | undefined;
  const publishedDocument = () => {
    published ??= { ...shareComponents(app.swagger()), webhooks };
    return published;
  };
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { deepLinking: true },
    transformSpecification: publishedDocument,
    transformSpecificationClone: false,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => publishedDocument());
}
