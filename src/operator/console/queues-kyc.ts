import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { formatMoment } from '../../platform/browser/format.js';
import { formField } from '../../platform/browser/forms.js';
import { findKycDocument } from '../../resources/kyc/repo-documents.js';
import { listVerifications, type VerificationRow } from '../../resources/kyc/repo-reviews.js';
import { compare, typedDocument, withOpenedFields } from '../../resources/kyc/review.js';
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
  sendMissing,
  sendQueuePage,
} from './queues-common.js';
import { sendStoredFile } from './queues-files.js';
import { filterForm } from './queues-filter.js';
import {
  checksSummary,
  comparisonTable,
  mismatchText,
  personName,
  profileDetails,
  profileSummary,
  readableDay,
  typedDetails,
} from './queues-kyc-views.js';

// Manual KYC review (GET /console/queues/kyc): verifications REVIEWING, oldest submission first, each with the KYC
// profile the partner sent (name, birth date, nationality, activity sector by its name), what the customer typed
// and the captured document (GET /console/queues/kyc/documents/{sessionId}, served from our own table), and where
// the two disagree. One verification's page (GET /console/queues/kyc/verification?workspaceId=&email=) shows the
// whole profile beside the document and the form, field by field (issue #27). Approve or reject: the operator
// API's decision (operator/workspaces/service.ts decideVerification), which takes no reason. What the customer typed, the
// document and the comparison are shown only to the roles that may decide (compliance, admin); every role that
// reads the queue sees the profile, as GET /admin/v1/verifications lists it.

const path = `${queuesPath}/kyc`;
const itemPath = `${path}/verification`;
const decideAction = 'admin.verifications.decide';
const done: Record<string, string> = {
  approve: 'The verification was approved.',
  reject: 'The verification was rejected.',
};

const itemUrl = (v: VerificationRow) =>
  `${itemPath}?${new URLSearchParams({ workspaceId: v.workspace_id, email: v.email }).toString()}`;
const typeOf = (v: VerificationRow) => (v.account_kind === 'organisation' ? 'KYB' : 'KYC');

/** The captured document: the image (or a link to the PDF), or why it is not shown. */
function documentHtml(v: VerificationRow, mayDecide: boolean, width: number): string {
  const documentUrl = `${path}/documents/${encodeURIComponent(v.session_id ?? '')}`;
  if (v.session_id === null) return '<span class="muted">No submission through the hosted page</span>';
  if (v.document_type === null) return '<span class="muted">Not kept (submitted before documents were stored)</span>';
  if (!mayDecide) return '<span class="muted">Shown to compliance</span>';
  return v.document_type.startsWith('image/')
    ? `<a href="${esc(documentUrl)}"><img class="document" src="${esc(documentUrl)}" alt="${esc(`Captured document of ${v.email}`)}" width="${width}"></a>`
    : `<a href="${esc(documentUrl)}">${esc(`Download the document of ${v.email} (PDF)`)}</a>`;
}

function decisionButtons(me: SignedInOperator, v: VerificationRow): string {
  if (v.status !== 'REVIEWING') return '';
  const fields = `<input type="hidden" name="workspaceId" value="${esc(v.workspace_id)}"><input type="hidden" name="email" value="${esc(v.email)}">`;
  const approve = actionForm(me, decideAction, `${path}/approve`, 'Approve', v.email, { fields });
  const reject = actionForm(me, decideAction, `${path}/reject`, 'Reject', v.email, { fields, style: 'danger' });
  return approve === '' ? '' : `<div class="actions">${approve}${reject}</div>`;
}

export async function kycQueueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function show(request: FastifyRequest, reply: FastifyReply, error?: string, status = 200) {
    const me = request.operator;
    const workspaceId = queryText(request.query, 'workspaceId', 64);
    const page = pageNumber(request.query);
    const rows = withOpenedFields(
      ctx.secretsKeyring,
      await listVerifications(ctx.db, {
        statuses: ['REVIEWING'],
        workspaceId: workspaceId === '' ? undefined : workspaceId,
        limit: queuePageSize + 1,
        offset: page * queuePageSize,
      }),
    );
    const mayDecide = mayAct(me.role, decideAction);
    const shown = rows.slice(0, queuePageSize).map((v) => {
      const profile = v.profile ?? {};
      const typed = typedDocument(v.submission);
      const customer = `<a href="${esc(itemUrl(v))}" aria-label="${esc(`Review ${v.email}`)}">${esc(v.email)}</a><br><span class="muted">${esc(`${typeOf(v)}, workspace ${v.workspace_id}`)}</span>`;
      const typedHtml = !mayDecide
        ? '<span class="muted">Shown to compliance</span>'
        : typed === undefined
          ? checksSummary(profile, typed)
          : `${typedDetails(typed, 'lines')}<br>${checksSummary(profile, typed)}`;
      return `<tr>${cell('Customer', customer)}${cell('Submitted', esc(formatMoment(v.submitted_at_ms)))}
${cell('Profile sent by the partner', profileSummary(profile, typed))}${cell('Typed by the customer', typedHtml)}
${cell('Document', documentHtml(v, mayDecide, 160))}
<td>${decisionButtons(me, v)}</td></tr>`;
    });
    return sendQueuePage(
      request,
      reply,
      {
        title: 'Manual KYC review',
        body: `${messages(done[queryText(request.query, 'done', 20)], error)}
<p>Verifications waiting for a person. Compare the document with the KYC profile the partner sent and with what the customer typed (open a customer for every field side by side), then approve or reject.</p>
${filterForm(path, [{ name: 'workspaceId', label: 'Workspace id', value: workspaceId }])}
${queueTable(['Customer', 'Submitted', 'Profile sent by the partner', 'Typed by the customer', 'Document', ''], shown, 'No verification is waiting for review.')}
${pager(path, { workspaceId }, page, rows.length > queuePageSize)}`,
      },
      status,
    );
  }

  app.get(path, guarded('console.view'), async (request, reply) => show(request, reply));

  app.get(itemPath, guarded('console.view'), async (request, reply) => {
    const me = request.operator;
    const workspaceId = queryText(request.query, 'workspaceId', 64);
    const email = queryText(request.query, 'email', 254);
    const [v] =
      workspaceId === '' || email === ''
        ? []
        : withOpenedFields(
            ctx.secretsKeyring,
            await listVerifications(ctx.db, { workspaceId, email, limit: 1, offset: 0 }),
          );
    if (v === undefined) {
      return sendMissing(request, reply, {
        status: 404,
        message: `No verification for ${email || 'that customer'} in workspace ${workspaceId || '(none named)'}`,
      });
    }
    const mayDecide = mayAct(me.role, decideAction);
    const profile = v.profile ?? {};
    const typed = typedDocument(v.submission);
    const name = personName(profile);
    const born = readableDay(typeof profile.birthdate === 'string' ? profile.birthdate : undefined);
    const differs = typed === undefined ? undefined : mismatchText(compare(profile, typed));
    const imageCheck = `The document form does not ask the name or the birth date: read them on the image and compare them with the profile${name ? ` (${name}${born ? `, born ${born}` : ''})` : ''}.`;
    const review = !mayDecide
      ? '<p class="muted">What the customer typed and the captured document are shown to compliance.</p>'
      : typed === undefined
        ? '<p class="muted">No submission through the hosted page: nothing was typed or captured.</p>'
        : `${differs === undefined ? '' : `<p class="notice" role="status"><strong>${esc(differs)}</strong></p>`}
<p>${esc(imageCheck)}</p>
<h2 id="side-by-side">Side by side</h2>
${comparisonTable(profile, typed)}
<h2>Captured document</h2>
<p>${documentHtml(v, mayDecide, 320)}</p>
${typedDetails(typed, 'table')}`;
    return sendQueuePage(request, reply, {
      title: 'Manual KYC review',
      body: `<p><a href="${esc(path)}">Back to the Manual KYC review queue</a></p>
<h2>${esc(v.email)}</h2>
<p>${esc(typeOf(v))} verification, ${esc(v.status)}, workspace ${esc(v.workspace_id)}; submitted ${esc(formatMoment(v.submitted_at_ms))}.</p>
${review}
<h2>KYC profile sent by the partner</h2>
${profileDetails(profile, typed, mayDecide)}
${decisionButtons(me, v)}`,
    });
  });

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
