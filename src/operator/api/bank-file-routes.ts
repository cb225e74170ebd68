import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { limits } from '../../limits.js';
import { CurrencyFilter, errorResponses, Obj, StringEnum } from '../../platform/schema.js';
import { assignEntry, listEntries, markEntryForReturn } from '../bank-files/entries.js';
import { bankFileView, getBankFile, getBankFileRow, importOrRefuse, listFiles } from '../bank-files/files.js';
import { acceptHeldFile, rejectHeldFile } from '../bank-files/held-files.js';
import { reconciliation } from '../bank-files/reconciliation.js';
import { BankEntry, BankEntryStatus, BankFile, ImportSummary, Reconciliation } from '../bank-files/schema.js';

const tags = ['Operators'];
const bankFileLimitBytes = limits.bankFileBodyLimitBytes;
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
        operationId: 'admin.bankFiles.import',
        tags,
        summary:
          'Import a bank file (camt.053, camt.054, MT940, pain.002, NACHA returns) sent as the body, verified whole first; importing it again changes nothing',
        description:
          "The file is verified whole before any line acts: whose account it reports on (one of the brokerage's configured accounts, in its currency), every control total it carries, and for a statement that it follows the account's previous one. A file that fails is refused (400, every reason named) and recorded; one whose statement breaks its account's chain is held (202) until an operator accepts or rejects it. Body: the file as the bank delivered it, as application/xml, text/xml, text/plain or application/octet-stream, at most 32 MiB.",
        body: Type.String({ minLength: 1, description: 'The file as the bank delivered it' }),
        response: { 200: ImportSummary, 202: ImportSummary, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request, reply) => {
      const summary = await importOrRefuse(ctx, request.body);
      return reply.code(summary.status === 'held' ? 202 : 200).send(summary);
    },
  );

  app.get(
    '/bank-files',
    {
      schema: {
        operationId: 'admin.bankFiles.list',
        tags,
        summary: 'Imported bank files, newest first: status=held is the queue of statements waiting for a decision',
        querystring: Obj({
          status: Type.Optional(StringEnum(['imported', 'refused', 'held'])),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        }),
        response: { 200: Type.Array(BankFile), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => listFiles(ctx.db, request.query),
  );

  const fileParams = Obj({ fileId: Type.String({ minLength: 1, maxLength: 64 }) });
  const decisionBody = Obj({ note: Type.String({ minLength: 1, maxLength: 500, description: 'Why (audited)' }) });

  app.get(
    '/bank-files/:fileId',
    {
      schema: {
        operationId: 'admin.bankFiles.get',
        tags,
        summary: 'One imported bank file: its status and every reason it was refused or held',
        params: fileParams,
        response: { 200: BankFile, ...errorResponses('read', [400, 401, 404]) },
      },
    },
    async (request) => getBankFile(ctx.db, request.params.fileId),
  );

  app.post(
    '/bank-files/:fileId/accept',
    {
      schema: {
        operationId: 'admin.bankFiles.accept',
        tags,
        summary:
          "Accept a held file: its statement becomes its account's last one and the file is applied (everything but the chain is verified again)",
        params: fileParams,
        body: decisionBody,
        response: { 200: ImportSummary, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) => acceptHeldFile(ctx, request.params.fileId, request.body.note),
  );

  app.post(
    '/bank-files/:fileId/reject',
    {
      schema: {
        operationId: 'admin.bankFiles.reject',
        tags,
        summary: 'Reject a held file: it is refused and nothing of it ever acts',
        params: fileParams,
        body: decisionBody,
        response: { 200: BankFile, ...errorResponses('read', [400, 401, 404, 409]) },
      },
    },
    async (request) => {
      await rejectHeldFile(ctx.db, ctx.clock, request.params.fileId, request.body.note);
      return bankFileView(await getBankFileRow(ctx.db, request.params.fileId));
    },
  );

  app.get(
    '/bank-entries',
    {
      schema: {
        operationId: 'admin.bankEntries.list',
        tags,
        summary: 'Imported statement lines, oldest first; status=unmatched is the queue of credits that match nothing',
        querystring: Obj({
          status: Type.Optional(BankEntryStatus),
          currency: Type.Optional(CurrencyFilter()),
          fileId: Type.Optional(
            Type.String({ minLength: 1, maxLength: 64, description: 'Only the lines of this imported file' }),
          ),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        }),
        response: { 200: Type.Array(BankEntry), ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => listEntries(ctx.db, request.query),
  );

  app.post(
    '/bank-entries/:entryId/assign',
    {
      schema: {
        operationId: 'admin.bankEntries.assign',
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
        operationId: 'admin.bankEntries.return',
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
        operationId: 'admin.reconciliation.get',
        tags,
        summary: "The bank's closing balances of a currency against the ledger's clearing, with every difference",
        querystring: Obj({ currency: CurrencyFilter() }),
        response: { 200: Reconciliation, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => reconciliation(ctx, request.query.currency),
  );
}
