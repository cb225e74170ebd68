import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { verifyLedger } from '../../ledger/verify.js';
import { errorResponses, titled } from '../../platform/schema.js';

const Verification = titled(
  'Ledger verification',
  Type.Object({
    consistent: Type.Boolean({ description: 'Every entry balances and every balance equals its postings' }),
    entriesChecked: Type.Integer(),
    balancesChecked: Type.Integer(),
    problems: Type.Array(Type.Object({ kind: Type.String(), detail: Type.String() }), {
      description: 'At most 100 each',
    }),
  }),
);

export async function ledgerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/ledger/verification',
    {
      schema: {
        operationId: 'admin.ledger.verify',
        tags: ['Operators'],
        summary: 'Verify the whole ledger (reads every posting: run it off-peak on a large ledger)',
        response: { 200: Verification, ...errorResponses('read', [401]) },
      },
    },
    async () => {
      const report = await verifyLedger(ctx.db);
      return {
        consistent: report.ok,
        entriesChecked: report.entriesChecked,
        balancesChecked: report.balancesChecked,
        problems: [...report.problems],
      };
    },
  );
}
