import type { Static } from 'typebox';
import { esc } from '../domain/html.js';
import { eventTypeNames } from '../events/catalogue.js';
import type { EventAttemptRow, EventDeliverySummary } from '../events/deliveries.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { hiddenToken } from '../platform/browser/csrf.js';
import type { Event } from '../resources/events/schema.js';
import type { DashboardPage } from './layout.js';
import { attemptsTable, endpointPath, eventPath, eventsPath, moment, webhooksPath } from './webhooks-shared.js';

// The HTML of the dashboard's event pages (the routes are events-page.ts): the workspace's events, newest first, a
// page at a time, filtered by type or entity, each saying whether it reached its endpoints; one event with its data
// (sensitive fields masked), every attempt at each endpoint, and the button that sends it again.

type EventView = Static<typeof Event>;

/** Whether an event reached its endpoints, in words; `flag` when it did not (yet). */
export function deliveryWords(s: EventDeliverySummary | undefined): { text: string; flag: boolean } {
  if (!s || (!s.fanned_out && Number(s.endpoints) === 0)) return { text: 'Not sent yet', flag: false };
  const endpoints = Number(s.endpoints);
  if (endpoints === 0) return { text: 'No endpoint took it', flag: false };
  const delivered = Number(s.delivered_to);
  const plural = endpoints === 1 ? 'endpoint' : 'endpoints';
  if (delivered === endpoints) return { text: `Delivered (${endpoints} ${plural})`, flag: false };
  const waiting = Number(s.waiting) > 0 ? ', attempts waiting' : '';
  if (delivered === 0) return { text: `Not delivered (${endpoints} ${plural}${waiting})`, flag: true };
  return { text: `Delivered to ${delivered} of ${endpoints} ${plural}${waiting}`, flag: true };
}

const wordsHtml = (s: EventDeliverySummary | undefined) => {
  const { text, flag } = deliveryWords(s);
  return flag ? `<span class="flag">${esc(text)}</span>` : esc(text);
};

/** The list's filters, as asked. */
export interface EventFilters {
  readonly type: string;
  readonly entity: string;
}

/** The list's query string for these filters and a place ('' when none). */
export function eventsQuery(filters: EventFilters, place: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.type !== '') params.set('type', filters.type);
  if (filters.entity !== '') params.set('entity', filters.entity);
  for (const [name, value] of Object.entries(place)) params.set(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The links to the pages around this one: newer and older events (by the first and last eventId shown). */
export interface EventPager {
  readonly newerThan?: string;
  readonly olderThan?: string;
  /** A later page: a link back to the newest events. */
  readonly paged: boolean;
}

function pagerHtml(filters: EventFilters, pager: EventPager): string {
  const links = [
    pager.paged ? `<a href="${esc(`${eventsPath}${eventsQuery(filters)}`)}">Newest events</a>` : '',
    pager.newerThan === undefined
      ? ''
      : `<a href="${esc(`${eventsPath}${eventsQuery(filters, { before: pager.newerThan })}`)}">Newer events</a>`,
    pager.olderThan === undefined
      ? ''
      : `<a href="${esc(`${eventsPath}${eventsQuery(filters, { after: pager.olderThan })}`)}">Older events</a>`,
  ].filter((link) => link !== '');
  return links.length === 0 ? '' : `<nav class="actions" aria-label="Pages of events">${links.join('')}</nav>`;
}

function filtersForm(filters: EventFilters): string {
  const types = eventTypeNames.filter((type) => type !== 'webhook_test');
  const options = types
    .map((type) => `<option value="${esc(type)}"${type === filters.type ? ' selected' : ''}>${esc(type)}</option>`)
    .join('');
  return `<form class="filters" method="get" action="${eventsPath}" aria-label="Filter the events">
<label>Type <select name="type"><option value="">Every type</option>${options}</select></label>
<label>Entity id <input type="text" name="entity" maxlength="254" autocomplete="off" value="${esc(filters.entity)}"></label>
<div class="actions"><button class="secondary" type="submit">Show</button></div>
</form>`;
}

export interface EventsPageInput {
  readonly me: SignedInPartnerUser;
  readonly events: readonly EventView[];
  readonly summaries: ReadonlyMap<string, EventDeliverySummary>;
  readonly filters: EventFilters;
  readonly pager: EventPager;
  readonly error?: string;
}

export function eventsPage(input: EventsPageInput): DashboardPage {
  const { me, events, filters } = input;
  const rows = events.map(
    (
      e,
    ) => `<tr><td data-label="Event"><a href="${esc(eventPath(e.eventId))}">${esc(e.type)}</a><br><span class="muted id">${esc(e.eventId)}</span></td>
<td data-label="Created (UTC)">${moment(e.createdAt)}</td><td data-label="Entity"><span class="id">${esc(e.id)}</span></td>
<td data-label="Delivery">${wordsHtml(input.summaries.get(e.eventId))}</td></tr>`,
  );
  const filtered = filters.type !== '' || filters.entity !== '';
  const table =
    rows.length === 0
      ? `<p>${filtered ? 'No event of your workspace matches these filters.' : 'Your workspace has no event yet.'}</p>`
      : `<div class="table-wrap"><table class="cards"><caption>Your workspace's events, newest first</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Created (UTC)</th><th scope="col">Entity</th><th scope="col">Delivery</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>`;
  return {
    title: 'Events',
    user: me,
    current: eventsPath,
    body: `<h1>Events</h1>
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
<p>Every event of your workspace as it was sent to your <a href="${webhooksPath}">webhook endpoints</a>, newest first, and whether it reached them. Open one for each attempt and to send it again. Times are UTC, to the second.</p>
${filtersForm(filters)}
${table}
${pagerHtml(filters, input.pager)}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One event.

/** The endpoint an attempt went to: linked when it is still there, its URL beneath. */
const endpointCell = (a: EventAttemptRow): string => {
  const name = a.endpoint_legacy
    ? 'The legacy callback URL'
    : a.endpoint_deleted
      ? `${esc(a.endpoint_name)} <span class="muted">(deleted)</span>`
      : `<a href="${esc(endpointPath(a.endpoint_id))}">${esc(a.endpoint_name)}</a>`;
  return `${name}<br><code class="id">${esc(a.endpoint_url)}</code>`;
};

export interface EventPageInput {
  readonly me: SignedInPartnerUser;
  readonly event: EventView;
  /** The event's data as the page may show it: sensitive fields masked. */
  readonly maskedData: unknown;
  readonly attempts: readonly EventAttemptRow[];
  readonly summary: EventDeliverySummary | undefined;
  readonly mayResend: boolean;
  readonly notice?: string;
  readonly error?: string;
}

function resendHtml(input: EventPageInput): string {
  if (input.attempts.length === 0) {
    return '<p class="muted">No endpoint took this event (none was enabled, or none takes its type), so there is nothing to send again.</p>';
  }
  if (!input.mayResend)
    return '<p class="muted">Only a developer or an admin of the workspace sends an event again.</p>';
  return `<form method="post" action="${esc(eventPath(input.event.eventId))}/resend">${hiddenToken(input.me.csrfToken)}
<p>The same event, with the same eventId, is sent again to every enabled endpoint whose filter takes its type, as new attempts.</p>
<div class="actions"><button type="submit">Resend the event</button></div></form>`;
}

export function eventPage(input: EventPageInput): DashboardPage {
  const { me, event: e } = input;
  const facts: [string, string][] = [
    ['Type', esc(e.type)],
    ['Event id', `<code class="id">${esc(e.eventId)}</code>`],
    ['Entity', `<code class="id">${esc(e.id)}</code>`],
    ['Created', moment(e.createdAt)],
    ['Delivery', wordsHtml(input.summary)],
  ];
  return {
    title: `Event ${e.type}`,
    user: me,
    current: eventsPath,
    body: `<p><a href="${eventsPath}">Events</a></p>
<h1>Event ${esc(e.type)}</h1>
${input.notice ? `<p class="done" role="status">${esc(input.notice)}</p>` : ''}
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
<div class="table-wrap"><table class="facts"><caption>The event</caption><tbody>
${facts.map(([label, html]) => `<tr><th scope="row">${esc(label)}</th><td>${html}</td></tr>`).join('\n')}
</tbody></table></div>
<details><summary>Its data, as sent (sensitive fields masked)</summary><pre class="json">${esc(JSON.stringify(input.maskedData, null, 2))}</pre></details>
<h2 id="attempts">Deliveries</h2>
<p>Every attempt to deliver this event, at each endpoint, newest first: a retry or a resend is an attempt of its own. The answer is the HTTP status, or the error that stood for one, and the start of the body the receiver answered, when it sent one.</p>
${attemptsTable(input.attempts, 'Attempts, newest first', { head: 'Endpoint', cell: endpointCell })}
<h2 id="resend">Send it again</h2>
${resendHtml(input)}`,
  };
}
