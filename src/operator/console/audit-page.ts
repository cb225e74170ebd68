import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { OperatorRole } from '../../domain/operators/roles.js';
import { limits } from '../../limits.js';
import { type AuditFilters, findAuditEntry, listAuditEntries } from '../../platform/audit/repo.js';
import { auditEntryView } from '../audit-log/view.js';
import { listOperators } from '../operators/repo.js';
import { type AuditFields, auditPage } from './audit-views.js';
import { requirePermission } from './auth.js';
import { sendConsolePage } from './layout.js';

// The audit log in the console (GET /console/audit; operator console issue, item 2: "Read it in the console (filter
// by person, workspace, action, time)"). It reads the page GET /admin/v1/audit-log reads, through the same repo
// functions (platform/audit/repo.ts), newest first, paged by keyset: the "Older entries" link carries the last
// shown entry's id as `before`. Compliance and admin only ('audit.read', domain/operators/permissions.ts).

type AuditQuery = { Querystring: Record<string, unknown> };

/** A moment as typed: a UTC day, or a UTC day and time to the minute or the second ("2025-06-02 09:30"). */
const momentPattern = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?(?: ?(?:Z|UTC))?$/i;

/**
 * The first and last Unix second a typed moment covers: a day covers its 86,400 seconds, a minute its 60, a second
 * itself, so that "to 2025-06-02" and "to 09:30" include all of that day or minute. Undefined when not a moment.
 */
export function momentSpan(text: string): { first: number; last: number } | undefined {
  const match = momentPattern.exec(text);
  if (!match) return undefined;
  const [, day = '', hours, minutes, seconds] = match;
  const iso = `${day}T${hours ?? '00'}:${minutes ?? '00'}:${seconds ?? '00'}Z`;
  const ms = Date.parse(iso);
  // Date.parse rolls 2025-02-30 over to March; a moment that does not read back the same is not a moment.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) !== iso.slice(0, 19)) return undefined;
  const first = ms / 1000;
  const width = hours === undefined ? 86_400 : seconds === undefined ? 60 : 1;
  return { first, last: first + width - 1 };
}

const vias = ['console', 'api', 'cli', 'dashboard'] as const;
const emailLike = /^[^\s@]+@[^\s@]+$/;

/** The filter of the form's fields, or the first field that cannot be read (a 400 page with no rows). */
export function auditFilterOf(f: AuditFields): { filter: Omit<AuditFilters, 'limit' | 'offset'> } | { error: string } {
  const from = f.from === '' ? undefined : momentSpan(f.from);
  const to = f.to === '' ? undefined : momentSpan(f.to);
  const moment = 'a UTC date (YYYY-MM-DD) or date and time (YYYY-MM-DD HH:MM)';
  if (from === undefined && f.from !== '') return { error: `From is ${moment}.` };
  if (to === undefined && f.to !== '') return { error: `To is ${moment}.` };
  if (from !== undefined && to !== undefined && from.first > to.last) return { error: 'From must not be after To.' };
  if (f.via !== '' && !(vias as readonly string[]).includes(f.via))
    return { error: 'Via is console, api, cli or dashboard.' };
  const byEmail = f.person.includes('@');
  if (byEmail && !emailLike.test(f.person)) return { error: 'A person is an email address or an operator id.' };
  const some = (text: string) => (text === '' ? undefined : text);
  return {
    filter: {
      email: byEmail ? f.person : undefined,
      operatorId: byEmail ? undefined : some(f.person),
      workspaceId: some(f.workspaceId),
      action: some(f.action),
      via: some(f.via),
      from: from?.first,
      to: to?.last,
    },
  };
}

const textOf = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** The action asked for: chosen from the list or typed; typed and chosen differently is a question, not an answer. */
function actionOf(chosen: string, typed: string): { action: string } | { error: string } {
  if (chosen !== '' && typed !== '' && chosen !== typed) return { error: 'Choose an action or type one, not both.' };
  return { action: typed || chosen };
}

export async function auditPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<AuditQuery>(
    '/console/audit',
    { schema: { hide: true }, preHandler: requirePermission('audit.read') },
    async (request, reply) => {
      const q = request.query;
      const action = actionOf(textOf(q.action, 100), textOf(q.otherAction, 100));
      const fields: AuditFields = {
        person: textOf(q.person, 254),
        workspaceId: textOf(q.workspaceId, 64),
        action: 'action' in action ? action.action : textOf(q.otherAction, 100),
        via: textOf(q.via, 10),
        from: textOf(q.from, 25),
        to: textOf(q.to, 25),
      };
      const sizeText = textOf(q.limit, 3);
      const size = /^\d{1,3}$/.test(sizeText)
        ? Math.min(Math.max(Number(sizeText), 1), limits.consoleAuditPageSizeMax)
        : limits.consoleAuditPageSizeDefault;
      const beforeText = textOf(q.before, 18);
      let read = 'error' in action ? action : auditFilterOf(fields);
      if (q.before !== undefined && !/^\d{1,18}$/.test(beforeText)) read = { error: 'Older entries: not an entry id.' };
      let before: AuditFilters['before'];
      if ('filter' in read && beforeText !== '') {
        const entry = await findAuditEntry(ctx.db, BigInt(beforeText));
        if (entry === undefined) read = { error: `Older entries: there is no entry ${beforeText}.` };
        else before = { occurredAtMs: entry.occurred_at_ms, id: entry.id };
      }
      // An unreadable filter shows nothing rather than everything.
      const rows =
        'filter' in read ? await listAuditEntries(ctx.db, { ...read.filter, before, limit: size + 1, offset: 0 }) : [];
      const entries = rows.slice(0, size).map(auditEntryView);
      const roles = new Map<string, OperatorRole>();
      if (entries.some((e) => e.actor.operatorId !== null)) {
        for (const operator of await listOperators(ctx.db)) roles.set(operator.id, operator.role);
      }
      const last = entries.at(-1);
      return sendConsolePage(
        reply,
        auditPage({
          me: request.operator,
          fields,
          ...('error' in read ? { error: read.error } : {}),
          entries,
          roles,
          ...(rows.length > size && last ? { olderThan: last.entryId } : {}),
          first: before === undefined,
          ...(sizeText === '' || size === limits.consoleAuditPageSizeDefault ? {} : { pageSize: size }),
        }),
        'error' in read ? 400 : 200,
      );
    },
  );
}
