import { esc } from '../../domain/html.js';
import { formatMomentToSecond } from './format.js';

// A record's timeline and its events' delivery attempts as HTML (operator console issue, item 3; issue 30,
// "Objects"): the console's record pages (operator/console/timeline-views.ts) and the dashboard's object pages
// (dashboard/objects-views.ts) show the same record the same way. What differs by audience is passed in: how a
// ledger entry is named, what the endpoint cell links to, what an event without a delivery says, what follows an
// event's id (the console's resend). The rows are plain shapes, built by the callers from events/timeline.ts and
// ledger/timeline.ts, which platform/ does not import (docs/architecture.md, "platform-is-cross-cutting").

/** One step of a timeline other than its creation: an event's summary, a ledger entry. */
export interface TimelineStep {
  readonly atMs: bigint;
  readonly what: string;
}

/**
 * The Timeline section: "Created", the events' steps and the ledger entries' steps, oldest first; steps of one
 * moment keep that order, and each kind its own.
 */
export function timelineSection(
  createdAtMs: bigint | number,
  eventSteps: readonly TimelineStep[],
  entrySteps: readonly TimelineStep[],
): string {
  const moments = [
    { atMs: BigInt(createdAtMs), order: 0, what: 'Created' },
    ...eventSteps.map((s) => ({ ...s, order: 1 })),
    ...entrySteps.map((s) => ({ ...s, order: 2 })),
  ].sort((a, b) => (a.atMs === b.atMs ? a.order - b.order : a.atMs < b.atMs ? -1 : 1));
  return `<h2 id="timeline">Timeline</h2>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">When</th><th scope="col">What</th></tr></thead><tbody>
${moments.map((m) => `<tr><td data-label="When">${esc(formatMomentToSecond(m.atMs))}</td><td data-label="What">${esc(m.what)}</td></tr>`).join('\n')}
</tbody></table></div>`;
}

/** An outbox event as its section shows it (events/timeline.ts, TimelineEventRow). */
export interface ShownEvent {
  readonly id: bigint;
  readonly event_uid: string;
  readonly type: string;
  readonly occurred_at_ms: bigint;
  readonly fanned_out_at_ms: bigint | null;
}

/** One delivery attempt of an event (events/timeline.ts, DeliveryAttemptRow). */
export interface ShownAttempt {
  readonly outbox_id: bigint;
  readonly endpoint_id: string;
  readonly endpoint_url: string;
  readonly attempt: number;
  readonly state: string;
  readonly status_code: number | null;
  readonly latency_ms: number | null;
  readonly error: string | null;
  readonly created_at_ms: bigint;
  readonly attempted_at_ms: bigint | null;
  readonly next_attempt_at_ms: bigint | null;
}

/** What an audience says and links in the events section. */
export interface EventsAudience {
  /** The Endpoint cell's HTML: the console links its endpoint page, the dashboard shows the URL. */
  readonly endpointCell: (attempt: ShownAttempt) => string;
  /** Plain text for an event without a delivery: not sent yet, or no endpoint took it. */
  readonly undelivered: (event: ShownEvent) => string;
  /** HTML right after the event's id, before the paragraph closes (the console's resend, after a space). */
  readonly afterEventId?: (event: ShownEvent, delivered: boolean) => string;
}

function attemptRows(audience: EventsAudience, event: ShownEvent, attempts: readonly ShownAttempt[]): string {
  if (attempts.length === 0) return `<p class="muted">${esc(audience.undelivered(event))}</p>`;
  const rows = attempts
    .map(
      (a) => `<tr><td data-label="Attempt">${a.attempt}</td><td data-label="Endpoint">${audience.endpointCell(a)}</td>
<td data-label="State">${esc(a.state)}</td><td data-label="Answer">${a.status_code === null ? '—' : esc(a.status_code)}${a.latency_ms === null ? '' : ` in ${esc(a.latency_ms)} ms`}</td>
<td data-label="Error">${esc(a.error ?? '—')}</td>
<td data-label="When">${esc(formatMomentToSecond(a.attempted_at_ms ?? a.next_attempt_at_ms ?? a.created_at_ms))}${a.attempted_at_ms === null && a.next_attempt_at_ms !== null ? ' (due)' : ''}</td></tr>`,
    )
    .join('\n');
  return `<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Attempt</th><th scope="col">Endpoint</th><th scope="col">State</th><th scope="col">Answer</th><th scope="col">Error</th><th scope="col">When</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
}

/** The Events and deliveries section: each event, oldest first, with every attempt at every endpoint. */
export function eventsSection(
  audience: EventsAudience,
  events: readonly ShownEvent[],
  attempts: readonly ShownAttempt[],
): string {
  if (events.length === 0) return '<h2 id="events">Events and deliveries</h2><p>No event was recorded for it.</p>';
  const parts = events.map((e) => {
    const attemptsOfEvent = attempts.filter((a) => a.outbox_id === e.id);
    return `<h3>${esc(e.type)} <span class="muted">${esc(formatMomentToSecond(e.occurred_at_ms))}</span></h3>
<p>Event id <code>${esc(e.event_uid)}</code>${audience.afterEventId?.(e, attemptsOfEvent.length > 0) ?? ''}</p>
${attemptRows(audience, e, attemptsOfEvent)}`;
  });
  return `<h2 id="events">Events and deliveries</h2>\n${parts.join('\n')}`;
}
