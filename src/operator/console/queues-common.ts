import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import { esc } from '../../domain/html.js';
import { amountToDecimal, scaleOf } from '../../domain/money/currency-amount.js';
import { mayAct, type OperatorAction } from '../../domain/operators/permissions.js';
import { limits } from '../../limits.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { requirePermission } from './auth.js';
import { sendConsolePage, sendNotice } from './layout.js';

// What every queue page shares (operator console issue, item 3, "Queues with their actions"): the page frame, the
// paging links, a per-item action as a POST form with the session's token (shown only to a role that may do it; the
// POST is refused to the others all the same), and the answer to a refused action: the queue again with the
// service's message (409 or 404), never a 500.

export const queuesPath = '/console/queues';

/** The rows of a queue page; one more than shown is read to know whether a next page exists. */
export const queuePageSize = limits.consoleQueuePageSize;

/** The route options of a page or action: hidden from the API document, refused (403) without the permission. */
/**
 * A queue route's options: the permission its action needs, and, for a POST, the audit log's action (the operator
 * API's name for the same change: console/routes.ts runs it in an audit scope).
 */
export const guarded = (action: OperatorAction, params?: object) => ({
  schema: { hide: true, ...(params ? { params } : {}) },
  preHandler: requirePermission(action),
  config: { auditAction: action },
});

export const idParams = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string', minLength: 1, maxLength: 254 }])),
  required: names,
});

/** The page number of `?page=` (from 0; anything else is the first page). */
export function pageNumber(query: unknown): number {
  const raw = (query as Record<string, unknown> | undefined)?.page;
  return typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
}

/** A query parameter as text ('' when absent or repeated), trimmed and bounded. */
export function queryText(query: unknown, name: string, maxLength = 254): string {
  const raw = (query as Record<string, unknown> | undefined)?.[name];
  return typeof raw === 'string' ? raw.trim().slice(0, maxLength) : '';
}

/** An amount as people read it: exact decimal at the currency's scale, then the code ("30.00 EUR"). */
export function money(minor: bigint, currency: string): string {
  const [whole, fraction = ''] = amountToDecimal(minor, currency).split('.');
  const scale = scaleOf(currency);
  return `${whole}${scale > 0 ? `.${fraction.padEnd(scale, '0')}` : ''} ${currency}`;
}

/** One action on one item: a small POST form with the token; absent for a role that may not do it. */
export function actionForm(
  me: SignedInOperator,
  action: OperatorAction,
  url: string,
  label: string,
  item: string,
  options: { style?: 'primary' | 'secondary' | 'danger'; fields?: string } = {},
): string {
  if (!mayAct(me.role, action)) return '';
  const style = options.style === 'primary' || options.style === undefined ? '' : ` class="${options.style}"`;
  return `<form class="inline" method="post" action="${esc(url)}">${hiddenToken(me.csrfToken)}${options.fields ?? ''}<button${style} type="submit" aria-label="${esc(`${label}: ${item}`)}">${esc(label)}</button></form>`;
}

/** "Previous" and "Next" links keeping the page's filters. */
export function pager(path: string, filters: Record<string, string>, page: number, hasMore: boolean): string {
  const link = (to: number, label: string) => {
    const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) });
    if (to > 0) query.set('page', String(to));
    const qs = query.toString();
    return `<a href="${esc(qs ? `${path}?${qs}` : path)}">${esc(label)}</a>`;
  };
  if (page === 0 && !hasMore) return '';
  return `<nav class="actions" aria-label="Pages">${page > 0 ? link(page - 1, 'Previous page') : ''}<span>Page ${page + 1}</span>${hasMore ? link(page + 1, 'Next page') : ''}</nav>`;
}

/** The messages of a page: what was just done (from `?done=`, a known key only) or what was refused. */
export function messages(done: string | undefined, error: string | undefined): string {
  return [
    done ? `<p class="done" role="status">${esc(done)}</p>` : '',
    error ? `<p class="error" role="alert">${esc(error)}</p>` : '',
  ].join('');
}

/** A table of the queue; an empty queue says so. */
export function queueTable(headings: readonly string[], rows: readonly string[], empty: string): string {
  if (rows.length === 0) return `<p class="muted">${esc(empty)}</p>`;
  const head = headings.map((h) => `<th scope="col">${h === '' ? '<span class="muted">Actions</span>' : esc(h)}</th>`);
  return `<div class="table-wrap"><table class="cards">
<thead><tr>${head.join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

/** A cell under its column's name (the card layout on narrow screens shows the name). */
export const cell = (label: string, html: string): string => `<td data-label="${esc(label)}">${html}</td>`;

export interface QueuePage {
  readonly title: string;
  readonly body: string;
  /** The queues' own index has no link back to itself. */
  readonly index?: boolean;
}

export function sendQueuePage(request: FastifyRequest, reply: FastifyReply, page: QueuePage, status = 200) {
  return sendConsolePage(
    reply,
    {
      title: page.title,
      operator: request.operator,
      current: queuesPath,
      body: `${page.index ? '' : `<p><a href="${queuesPath}">All queues</a></p>\n`}<h1>${esc(page.title)}</h1>\n${page.body}`,
    },
    status,
  );
}

export type Attempt<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly status: number; readonly message: string };

/**
 * Runs an action and answers its refusal as a message: the service's own words (a deposit no longer held, a ticket
 * closed, an unknown id), with the status it would have on the operator API. Anything else is a failure (500 page).
 */
export async function attempt<T>(action: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

/** An item named in the path that does not exist (or another refusal of its read): a page that says so. */
export function sendMissing(request: FastifyRequest, reply: FastifyReply, failed: { status: number; message: string }) {
  return sendNotice(
    reply,
    failed.status,
    failed.status === 404 ? 'Not found' : 'Not available',
    failed.message,
    request.operator,
  );
}
