import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { Email, errorResponses, Obj } from '../../platform/schema.js';
import { KycDataRequest, KycDataResponse, KycStartRequest, KycStartResponse, KycStatusEnvelope } from './schema.js';
import { kycStatusOf, submitKycData } from './service.js';
import { startVerification } from './start.js';

const tags = ['Identity verification (KYC)'];

export async function kycRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/kyc/data',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'kyc.submitData',
        tags,
        summary: "Send any subset of a customer's KYC profile; calls merge. Answers what is given and what is missing",
        body: KycDataRequest,
        response: { 200: KycDataResponse, ...errorResponses('create', [400, 401]) },
      },
    },
    async (request) => submitKycData(ctx, request.workspace, request.body),
  );

  app.post(
    '/kyc',
    {
      config: { kind: 'create' },
      schema: {
        operationId: 'kyc.createLink',
        tags,
        summary:
          'Start or resume the hosted verification: a fresh single-use kycUrl, unless fields are missing, a submission is being checked, or it is decided',
        body: KycStartRequest,
        response: { 200: KycStartResponse, ...errorResponses('create', [400, 401, 409]) },
      },
    },
    async (request) => startVerification(ctx, request.workspace, request.body),
  );

  app.get(
    '/kyc/:accountEmail',
    {
      schema: {
        operationId: 'kyc.get',
        tags,
        summary: "A customer's verification status, missing fields and account id (enveloped)",
        params: Obj({ accountEmail: Email }),
        querystring: Obj({}),
        response: { 200: KycStatusEnvelope, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => kycStatusOf(ctx.db, request.workspace, request.params.accountEmail),
  );
}
