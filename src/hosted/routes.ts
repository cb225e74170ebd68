import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { kycPageRoutes } from './kyc/routes.js';
import { openBankingPageRoutes } from './payment/routes.js';
import { hostedStyleRoute } from './style.js';

/**
 * The hosted pages, the customer's: reached through the links the kyc and open-banking calls return, outside /v1
 * and without partner credentials (the link's secret is the credential). Each page calls the service of the resource
 * whose session it shows.
 */
export async function hostedPages(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => hostedStyleRoute(scope));
  await app.register(async (scope) => openBankingPageRoutes(scope, ctx));
  await app.register(async (scope) => kycPageRoutes(scope, ctx));
}
