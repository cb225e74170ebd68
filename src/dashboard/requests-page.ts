import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { readRequestLogEntry, searchRequestLog } from '../platform/request-log/repo.js';
import { cursorText, parseCursor, parseStatusFilter, type StatusFilter } from '../platform/request-log/search.js';
import { requireDashboardPermission } from './auth.js';
import { sendDashboardNotice, sendDashboardPage } from './layout.js';
import { type RequestsForm, requestPage, requestsPage, requestsPath } from './requests-views.js';

// GET /dashboard/requests and /dashboard/requests/<id> (issue 30, "Request log"): the workspace's API requests as
// the request log kept them (platform/request-log/), searched by request id, path, status and time, a page at a time.
// A search that finds few among many stops at a budget and says how far back it looked; its next link goes on.
// Every role reads them. A search the form cannot read is a 400 page saying why, with no rows.

type Query = { Querystring: Record<string, string | undefined> };

/** "2026-11-28" or "2026-11-28 17:05" (also "T"), UTC; `end`: the first instant after that day or minute. */
export function momentOf(text: string, end: boolean): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0));
  const back = new Date(ms);
  // A date that does not exist (2026-02-30) rolls over in Date.UTC: refused rather than moved.
  if (Number.isNaN(ms) || back.getUTCDate() !== Number(d) || back.getUTCMonth() !== Number(mo) - 1) return undefined;
  if (!end) return ms;
  return ms + (h === undefined ? 86_400_000 : 60_000);
}

interface Search {
  readonly requestId?: string;
  readonly pathPrefix?: string;
  readonly status?: StatusFilter;
  readonly fromMs?: number;
  readonly toMs?: number;
}

function searchOf(form: RequestsForm): { search: Search } | { error: string } {
  const search: {
    requestId?: string;
    pathPrefix?: string;
    status?: StatusFilter;
    fromMs?: number;
    toMs?: number;
  } = {};
  if (form.requestId !== '') search.requestId = form.requestId;
  if (form.path !== '') {
    if (!form.path.startsWith('/')) return { error: 'A path starts with /, as /v1/orders.' };
    search.pathPrefix = form.path;
  }
  if (form.status !== '') {
    const status = parseStatusFilter(form.status);
    if (status === undefined) return { error: 'A status is three digits from 100 to 599 (404), or a class (4xx).' };
    search.status = status;
  }
  if (form.from !== '') {
    const from = momentOf(form.from, false);
    if (from === undefined) return { error: 'From is a date, YYYY-MM-DD, with a time HH:MM if you like (UTC).' };
    search.fromMs = from;
  }
  if (form.to !== '') {
    const to = momentOf(form.to, true);
    if (to === undefined) return { error: 'To is a date, YYYY-MM-DD, with a time HH:MM if you like (UTC).' };
    search.toMs = to;
  }
  if (search.fromMs !== undefined && search.toMs !== undefined && search.fromMs >= search.toMs) {
    return { error: 'From is before To.' };
  }
  return { search };
}

export async function dashboardRequestsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const reading = { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') };
  const retentionDays = ctx.config.requestLogRetentionDays;

  app.get<Query>(requestsPath, reading, async (request, reply) => {
    const me = request.partnerUser;
    const text = (name: string, max: number) => (request.query[name] ?? '').trim().slice(0, max);
    const form: RequestsForm = {
      requestId: text('requestId', 200),
      path: text('path', 500),
      status: text('status', 10),
      from: text('from', 20),
      to: text('to', 20),
    };
    const before = request.query.before;
    const cursor = before === undefined || before === '' ? undefined : parseCursor(before);
    const read = searchOf(form);
    const show = (fields: Omit<Parameters<typeof requestsPage>[0], 'me' | 'form' | 'retentionDays'>, status = 200) =>
      sendDashboardPage(reply, requestsPage({ me, form, retentionDays, ...fields }), status);
    if ('error' in read) return show({ entries: [], paged: false, error: read.error }, 400);
    if (before !== undefined && before !== '' && cursor === undefined) {
      return show({ entries: [], paged: false, error: 'That page link is not one this dashboard made.' }, 400);
    }
    const page = await searchRequestLog(ctx.db, { workspaceId: me.workspaceId, ...read.search, before: cursor });
    const older =
      page.next === undefined
        ? undefined
        : `${requestsPath}?${new URLSearchParams({ ...formFields(form), before: cursorText(page.next) }).toString()}`;
    return show({
      entries: page.entries,
      paged: cursor !== undefined,
      ...(older ? { older } : {}),
      ...(page.searchedBackToMs === undefined ? {} : { searchedBackToMs: page.searchedBackToMs }),
    });
  });

  app.get<{ Params: { id: string } }>(
    `${requestsPath}/:id`,
    { ...reading, schema: { hide: true, params: idParams } },
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const entry = await readRequestLogEntry(ctx.db, request.partnerUser.workspaceId, request.params.id);
      if (!entry) return sendDashboardNotice(reply, 404, 'Not found', 'There is no such request.', request.partnerUser);
      return sendDashboardPage(reply, requestPage(request.partnerUser, entry));
    },
  );
}

const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 40 } },
  required: ['id'],
} as const;

/** The filled fields of the form, for the next page's link. */
function formFields(form: RequestsForm): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value !== ''));
}
