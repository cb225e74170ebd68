import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { validation } from '../../domain/errors.js';
import { errorResponses, Obj, StringEnum } from '../../platform/schema.js';
import { BankFileError } from '../../providers/bank-files/bank-file.js';
import { parseBankFile } from '../../providers/bank-files/parse-bank-file.js';
import { assignEntry, listEntries, markEntryForReturn } from './entries.js';
import { importBankFile } from './import.js';
import { linesOf } from './lines-of.js';
import { reconciliation } from './reconciliation.js';
import { BankEntry, ImportSummary, Reconciliation } from './schema.js';

const tags = ['Operators'];
/** A year of a busy account's camt.053 fits; anything larger is split by the bank anyway. */
const bankFileLimitBytes = 32 * 1024 * 1024;
const fileTypes = ['application/xml', 'text/xml', 'text/plain', 'application/octet-stream'];

/** The operator's side of bank files: import, the queue of unmatched credits, and the reconciliation report. */
export async function bankFileAdminRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  // The file is the body, as the bank delivered it; only this scope reads XML and plain text.
  scope.addContentTypeParser(fileTypes, { parseAs: 'string', bodyLimit: bankFileLimitBytes }, (_request, body, done) =>
    done(null, body),
  );
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/bank-files',
    {
      bodyLimit: bankFileLimitBytes,
      schema: {
        tags,
        summary:
          'Import a bank file (camt.053, camt.054, MT940, pain.002, NACHA returns) sent as the body; importing it again changes nothing',
        body: Type.String({ minLength: 1, description: 'The file as the bank delivered it' }),
        response: { 200: ImportSummary, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => {
      let parsed: ReturnType<typeof parseBankFile>;
      try {
        parsed = parseBankFile(request.body);
      } catch (error) {
        if (error instanceof BankFileError) throw validation(`The bank file was not read: ${error.message}`);
        throw error;
      }
      return importBankFile(ctx, request.body, linesOf(parsed));
    },
  );

  app.get(
    '/bank-entries',
    {
      schema: {
        tags,
        summary: 'Imported statement lines, oldest first; status=unmatched is the queue of credits that match nothing',
        querystring: Obj({
          status: Type.Optional(StringEnum(['credited', 'unmatched', 'to_return', 'payout', 'other'])),
          currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3,5}$' })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        }),
        response: { 200: Type.Array(BankEntry), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => listEntries(ctx, request.query),
  );

  app.post(
    '/bank-entries/:entryId/assign',
    {
      schema: {
        tags,
        summary: 'Credit an unmatched credit to the deposit or order the payer meant',
        params: Obj({ entryId: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: Obj({
          depositId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
          orderId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
        }),
        response: { 200: BankEntry, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) => assignEntry(ctx, request.params.entryId, request.body),
  );

  app.post(
    '/bank-entries/:entryId/return',
    {
      schema: {
        tags,
        summary: 'Mark an unmatched credit to be sent back to its payer',
        params: Obj({ entryId: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: Obj({ note: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) }),
        response: { 200: BankEntry, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) => markEntryForReturn(ctx, request.params.entryId, request.body.note),
  );

  app.get(
    '/reconciliation',
    {
      schema: {
        tags,
        summary: "The bank's closing balances of a currency against the ledger's clearing, with every difference",
        querystring: Obj({ currency: Type.String({ pattern: '^[A-Z]{3,5}$' }) }),
        response: { 200: Reconciliation, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => reconciliation(ctx, request.query.currency),
  );
}
