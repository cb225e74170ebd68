import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { esc } from '../../hosted/page.js';
import { findKycDocument } from '../kyc/repo-documents.js';
import { formatMoment } from './format.js';
import { formField } from './forms.js';
import { decideKycReview } from './queues-actions.js';
import {
  actionForm,
  attempt,
  cell,
  guarded,
  idParams,
  messages,
  pageNumber,
  pager,
  queryText,
  queuePageSize,
  queuesPath,
  queueTable,
  sendQueuePage,
} from './queues-common.js';
import { sendStoredFile } from './queues-files.js';
import { filterForm } from './queues-filter.js';
import { type ReviewingVerification, reviewingVerifications } from './queues-repo.js';

// Manual KYC review (GET /console/queues/kyc): verifications REVIEWING, oldest submission first, with what the
// customer entered and the captured document (GET /console/queues/kyc/documents/{sessionId}, served from our own
// table). Approve or reject: the operator API's decision (admin/service.ts decideVerification), which takes no
// reason. The document is shown only to the roles that may decide (compliance, admin): a viewer sees the queue.

const path = `${queuesPath}/kyc`;
const decideAction = 'admin.verifications.decide';
const done: Record<string, string> = {
  approve: 'The verification was approved.',
  reject: 'The verification was rejected.',
};

const text = (value: unknown): string => (typeof value === 'string' && value !== '' ? value : '—');

function details(v: ReviewingVerification): string {
  const s = v.submission ?? {};
  const organisation = s.organisation as { legalName?: string; registrationNumber?: string } | undefined;
  const lines = [
    ['Document', `${text(s.documentType)} ${text(s.documentNumber)}`],
    ['Expires', text(s.expiryDate)],
    ['Issued by', text(s.issuingCountry)],
    ...(organisation
      ? [['Organisation', `${text(organisation.legalName)} (${text(organisation.registrationNumber)})`]]
      : []),
  ];
  return `<dl>${lines.map(([k, val]) => `<dt>${esc(k as string)}</dt><dd>${esc(val as string)}</dd>`).join('')}</dl>`;
}

export async function kycQueueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function show(request: FastifyRequest, reply: FastifyReply, error?: string, status = 200) {
    const me = request.operator;
    const workspaceId = queryText(request.query, 'workspaceId', 64);
    const page = pageNumber(request.query);
    const rows = await reviewingVerifications(ctx.db, {
      workspaceId,
      limit: queuePageSize + 1,
      offset: page * queuePageSize,
    });
    const mayDecide = mayAct(me.role, decideAction);
    const shown = rows.slice(0, queuePageSize).map((v) => {
      const documentUrl = `${path}/documents/${encodeURIComponent(v.session_id)}`;
      const kind = v.document_type ?? '';
      const document =
        v.document_type === null
          ? '<span class="muted">Not kept (submitted before documents were stored)</span>'
          : !mayDecide
            ? '<span class="muted">Shown to compliance</span>'
            : kind.startsWith('image/')
              ? `<a href="${esc(documentUrl)}"><img class="document" src="${esc(documentUrl)}" alt="${esc(`Captured document of ${v.email}`)}" width="240"></a>`
              : `<a href="${esc(documentUrl)}">${esc(`Download the document of ${v.email} (PDF)`)}</a>`;
      const fields = `<input type="hidden" name="workspaceId" value="${esc(v.workspace_id)}"><input type="hidden" name="email" value="${esc(v.email)}">`;
      const approve = actionForm(me, decideAction, `${path}/approve`, 'Approve', v.email, { fields });
      const reject = actionForm(me, decideAction, `${path}/reject`, 'Reject', v.email, { fields, style: 'danger' });
      return `<tr>${cell('Customer', `${esc(v.email)}<br><span class="muted">${esc(v.verification_type)}</span>`)}
${cell('Workspace', esc(v.workspace_id))}${cell('Submitted', esc(formatMoment(v.submitted_at_ms)))}
${cell('Details', details(v))}${cell('Document', document)}
<td>${approve === '' ? '' : `<div class="actions">${approve}${reject}</div>`}</td></tr>`;
    });
    return sendQueuePage(
      request,
      reply,
      {
        title: 'Manual KYC review',
        body: `${messages(done[queryText(request.query, 'done', 20)], error)}
<p>Verifications waiting for a person. Compare the document with what the customer entered, then approve or reject.</p>
${filterForm(path, [{ name: 'workspaceId', label: 'Workspace id', value: workspaceId }])}
${queueTable(['Customer', 'Workspace', 'Submitted', 'Details', 'Document', ''], shown, 'No verification is waiting for review.')}
${pager(path, { workspaceId }, page, rows.length > queuePageSize)}`,
      },
      status,
    );
  }

  app.get(path, guarded('console.view'), async (request, reply) => show(request, reply));

  app.get<{ Params: { sessionId: string } }>(
    `${path}/documents/:sessionId`,
    guarded(decideAction, idParams('sessionId')),
    async (request, reply) => {
      const document = await findKycDocument(ctx.db, ctx.secretsKeyring, request.params.sessionId);
      if (!document) return reply.callNotFound();
      return sendStoredFile(reply, {
        contentType: document.contentType,
        content: document.content,
        name: `kyc-document-${document.sessionId}`,
      });
    },
  );

  app.post<{ Params: { decision: string } }>(
    `${path}/:decision`,
    guarded(decideAction, {
      type: 'object',
      properties: { decision: { type: 'string', enum: ['approve', 'reject'] } },
      required: ['decision'],
    }),
    async (request, reply) => {
      const decision = request.params.decision as 'approve' | 'reject';
      const workspaceId = formField(request, 'workspaceId');
      const email = formField(request, 'email');
      if (workspaceId === '' || email === '') return show(request, reply, 'Choose a verification from the queue.', 400);
      const outcome = await attempt(() => decideKycReview(ctx, workspaceId, email, decision));
      if (!outcome.ok) return show(request, reply, outcome.message, outcome.status);
      return reply.redirect(`${path}?done=${decision}`, 303);
    },
  );
}
