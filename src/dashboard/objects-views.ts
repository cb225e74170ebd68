import { esc } from '../domain/html.js';
import { type DeliveryAttemptRow, eventSummaries, type TimelineEventRow } from '../events/timeline.js';
import type { LedgerEntryOf } from '../ledger/timeline.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { type Fact, factsTable, fieldRows } from '../platform/browser/facts.js';
import { formatMoment } from '../platform/browser/format.js';
import {
  type EventsAudience,
  eventsSection as eventsWithAttempts,
  timelineSection as timelineRows,
} from '../platform/browser/timeline-rows.js';
import type { DashboardPage } from './layout.js';

export { type Fact, factsTable, money } from '../platform/browser/facts.js';

// The HTML of the objects' pages (issue 30, "Objects"): a list of the workspace's orders, deposits or withdrawals
// with its status filter and pages, and one object's page: its facts, the object as the partner API answers it
// (its view), its timeline (created, each status change its events carry, each ledger entry posted for it) and its
// events with every delivery attempt, as the console's record page shows them (both through
// platform/browser/timeline-rows.ts), for the workspace's own objects only. Ledger entries are shown as steps, not
// their postings: those name the brokerage's own accounts, which the partner API never shows.

/** Notices shown once after a form's redirect (`?done=`), by their key. */
export const doneNotices: Readonly<Record<string, string>> = {
  transfer: 'The incoming transfer was simulated: it settles within seconds (reload to see it).',
  kyc: 'The verification was moved.',
  clock: "The workspace's test clock was moved forward.",
};

export const doneNotice = (done: string | undefined) => {
  const text = doneNotices[done ?? ''];
  return text ? `<p class="done" role="status">${esc(text)}</p>` : '';
};

/** One row of a list: where it links, its status, what it is worth, when it was created. */
export interface ListedObject {
  readonly id: string;
  readonly status: string;
  readonly amount: string;
  readonly createdAtMs: bigint | number;
}

export interface ObjectListInput {
  readonly me: SignedInPartnerUser;
  readonly title: string;
  /** The list's path, /dashboard/orders. */
  readonly path: string;
  readonly noun: string;
  readonly statuses: readonly string[];
  readonly status: string | undefined;
  readonly page: number;
  readonly rows: readonly ListedObject[];
  readonly hasMore: boolean;
  /** Stage only: the way to the sandbox's test clock. */
  readonly sandboxLink?: boolean;
}

const pageLink = (path: string, status: string | undefined, page: number) => {
  const query = new URLSearchParams();
  if (status !== undefined) query.set('status', status);
  if (page > 0) query.set('page', String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

export function objectListPage(input: ObjectListInput): DashboardPage {
  const { path, status, page } = input;
  const options = ['<option value="">Any status</option>']
    .concat(input.statuses.map((s) => `<option value="${esc(s)}"${s === status ? ' selected' : ''}>${esc(s)}</option>`))
    .join('');
  const rows = input.rows
    .map(
      (r) => `<tr><td data-label="Id"><a href="${esc(`${path}/${encodeURIComponent(r.id)}`)}">${esc(r.id)}</a></td>
<td data-label="Status">${esc(r.status)}</td><td data-label="Amount">${esc(r.amount)}</td>
<td data-label="Created">${esc(formatMoment(r.createdAtMs))}</td></tr>`,
    )
    .join('\n');
  const table =
    input.rows.length === 0
      ? `<p>No ${esc(input.noun)}${status ? ` with status ${esc(status)}` : ''}${page > 0 ? ' on this page' : ''}.</p>`
      : `<div class="table-wrap"><table class="cards"><caption>${esc(input.title)}, newest first</caption>
<thead><tr><th scope="col">Id</th><th scope="col">Status</th><th scope="col">Amount</th><th scope="col">Created</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
  const pages = [
    page > 0 ? `<a href="${esc(pageLink(path, status, page - 1))}" rel="prev">Newer</a>` : '',
    input.hasMore ? `<a href="${esc(pageLink(path, status, page + 1))}" rel="next">Older</a>` : '',
  ]
    .filter((l) => l !== '')
    .join(' · ');
  return {
    title: input.title,
    user: input.me,
    current: path,
    body: `<h1>${esc(input.title)}</h1>
${input.sandboxLink ? '<p><a href="/dashboard/sandbox">The sandbox\'s test clock</a></p>' : ''}
<form method="get" action="${esc(path)}"><label>Status <select name="status">${options}</select></label>
<div class="actions"><button class="secondary" type="submit">Filter</button></div></form>
${table}
${pages ? `<nav aria-label="Pages"><p>${pages}</p></nav>` : ''}`,
  };
}

export function viewTable(view: Readonly<Record<string, unknown>>): string {
  const rows = fieldRows(view);
  return `<h2 id="api">As the partner API answers it</h2>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Field</th><th scope="col">Value</th></tr></thead><tbody>
${rows.map(([k, v]) => `<tr><td data-label="Field"><code>${esc(k)}</code></td><td data-label="Value">${esc(v)}</td></tr>`).join('\n')}
</tbody></table></div>`;
}

export interface ObjectPageInput {
  readonly me: SignedInPartnerUser;
  readonly title: string;
  /** The section's path, /dashboard/orders. */
  readonly section: string;
  readonly sectionTitle: string;
  readonly facts: readonly Fact[];
  readonly view?: Readonly<Record<string, unknown>>;
  readonly createdAtMs: bigint | number;
  readonly events: readonly TimelineEventRow[];
  readonly attempts: readonly DeliveryAttemptRow[];
  readonly entries: readonly LedgerEntryOf[];
  /** The sandbox's forms for it (stage, developer or admin), already built. */
  readonly sandbox?: string;
  readonly done?: string | undefined;
  readonly error?: string | undefined;
}

export function timelineSection(
  createdAtMs: bigint | number,
  events: readonly TimelineEventRow[],
  entries: readonly LedgerEntryOf[],
): string {
  return timelineRows(
    createdAtMs,
    eventSummaries(events).map((what, i) => ({ atMs: events[i]?.occurred_at_ms ?? 0n, what })),
    entries.map((e) => ({ atMs: e.createdAtMs, what: `Ledger entry: ${e.kind}` })),
  );
}

/** The dashboard's words for the events section: an attempt shows its endpoint's URL. */
const dashboardEvents: EventsAudience = {
  endpointCell: (a) => esc(a.endpoint_url),
  undelivered: (e) =>
    e.fanned_out_at_ms === null
      ? 'Not sent yet.'
      : 'No delivery: none of your endpoints took this event when it was sent (none was active, or their event filters left this type out).',
};

export const eventsSection = (events: readonly TimelineEventRow[], attempts: readonly DeliveryAttemptRow[]) =>
  eventsWithAttempts(dashboardEvents, events, attempts);

export function objectPage(input: ObjectPageInput): DashboardPage {
  return {
    title: input.title,
    user: input.me,
    current: input.section,
    body: `<p><a href="${esc(input.section)}">${esc(input.sectionTitle)}</a></p>
<h1>${esc(input.title)}</h1>
${doneNotice(input.done)}
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
${factsTable(input.facts)}
${input.sandbox ?? ''}
${timelineSection(input.createdAtMs, input.events, input.entries)}
${input.view ? viewTable(input.view) : ''}
${eventsSection(input.events, input.attempts)}`,
  };
}
