import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { limits } from '../limits.js';
import { shareComponents } from './components.js';
import { type Audience, documentsFor } from './openapi-documents.js';
import { type ExampleCatalogue, withExamples } from './openapi-examples.js';
import { describeResponses } from './openapi-responses.js';
import { operationIdOf } from './operation-ids.js';
import { keepPartnerAuthorized, registerReferencePage } from './reference-page.js';

/** What the composition root adds to the generated document; each is made when the document is first built. */
export interface DocumentParts {
  /** The document's `webhooks` (OpenAPI 3.1): the event catalogue. */
  readonly webhooks: () => Record<string, unknown>;
  /** Each operation's examples by operationId (resources/<name>/examples.ts), loaded on demand. */
  readonly examples: () => Promise<ExampleCatalogue>;
}

/** Where each published document and its reference page are served (docs/decisions/sdk-and-docs.md). */
export const publishedDocuments = {
  partner: { documentUrl: '/openapi.json', pageUrl: '/docs' },
  operator: { documentUrl: '/admin/openapi.json', pageUrl: '/admin/docs' },
} as const;

/**
 * The tags in the order of the spec's "Endpoints" (Discovery, Quotes, Balances, Deposits, Orders, Withdrawals,
 * Pending payments, KYC, Webhooks, Open banking, Conversations, Sandbox simulation), then its Authentication; the
 * resources the spec does not list sit beside the one they belong with: banking accounts (payout destinations)
 * after pending payments, the events API after webhooks, support tickets after conversations, AML screenings
 * before the sandbox; health last. A document lists only the tags its operations use (platform/openapi-documents.ts).
 */
export const tagOrder = [
  { name: 'Discovery', description: 'Currencies, pairs, payin and payout schemas, networks, limits.' },
  { name: 'Quotes' },
  { name: 'Balances' },
  { name: 'Deposits' },
  { name: 'Orders' },
  { name: 'Withdrawals' },
  { name: 'Pending payments', description: 'Inbound payments that matched no deposit or order.' },
  { name: 'Banking accounts', description: 'Stored payout destinations that orders and withdrawals name.' },
  { name: 'Identity verification (KYC)' },
  { name: 'Webhooks', description: 'Endpoints that receive the events, their deliveries and test events.' },
  { name: 'Events', description: 'Every event of the workspace as it was delivered: paged, read, sent again.' },
  { name: 'Open banking payments' },
  { name: 'Conversations', description: 'Threads with the brokerage about one end user.' },
  { name: 'Support tickets' },
  { name: 'AML screenings', description: 'Sanctions screening of people and businesses.' },
  { name: 'Sandbox simulation', description: 'Stage only: not registered in production.' },
  { name: 'Authentication' },
  { name: 'Health' },
  { name: 'Operators', description: 'The brokerage operators’ API (/admin/v1).' },
] as const;

const version = '1.0.0';

/** The two published documents: each takes its paths of the generated one (docs/decisions/sdk-and-docs.md). */
const audiences: Readonly<Record<'partner' | 'operator', Audience>> = {
  partner: {
    info: {
      title: 'Brokerage Partner API',
      version,
      description:
        'Quotes, orders, deposits, withdrawals, balances, identity verification and webhooks. ' +
        'Errors are typed: branch on `error`, never on `message`.',
    },
    takes: (path) => path === '/health' || path === '/oauth/token' || path.startsWith('/v1/'),
    webhooks: true,
  },
  operator: {
    info: {
      title: 'Brokerage Operator API',
      version,
      description:
        "The brokerage operators' API under /admin/v1: workspaces and their credentials, the ledger, bank files " +
        'and payout batches, reviews and queues, operators and the audit log. Every call carries ' +
        'Authorization: Bearer <ADMIN_TOKEN>; each change is recorded in the audit log.',
    },
    takes: (path) => path.startsWith('/admin/v1/'),
    webhooks: false,
  },
};

/**
 * The OpenAPI 3.1 documents are generated from the very route schemas that validate requests and serialize
 * responses, so they cannot drift from behaviour. app.swagger() is the generator's output, every schema inline and
 * every audience's route in one; what is published is that with the named shared schemas moved to
 * components.schemas and referenced (platform/components.ts), each success answer described
 * (platform/openapi-responses.ts), the examples laid on, and then cut in two (platform/openapi-documents.ts): the
 * partner API at /openapi.json with its reference page at /docs, the operator API at /admin/openapi.json with its
 * own at /admin/docs. They are built, and the examples loaded, on the first request for either or for a reference
 * page, never at start.
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
      info: audiences.partner.info,
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
      tags: tagOrder.map((tag) => ({ ...tag })),
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
  let building: Promise<Record<'partner' | 'operator', object>> | undefined;
  const published = () => {
    building ??= (async () => {
      const examples = await parts.examples();
      const generated = describeResponses(markOptionalBodies(shareComponents(app.swagger()), optionalBodies));
      return documentsFor(withExamples({ ...generated, webhooks: parts.webhooks() }, examples), audiences);
    })();
    return building;
  };
  const partnerDocument = async () => (await published()).partner;
  const operatorDocument = async () => (await published()).operator;
  const policy = referencePagePolicy(ctx.config.publicBaseUrl);
  app.get(publishedDocuments.partner.documentUrl, { schema: { hide: true } }, partnerDocument);
  app.get(publishedDocuments.operator.documentUrl, { schema: { hide: true } }, operatorDocument);
  await registerReferencePage(app, {
    prefix: publishedDocuments.partner.pageUrl,
    title: 'Brokerage Partner API reference',
    documentUrl: publishedDocuments.partner.documentUrl,
    document: partnerDocument,
    policy,
    plugins: [keepPartnerAuthorized],
    settings: { tokenRenewalMarginSeconds: limits.referencePageTokenRenewalMarginSeconds },
  });
  await registerReferencePage(app, {
    prefix: publishedDocuments.operator.pageUrl,
    title: 'Brokerage Operator API reference',
    documentUrl: publishedDocuments.operator.documentUrl,
    document: operatorDocument,
    policy,
  });
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
