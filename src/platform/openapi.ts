import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { shareComponents } from './components.js';
import { type ExampleCatalogue, withExamples } from './openapi-examples.js';
import { operationIdOf } from './operation-ids.js';

/** What the composition root adds to the generated document; each is made when the document is first built. */
export interface DocumentParts {
  /** The document's `webhooks` (OpenAPI 3.1): the event catalogue. */
  readonly webhooks: () => Record<string, unknown>;
  /** Each operation's examples by operationId (resources/<name>/examples.ts), loaded on demand. */
  readonly examples: () => Promise<ExampleCatalogue>;
}

/**
 * The OpenAPI 3.1 document is generated from the very route schemas that validate requests and serialize
 * responses, so it cannot drift from behaviour. Served at /openapi.json, with a reference page at /docs.
 * app.swagger() is the generator's output, every schema inline; the published document is that with the named
 * shared schemas moved to components.schemas and referenced (platform/components.ts). It is built, and its examples
 * loaded, on the first request for it or for the reference page, never at start.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config'>,
  parts: DocumentParts,
): Promise<void> {
  /** Operations whose body may be left out (config.bodyOptional): the generator marks every body required. */
  const optionalBodies = new Set<string>();
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
          // The spec's OAuth 2.0 password grant (Authentication), declared as such so that a reference page or a
          // generated client can obtain the token itself; the token then travels as Authorization: Bearer.
          partnerToken: {
            type: 'oauth2',
            description:
              'OAuth 2.0 password grant: POST /oauth/token with grant_type=password, username, password and the ' +
              'workspace client_id (as a form field, or as the user of HTTP Basic client authentication); send the ' +
              'access token as Authorization: Bearer <access_token>. Tokens last about 300 seconds.',
            flows: { password: { tokenUrl: `${ctx.config.publicBaseUrl}/oauth/token`, scopes: {} } },
          },
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
      // Declared beside the route's summary; placed after the rest of the schema, where the document has it.
      const { operationId: _declared, ...described } = schema as typeof schema & { operationId?: unknown };
      const operationId = operationIdOf(schema, method, url);
      if (route.config?.bodyOptional === true) optionalBodies.add(operationId);
      return { schema: { ...described, operationId, ...(security ? { security } : {}) }, url } as never;
    },
  });
  // Built once, on first request: the routes are fixed by then.
  let building: Promise<object> | undefined;
  const publishedDocument = () => {
    building ??= (async () => {
      const examples = await parts.examples();
      const generated = markOptionalBodies(shareComponents(app.swagger()), optionalBodies);
      return withExamples({ ...generated, webhooks: parts.webhooks() }, examples);
    })();
    return building;
  };
  // The reference page hands the document over synchronously (transformSpecification): its routes first wait for it.
  let published: object | undefined;
  const documentBuilt = async () => {
    published ??= await publishedDocument();
  };
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Nothing is fetched from elsewhere: no validator badge (validatorUrl null), the bundle, styles and icons are
    // the package's own files served from /docs/static.
    // BaseLayout: no top bar, whose URL box and logo only serve to load other documents (and fail axe's label and
    // image-alt rules).
    uiConfig: {
      deepLinking: true,
      validatorUrl: null,
      displayOperationId: true,
      defaultModelsExpandDepth: 0,
      // Tags start closed: a reader opens the resource they want. Beyond about 130 operations listed open, Swagger
      // UI 5 stops drawing after the third tag (docs/decisions/sdk-and-docs.md, "The API reference").
      docExpansion: 'none',
      layout: 'BaseLayout',
    },
    staticCSP: referencePagePolicy(ctx.config.publicBaseUrl),
    uiHooks: { onRequest: documentBuilt },
    transformSpecification: () => published as Record<string, unknown>,
    transformSpecificationClone: false,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => publishedDocument());
}

/**
 * The reference page's Content-Security-Policy, on the page, its assets and its document: scripts and styles only
 * from this server (the package's index.html has no inline script; csp.json lists no hashes), images from here or
 * data: URIs (Swagger UI's icons), requests ("Try it out", the token request) only to this server and the public
 * address the document names as its server, no frames, plugins, forms elsewhere or base rewrites.
 */
export function referencePagePolicy(publicBaseUrl: string): string {
  const publicOrigin = new URL(publicBaseUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${publicOrigin}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

type Operations = Record<string, Record<string, { operationId?: string; requestBody?: { required?: boolean } }>>;

/** The generator writes `requestBody.required: true` on every operation with a body; some bodies may be left out. */
function markOptionalBodies<T extends { paths?: unknown }>(document: T, optional: ReadonlySet<string>): T {
  for (const methods of Object.values((document.paths ?? {}) as Operations)) {
    for (const operation of Object.values(methods)) {
      if (operation.requestBody && optional.has(operation.operationId ?? '')) operation.requestBody.required = false;
    }
  }
  return document;
}
