import { esc } from '../../domain/html.js';
import { type DeliveryAttemptRow, eventSummaries, type TimelineEventRow } from '../../events/timeline.js';
import { type EntryPostingRow, groupEntries, type LedgerEntryOf } from '../../ledger/timeline.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { type Fact, factsTable, fieldRows, money } from '../../platform/browser/facts.js';
import { formatMomentToSecond } from '../../platform/browser/format.js';
import {
  type EventsAudience,
  eventsSection as eventsWithAttempts,
  type ShownEvent,
  timelineSection,
} from '../../platform/browser/timeline-rows.js';
import type { ConsolePage } from './layout.js';
import { webhookEndpointPath } from './webhooks-views.js';

// A record's page (an order, a deposit, a withdrawal; the customer page adds its own parts): what the partner API
// shows of it, its timeline (created, each status change as its status event carries it, each ledger entry), the
// ledger entries with their postings, and its events with every delivery attempt and, for roles that may, a resend.
// The timeline and the events are rendered as the dashboard's object pages render them
// (platform/browser/timeline-rows.ts), with the console's words and links.

/** The customer page's address for an email within a workspace. */
export const customerPath = (workspaceId: string, email: string) =>
  `/console/customers?workspace=${encodeURIComponent(workspaceId)}&email=${encodeURIComponent(email)}`;

/** How many deliveries a resend queued, from the redirect's query (shown once). */
export const resentOf = (query: { resent?: string }) =>
  /^\d{1,4}$/.test(query.resent ?? '') ? Number(query.resent) : undefined;

export interface RecordPageInput {
  readonly me: SignedInOperator;
  readonly title: string;
  /** This page's own path, where a resend comes back to. */
  readonly path: string;
  readonly workspace: { readonly id: string; readonly name: string };
  readonly facts: readonly Fact[];
  /** The record as the partner API answers it (its view), shown field by field. */
  readonly view?: Readonly<Record<string, unknown>>;
  readonly createdAtMs: bigint | number;
  readonly events: readonly TimelineEventRow[];
  readonly attempts: readonly DeliveryAttemptRow[];
  readonly entries: readonly EntryPostingRow[];
  readonly mayResend: boolean;
  /** How many deliveries a resend just queued (shown once, after the redirect). */
  readonly resent?: number;
  /** Extra sections (the customer page's lists). */
  readonly extra?: string;
}

function viewTable(view: Readonly<Record<string, unknown>>): string {
  const rows = fieldRows(view);
  return `<details><summary>As the partner API shows it (${rows.length} fields)</summary>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Field</th><th scope="col">Value</th></tr></thead><tbody>
${rows.map(([k, v]) => `<tr><td data-label="Field"><code>${esc(k)}</code></td><td data-label="Value">${esc(v)}</td></tr>`).join('\n')}
</tbody></table></div></details>`;
}

export { eventSummaries } from '../../events/timeline.js';
export { groupEntries } from '../../ledger/timeline.js';
export { type Fact, factsTable, money } from '../../platform/browser/facts.js';

type Entry = LedgerEntryOf;

const timeline = (input: RecordPageInput, entries: readonly Entry[]) =>
  timelineSection(
    input.createdAtMs,
    eventSummaries(input.events).map((what, i) => ({ atMs: input.events[i]?.occurred_at_ms ?? 0n, what })),
    entries.map((e) => ({ atMs: e.createdAtMs, what: `Ledger entry ${e.id}: ${e.kind}` })),
  );

export function ledgerSection(entries: readonly Entry[]): string {
  if (entries.length === 0) return '<h2 id="ledger">Ledger entries</h2><p>No ledger entry was posted for it.</p>';
  const tables = entries.map((e) => {
    const rows = e.postings
      .map(
        (
          p,
        ) => `<tr><td data-label="Account"><a href="/console/ledger?account=${esc(encodeURIComponent(p.account_id))}">${esc(p.account_id)}</a></td>
<td data-label="Bucket">${esc(p.bucket)}</td><td data-label="Amount">${esc(money(p.amount, p.currency))}</td></tr>`,
      )
      .join('\n');
    return `<h3>Entry ${esc(e.id)}: ${esc(e.kind)} <span class="muted">${esc(formatMomentToSecond(e.createdAtMs))}, reference ${esc(e.reference)}</span></h3>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Account</th><th scope="col">Bucket</th><th scope="col">Amount</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
  });
  return `<h2 id="ledger">Ledger entries</h2>\n${tables.join('\n')}`;
}

/** The console's words for the events section: an attempt links its endpoint's page. */
const consoleEvents: EventsAudience = {
  endpointCell: (a) => `<a href="${esc(webhookEndpointPath(a.endpoint_id))}">${esc(a.endpoint_url)}</a>`,
  undelivered: (e) =>
    e.fanned_out_at_ms === null
      ? 'Not sent yet: the dispatcher has not handed it to the endpoints.'
      : 'No delivery: no endpoint took this event when it was sent (none was active, or their event filters left this type out).',
};

/**
 * The resend of one event, for a role that may: offered only when at least one endpoint took the event (it has a
 * delivery), else why not (issue 30, item 5). A re-send goes where a fan-out would go now, so one no endpoint took
 * has nothing to send again; the POST holds the same rule (timeline-resend.ts).
 */
function resendOf(input: RecordPageInput, e: ShownEvent, delivered: boolean): string {
  if (!input.mayResend) return '';
  if (!delivered) return '<span class="muted">No resend: no endpoint has received it (below).</span>';
  return `<form class="inline" method="post" action="/console/events/${esc(e.event_uid)}/resend">${hiddenToken(input.me.csrfToken)}<input type="hidden" name="back" value="${esc(input.path)}"><button class="secondary" type="submit" aria-label="${esc(`Resend ${e.type} ${e.event_uid}`)}">Resend</button></form>`;
}

export const eventsSection = (input: RecordPageInput) =>
  eventsWithAttempts(
    {
      ...consoleEvents,
      // After a space, even when empty: the paragraph reads "Event id <code>…</code> " as it always did.
      afterEventId: (e, delivered) => ` ${resendOf(input, e, delivered)}`,
    },
    input.events,
    input.attempts,
  );

export function recordPage(input: RecordPageInput): ConsolePage {
  const entries = groupEntries(input.entries);
  const resent =
    input.resent === undefined
      ? ''
      : `<p class="done" role="status">${esc(`The event was queued for ${input.resent} ${input.resent === 1 ? 'delivery' : 'deliveries'}.`)}</p>`;
  return {
    title: input.title,
    operator: input.me,
    current: '/console/search',
    body: `<p><a href="/console/search">Search</a></p>
<h1>${esc(input.title)}</h1>
${resent}
${factsTable([['Workspace', input.workspace.name, `/console/workspaces/${encodeURIComponent(input.workspace.id)}`], ...input.facts])}
${input.view ? viewTable(input.view) : ''}
${input.extra ?? ''}
${timeline(input, entries)}
${ledgerSection(entries)}
${eventsSection(input)}`,
  };
}
