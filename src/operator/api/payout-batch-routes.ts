import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { errorResponses, Obj, StringEnum, titled } from '../../platform/schema.js';
import { batches, batchFile, cutBatch } from '../payout-batches/service.js';

const tags = ['Operators'];

const Batch = titled(
  'Payout batch',
  Type.Object({
    batchId: Type.String({ description: 'Also the file’s message id (pain.001 MsgId)' }),
    rail: Type.String(),
    currency: Type.String(),
    payoutCount: Type.Integer(),
    total: Type.Number({ description: 'In major units' }),
    fileName: Type.String(),
    createdAt: Type.Integer({ description: 'Unix seconds' }),
  }),
);

/** Payout files: each payout of a bank-file rail enters exactly one batch. */
export async function payoutBatchAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/payout-batches',
    {
      schema: {
        operationId: 'admin.payoutBatches.cut',
        tags,
        summary: 'Cut a batch: every payout waiting on the rail goes into one file for the bank',
        body: Obj({ rail: StringEnum(['SEPA', 'ACH_US']) }),
        response: {
          201: titled(
            'Payout batch with its payouts',
            Type.Object({
              ...Batch.properties,
              payouts: Type.Array(
                Type.Object({
                  payoutId: Type.String({ description: 'The withdrawal, order or refund id' }),
                  reference: Type.String({ description: 'What the file and the bank’s reports carry (EndToEndId)' }),
                  amount: Type.Number(),
                }),
              ),
            }),
          ),
          ...errorResponses('read', [400, 401, 409]),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await cutBatch(ctx, request.body.rail)),
  );

  app.get(
    '/payout-batches',
    {
      schema: {
        operationId: 'admin.payoutBatches.list',
        tags,
        summary: 'Batches, newest first',
        querystring: Obj({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
        response: { 200: Type.Array(Batch), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => batches(ctx.db, request.query.limit ?? 100),
  );

  app.get(
    '/payout-batches/:batchId/file',
    {
      schema: {
        operationId: 'admin.payoutBatches.file',
        tags,
        summary: 'The batch’s file for the bank (pain.001 XML or NACHA text), the same bytes on every download',
        params: Obj({ batchId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: {
          200: {
            description: 'pain.001 XML for SEPA, NACHA text for ACH',
            content: {
              'application/xml': { schema: Type.String() },
              'text/plain': { schema: Type.String() },
            },
          },
          ...errorResponses('read', [400, 401, 404]),
        },
      },
    },
    async (request, reply) => {
      const file = await batchFile(ctx.db, ctx.secretsKeyring, request.params.batchId);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.content);
    },
  );
}
