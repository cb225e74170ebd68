import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { limits } from '../../limits.js';
import { formField } from '../../platform/browser/forms.js';
import { bankFileView } from '../bank-files/files.js';
import { acceptHeldFile, rejectHeldFile } from '../bank-files/held-files.js';
import { type BankFileStatus, findBankFile } from '../bank-files/repo.js';
import { bankAttention, bankFilesPage, waitingReversals } from './bank-files-repo.js';
import { bankFilesPath, filePageBody, filesTable, reversalsTable } from './bank-files-views.js';
import { sendConsolePage } from './layout.js';
import {
  attempt,
  guarded,
  idParams,
  pageNumber,
  pager,
  queryText,
  queuePageSize,
  sendMissing,
} from './queues-common.js';
import { filterForm } from './queues-filter.js';

// Bank files (GET /console/bank-files; issue #27): every imported file, newest first, with what became of it:
// imported, refused (every check it failed), or held (a statement that does not follow its account's previous one).
// Held files come first, flagged, with the accept and reject forms (admins; a note each): the SAME services as
// POST /admin/v1/bank-files/{fileId}/accept and /reject (bank-files/import.ts), run in the console's audit scope
// under the operator API's names, so the audit log records them as console actions. Below them, the booked
// reversals that wait for an operator. A file's own page (GET /console/bank-files/{id}) lists every reason, the
// decision and what the import did. Every role reads; the POSTs are refused (403) to a role that may not decide.

const statuses: readonly BankFileStatus[] = ['held', 'refused', 'imported'];
type FileRequest = { Params: { id: string } };

export async function bankFilesPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(bankFilesPath, guarded('admin.bankFiles.list'), async (request, reply) => {
    const me = request.operator;
    const q = request.query;
    const chosen = queryText(q, 'status', 20);
    const status = (statuses as readonly string[]).includes(chosen) ? (chosen as BankFileStatus) : undefined;
    const page = pageNumber(q);
    const counts = await bankAttention(ctx.db);
    const showHeld = status === undefined || status === 'held';
    const held =
      showHeld && page === 0
        ? await bankFilesPage(ctx.db, { status: 'held', limit: limits.consoleHeldFilesShownMax, offset: 0 })
        : [];
    const others =
      status === 'held'
        ? []
        : await bankFilesPage(ctx.db, {
            status,
            except: status === undefined ? 'held' : undefined,
            limit: queuePageSize + 1,
            offset: page * queuePageSize,
          });
    const reversals =
      status === undefined && page === 0 ? await waitingReversals(ctx.db, limits.consoleReversalsShownMax) : [];
    const heldSection =
      showHeld && page === 0
        ? `<h2 id="held">Held: waiting for a decision (${counts.heldFiles})</h2>
<p>A held statement does not follow its account's previous one (its opening balance or its sequence number). Nothing of it moves until an admin accepts it (it is applied) or rejects it (it is refused), with a note.</p>
${filesTable(me, held.map(bankFileView), 'No file is held.', true)}
${counts.heldFiles > held.length ? `<p>And ${counts.heldFiles - held.length} more: decide these first.</p>` : ''}`
        : '';
    const reversalSection =
      status === undefined && page === 0
        ? `<h2 id="reversals">Reversals waiting for an operator (${counts.reversals})</h2>
<p>The bank took back a credit already applied to a deposit or an order, or one that was not found: the money is no longer at the bank. Each is listed by reconciliation until it is resolved.</p>
${reversalsTable(reversals)}
${counts.reversals > reversals.length ? `<p>And ${counts.reversals - reversals.length} more.</p>` : ''}`
        : '';
    const othersTitle =
      status === undefined ? 'Imported and refused files' : status === 'refused' ? 'Refused files' : 'Imported files';
    const othersSection =
      status === 'held'
        ? ''
        : `<h2>${esc(othersTitle)}</h2>
${filesTable(me, others.slice(0, queuePageSize).map(bankFileView), 'No file matches this filter.')}
${pager(bankFilesPath, { status: status ?? '' }, page, others.length > queuePageSize)}`;
    return sendConsolePage(reply, {
      title: 'Bank files',
      operator: me,
      current: bankFilesPath,
      body: `<h1>Bank files</h1>
<p>Every bank file imported (camt.053, camt.054, MT940, pain.002, NACHA returns), newest first. Each is verified whole before any line moves money: a file that fails is refused, with every reason, and nothing of it acts. Times are UTC.</p>
${filterForm(bankFilesPath, [
  {
    name: 'status',
    label: 'Status',
    value: status ?? '',
    options: [
      ['', 'Any status'],
      ['held', 'Held'],
      ['refused', 'Refused'],
      ['imported', 'Imported'],
    ],
  },
])}
${heldSection}
${reversalSection}
${othersSection}`,
    });
  });

  async function showFile(request: FastifyRequest<FileRequest>, reply: FastifyReply, error?: string, status = 200) {
    const row = await findBankFile(ctx.db, request.params.id);
    if (row === undefined) {
      return sendMissing(request, reply, { status: 404, message: `Bank file ${request.params.id} does not exist` });
    }
    const done = queryText(request.query, 'done', 20);
    const file = bankFileView(row);
    return sendConsolePage(
      reply,
      {
        title: `Bank file ${file.fileId.slice(0, 8)}`,
        operator: request.operator,
        current: bankFilesPath,
        body: filePageBody(request.operator, file, { done: error === undefined ? done : undefined, error }),
      },
      status,
    );
  }

  const params = {
    ...idParams('id'),
    properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  };
  app.get<FileRequest>(`${bankFilesPath}/:id`, guarded('admin.bankFiles.get', params), (request, reply) =>
    showFile(request, reply),
  );

  /** The note a decision needs, or the page again saying what is missing (400). */
  const noteOf = (request: FastifyRequest): string | { error: string } => {
    const note = formField(request, 'note').trim();
    if (note === '') return { error: 'Write a note: why. It is kept with the file and in the audit log.' };
    if (note.length > limits.consoleBankFileNoteLengthMax) {
      return { error: `A note is at most ${limits.consoleBankFileNoteLengthMax} characters.` };
    }
    return note;
  };

  // POST /admin/v1/bank-files/{fileId}/accept
  app.post<FileRequest>(
    `${bankFilesPath}/:id/accept`,
    guarded('admin.bankFiles.accept', params),
    async (request, reply) => {
      const note = noteOf(request);
      if (typeof note !== 'string') return showFile(request, reply, note.error, 400);
      const outcome = await attempt(() => acceptHeldFile(ctx, request.params.id, note));
      if (!outcome.ok) return showFile(request, reply, outcome.message, outcome.status);
      return reply.redirect(`${bankFilesPath}/${encodeURIComponent(request.params.id)}?done=accepted`, 303);
    },
  );

  // POST /admin/v1/bank-files/{fileId}/reject
  app.post<FileRequest>(
    `${bankFilesPath}/:id/reject`,
    guarded('admin.bankFiles.reject', params),
    async (request, reply) => {
      const note = noteOf(request);
      if (typeof note !== 'string') return showFile(request, reply, note.error, 400);
      const outcome = await attempt(() => rejectHeldFile(ctx.db, ctx.clock, request.params.id, note));
      if (!outcome.ok) return showFile(request, reply, outcome.message, outcome.status);
      return reply.redirect(`${bankFilesPath}/${encodeURIComponent(request.params.id)}?done=rejected`, 303);
    },
  );
}
