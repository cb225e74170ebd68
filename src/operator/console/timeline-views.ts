import { esc } from '../../domain/html.js';
import { scaleOf } from '../../domain/money/currency-amount.js';
import { type DeliveryAttemptRow, eventSummaries, type TimelineEventRow } from '../../events/timeline.js';
import { type EntryPostingRow, groupEntries, type LedgerEntryOf } from '../../ledger/timeline.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formatMomentToSecond } from '../../platform/browser/format.js';
import type { ConsolePage } from './layout.js';
import { webhookEndpointPath } from './webhooks-views.js';

// A record's page (an order, a deposit, a withdrawal; the customer page adds its own parts): what the partner API
// shows of it, its timeline (created, each status change as its status event carries it, each ledger entry), the
// ledger entries with their postings, and its events with every delivery attempt and, for roles that may, a resend.

/** The customer page's address for an email within a workspace. */
export const customerPath = (workspaceId: string, email: string) =>
  `/console/customers?workspace=${encodeURIComponent(workspaceId)}&email=${encodeURIComponent(email)}`;

/** How many deliveries a resend queued, from the redirect's query (shown once). */
export const resentOf = (query: { resent?: string }) =>
  /^\d{1,4}$/.test(query.resent ?? '') ? Number(query.resent) : undefined;

export type Fact = readonly [label: string, value: string, link?: string];

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

/**
 * A minor-unit amount with every decimal of its currency ("75.00 EUR"), exact (bigint arithmetic, no float); the
 * bare integer for a currency the catalogue does not know.
 */
export function money(minor: bigint, currency: string): string {
  let scale: number;
  try {
    scale = scaleOf(currency);
  } catch {
    return `${minor} (minor units) ${currency}`;
  }
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return `${sign}${whole}${scale > 0 ? `.${digits.slice(digits.length - scale)}` : ''} ${currency}`;
}

/** The view's fields as rows, nested objects by dotted names ("deposit.depositId"). */
function flatten(value: unknown, prefix: string, rows: [string, string][]): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, rows);
    return;
  }
  if (Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object')) {
    value.forEach((inner, index) => {
      flatten(inner, `${prefix}[${index}]`, rows);
    });
    return;
  }
  rows.push([prefix, Array.isArray(value) ? value.join(', ') : String(value)]);
}

export const factsTable = (facts: readonly Fact[]) =>
  `<div class="table-wrap"><table><tbody>
${facts
  .map(
    ([label, value, link]) =>
      `<tr><th scope="row">${esc(label)}</th><td>${link ? `<a href="${esc(link)}">${esc(value)}</a>` : esc(value)}</td></tr>`,
  )
  .join('\n')}
</tbody></table></div>`;

function viewTable(view: Readonly<Record<string, unknown>>): string {
  const rows: [string, string][] = [];
  flatten(view, '', rows);
  return `<details><summary>As the partner API shows it (${rows.length} fields)</summary>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Field</th><th scope="col">Value</th></tr></thead><tbody>
${rows.map(([k, v]) => `<tr><td data-label="Field"><code>${esc(k)}</code></td><td data-label="Value">${esc(v)}</td></tr>`).join('\n')}
</tbody></table></div></details>`;
}

interface Moment {
  readonly atMs: bigint;
  readonly order: number;
  readonly what: string;
}

export { eventSummaries } from '../../events/timeline.js';
export { groupEntries } from '../../ledger/timeline.js';

type Entry = LedgerEntryOf;

function timeline(input: RecordPageInput, entries: readonly Entry[]): string {
  const moments: Moment[] = [
    { atMs: BigInt(input.createdAtMs), order: 0, what: 'Created' },
    ...eventSummaries(input.events).map((what, i) => ({ atMs: input.events[i]?.occurred_at_ms ?? 0n, order: 1, what })),
    ...entries.map((e) => ({ atMs: e.createdAtMs, order: 2, what: `Ledger entry ${e.id}: ${e.kind}` })),
  ].sort((a, b) => (a.atMs === b.atMs ? a.order - b.order : a.atMs < b.atMs ? -1 : 1));
  return `<h2 id="timeline">Timeline</h2>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">When</th><th scope="col">What</th></tr></thead><tbody>
${moments.map((m) => `<tr><td data-label="When">${esc(formatMomentToSecond(m.atMs))}</td><td data-label="What">${esc(m.what)}</td></tr>`).join('\n')}
</tbody></table></div>`;
}

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

/** Why an event has no delivery: not fanned out yet, or no endpoint took it then. */
const undelivered = (e: TimelineEventRow) =>
  e.fanned_out_at_ms === null
    ? 'Not sent yet: the dispatcher has not handed it to the endpoints.'
    : 'No delivery: no endpoint took this event when it was sent (none was active, or their event filters left this type out).';

function attemptRows(e: TimelineEventRow, attempts: readonly DeliveryAttemptRow[]): string {
  if (attempts.length === 0) return `<p class="muted">${esc(undelivered(e))}</p>`;
  const rows = attempts
    .map(
      (
        a,
      ) => `<tr><td data-label="Attempt">${a.attempt}</td><td data-label="Endpoint"><a href="${esc(webhookEndpointPath(a.endpoint_id))}">${esc(a.endpoint_url)}</a></td>
<td data-label="State">${esc(a.state)}</td><td data-label="Answer">${a.status_code === null ? '—' : esc(a.status_code)}${a.latency_ms === null ? '' : ` in ${esc(a.latency_ms)} ms`}</td>
<td data-label="Error">${esc(a.error ?? '—')}</td>
<td data-label="When">${esc(formatMomentToSecond(a.attempted_at_ms ?? a.next_attempt_at_ms ?? a.created_at_ms))}${a.attempted_at_ms === null && a.next_attempt_at_ms !== null ? ' (due)' : ''}</td></tr>`,
    )
    .join('\n');
  return `<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Attempt</th><th scope="col">Endpoint</th><th scope="col">State</th><th scope="col">Answer</th><th scope="col">Error</th><th scope="col">When</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
}

/**
 * The resend of one event, for a role that may: offered only when at least one endpoint took the event (it has a
 * delivery), else why not (issue 30, item 5). A re-send goes where a fan-out would go now, so one no endpoint took
 * has nothing to send again; the POST holds the same rule (timeline-resend.ts).
 */
function resendOf(input: RecordPageInput, e: TimelineEventRow, delivered: boolean): string {
  if (!input.mayResend) return '';
  if (!delivered) return '<span class="muted">No resend: no endpoint has received it (below).</span>';
  return `<form class="inline" method="post" action="/console/events/${esc(e.event_uid)}/resend">${hiddenToken(input.me.csrfToken)}<input type="hidden" name="back" value="${esc(input.path)}"><button class="secondary" type="submit" aria-label="${esc(`Resend ${e.type} ${e.event_uid}`)}">Resend</button></form>`;
}

export function eventsSection(input: RecordPageInput): string {
  if (input.events.length === 0)
    return '<h2 id="events">Events and deliveries</h2><p>No event was recorded for it.</p>';
  const parts = input.events.map((e) => {
    const attempts = input.attempts.filter((a) => a.outbox_id === e.id);
    return `<h3>${esc(e.type)} <span class="muted">${esc(formatMomentToSecond(e.occurred_at_ms))}</span></h3>
<p>Event id <code>${esc(e.event_uid)}</code> ${resendOf(input, e, attempts.length > 0)}</p>
${attemptRows(e, attempts)}`;
  });
  return `<h2 id="events">Events and deliveries</h2>\n${parts.join('\n')}`;
}

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
