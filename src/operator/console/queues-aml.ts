import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { type AmlResolution, amlResolutions, amlScreeningStatuses } from '../../domain/states/aml-screening-status.js';
import { limits } from '../../limits.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formatMoment } from '../../platform/browser/format.js';
import { formField } from '../../platform/browser/forms.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { openSensitive } from '../../platform/secrets/sensitive.js';
import { findScreening, listScreenings, type ScreeningRow } from '../../resources/aml-screenings/repo.js';
import { resolveAmlMatch } from './queues-actions.js';
import { confirmedField, confirmedValue, confirmMatchBody } from './queues-aml-confirm.js';
import {
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
import { filterForm } from './queues-filter.js';
import { workspaceLabels } from './workspace-names.js';

// AML matches (GET /console/queues/aml): sanctions screenings, POTENTIAL_MATCH by default (the review queue), with
// the operator list's filters (status, entity type, email) and a workspace. Confirm (the account can no longer move
// money) or mark a false positive, with an optional note: the operator API's resolution (aml-screenings/service.ts).
// Confirming takes a second step (issue 30, item 4): the queue's button answers a page that asks, and only that
// page's form (with `confirmed`) resolves (queues-aml-confirm.ts).

const path = `${queuesPath}/aml`;
const resolveAction = 'admin.amlScreenings.resolve';
const done: Record<string, string> = {
  CONFIRMED_MATCH: 'The match was confirmed: the account can no longer move money.',
  FALSE_POSITIVE: 'The match was marked a false positive.',
};
const noteMaxLength = limits.consoleAmlNoteLengthMax;
type ScreeningParams = { Params: { screeningId: string } };

/** The screened person's or business's name; the subject is read opened (its sealed fields: sensitive.ts). */
const nameOf = (keyring: SecretsKeyring, row: ScreeningRow): string => {
  const s = openSensitive(keyring, row.subject);
  return row.entity_type === 'BUSINESS'
    ? (s.businessName ?? '')
    : [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' ');
};

/** The screened person or business in words; the date of birth is stored sealed, opened here to be shown. */
const subjectOf = (keyring: SecretsKeyring, row: ScreeningRow): string => {
  const s = openSensitive(keyring, row.subject);
  return [nameOf(keyring, row), s.dateOfBirth ? `born ${s.dateOfBirth}` : '', s.country ?? '']
    .filter((x) => x !== '')
    .join(', ');
};

function resolveForm(request: FastifyRequest, row: ScreeningRow): string {
  const me = request.operator;
  if (row.status !== 'POTENTIAL_MATCH' || !mayAct(me.role, resolveAction)) return '';
  const noteId = `note-${row.id}`;
  return `<form method="post" action="${esc(`${path}/${encodeURIComponent(row.id)}/resolution`)}">${hiddenToken(me.csrfToken)}
<label for="${esc(noteId)}">Note (optional)</label><input id="${esc(noteId)}" type="text" name="note" maxlength="${noteMaxLength}">
<div class="actions"><button class="danger" type="submit" name="status" value="CONFIRMED_MATCH" aria-label="${esc(`Confirm the match: ${row.id}`)}">Confirm the match</button><button class="secondary" type="submit" name="status" value="FALSE_POSITIVE" aria-label="${esc(`False positive: ${row.id}`)}">False positive</button></div></form>`;
}

export async function amlQueueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function show(request: FastifyRequest, reply: FastifyReply, error?: string, status = 200) {
    const q = request.query;
    const chosen = queryText(q, 'status', 20);
    const statusFilter =
      chosen === 'all'
        ? 'all'
        : (amlScreeningStatuses as readonly string[]).includes(chosen)
          ? chosen
          : 'POTENTIAL_MATCH';
    const entityType = ['INDIVIDUAL', 'BUSINESS'].includes(queryText(q, 'entityType', 20))
      ? queryText(q, 'entityType')
      : '';
    const userEmail = queryText(q, 'userEmail');
    const workspaceId = queryText(q, 'workspaceId', 64);
    const page = pageNumber(q);
    // The operator list's own query: its page is `limit` rows from `limit * page`, so a full page may have a next.
    const rows = await listScreenings(ctx.db, workspaceId === '' ? undefined : workspaceId, {
      ...(statusFilter === 'all' ? {} : { status: [statusFilter as ScreeningRow['status']] }),
      ...(entityType === '' ? {} : { entityType: entityType as 'INDIVIDUAL' | 'BUSINESS' }),
      ...(userEmail === '' ? {} : { userEmail }),
      limit: queuePageSize,
      page,
    });
    const workspace = await workspaceLabels(
      ctx.db,
      rows.map((row) => row.workspace_id),
    );
    const shown = rows.map((row) => {
      const matches = row.matches
        .map(
          (m) =>
            `<li>${esc(`${m.matchedName} (${m.list} ${m.entryId}, ${m.listedName}), score ${m.score}`)}${m.programs.length > 0 ? `<br><span class="muted">${esc(m.programs.join(', '))}</span>` : ''}</li>`,
        )
        .join('');
      return `<tr>${cell('Screening', `<code>${esc(row.id)}</code><br><span class="muted">${esc(row.status)}</span>`)}
${cell('Subject', `${esc(subjectOf(ctx.secretsKeyring, row))}<br><span class="muted">${esc(row.user_email ?? '—')} · ${esc(row.entity_type)}</span>`)}
${cell('Workspace', workspace(row.workspace_id))}${cell('Matches', matches === '' ? '—' : `<ul>${matches}</ul>`)}
${cell('Screened', esc(formatMoment(Number(row.created_at_ms))))}<td>${resolveForm(request, row) || esc(row.resolution_note ?? '')}</td></tr>`;
    });
    const filters = { status: statusFilter, entityType, userEmail, workspaceId };
    return sendQueuePage(
      request,
      reply,
      {
        title: 'AML matches',
        body: `${messages(done[queryText(q, 'done', 20)], error)}
<p>Screenings against the sanctions lists. A potential match waits for a person: confirm it (the account can no longer move money; the console asks once more before it acts) or mark it a false positive.</p>
${filterForm(path, [
  {
    name: 'status',
    label: 'Status',
    value: statusFilter,
    options: [...amlScreeningStatuses.map((s) => [s, s] as const), ['all', 'Any status'] as const],
  },
  {
    name: 'entityType',
    label: 'Entity',
    value: entityType,
    options: [
      ['', 'Any'],
      ['INDIVIDUAL', 'Individual'],
      ['BUSINESS', 'Business'],
    ],
  },
  { name: 'userEmail', label: 'Email', value: userEmail },
  { name: 'workspaceId', label: 'Workspace id', value: workspaceId },
])}
${queueTable(['Screening', 'Subject', 'Workspace', 'Matches', 'Screened', ''], shown, 'No screening matches these filters.')}
${pager(path, filters, page, rows.length === queuePageSize)}`,
      },
      status,
    );
  }

  /** The confirmation page of a match still awaiting a decision; the queue with a message otherwise. */
  async function askToConfirm(request: FastifyRequest<ScreeningParams>, reply: FastifyReply, note: string) {
    const id = request.params.screeningId;
    const row = await findScreening(ctx.db, id);
    if (!row) return show(request, reply, `AML screening ${id} does not exist`, 404);
    if (row.status !== 'POTENTIAL_MATCH') {
      return show(request, reply, `AML screening ${id} is ${row.status}: it was resolved already.`, 409);
    }
    const workspace = await workspaceLabels(ctx.db, [row.workspace_id]);
    return sendQueuePage(request, reply, {
      title: 'Confirm the match',
      body: confirmMatchBody({
        me: request.operator,
        row,
        name: nameOf(ctx.secretsKeyring, row),
        subject: subjectOf(ctx.secretsKeyring, row),
        workspace: workspace(row.workspace_id),
        note,
        action: `${path}/${encodeURIComponent(row.id)}/resolution`,
        back: path,
      }),
    });
  }

  app.get(path, guarded('console.view'), async (request, reply) => show(request, reply));

  app.post<ScreeningParams>(
    `${path}/:screeningId/resolution`,
    guarded(resolveAction, idParams('screeningId')),
    async (request, reply) => {
      const status = formField(request, 'status');
      const note = formField(request, 'note').trim();
      if (!(amlResolutions as readonly string[]).includes(status)) {
        return show(request, reply, 'Choose confirm or false positive.', 400);
      }
      if (note.length > noteMaxLength)
        return show(request, reply, `A note is at most ${noteMaxLength} characters.`, 400);
      if (status === 'CONFIRMED_MATCH' && formField(request, confirmedField) !== confirmedValue) {
        return askToConfirm(request, reply, note);
      }
      const outcome = await attempt(() =>
        resolveAmlMatch(ctx, request.params.screeningId, status as AmlResolution, note === '' ? undefined : note),
      );
      if (!outcome.ok) return show(request, reply, outcome.message, outcome.status);
      return reply.redirect(`${path}?done=${status}`, 303);
    },
  );
}
