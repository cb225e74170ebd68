import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { ApiError } from '../domain/errors.js';
import { esc } from '../domain/html.js';
import { eventTypeNames } from '../events/catalogue.js';
import type { DeliveryRow } from '../events/deliveries.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { formatMomentToSecond } from '../platform/browser/format.js';
import { formField } from '../platform/browser/forms.js';
import { EventParams } from '../resources/events/schema.js';
import type { WorkspaceContext } from '../workspaces/workspace.js';
import { sendDashboardNotice } from './layout.js';

// What the dashboard's webhook pages and event pages share (issue 30, "Events and deliveries"): their paths, the
// workspace the signed-in person acts in, the 404 of what is not the workspace's, a service's refusal, one attempt
// as a row of a table (when, outcome, the receiver's answer, latency, next retry), and the event filter's fieldset.

export const webhooksPath = '/dashboard/webhooks';
export const endpointPath = (endpointId: string) => `${webhooksPath}/${encodeURIComponent(endpointId)}`;
export const eventsPath = '/dashboard/events';

/** The longest id a path or a query names: the partner API's (an event's, an endpoint's). */
export const idLengthMax = Number((EventParams.properties.eventId as unknown as { maxLength: number }).maxLength);
export const eventPath = (eventUid: string) => `${eventsPath}/${encodeURIComponent(eventUid)}`;

/**
 * The route parameter of an endpoint's or an event's page: any short text, as the partner API's (what is not the
 * workspace's is a 404).
 */
export const idParams = (name: string) =>
  ({
    type: 'object',
    properties: { [name]: { type: 'string', minLength: 1, maxLength: idLengthMax } },
    required: [name],
  }) as const;

/** The signed-in person's workspace as the partner API's services take it. */
export async function workspaceOf(ctx: AppContext, me: SignedInPartnerUser): Promise<WorkspaceContext | undefined> {
  return ctx.workspaces.get(me.workspaceId);
}

/** The 404 page of an endpoint or an event that does not exist, or is another workspace's: the same answer. */
export const sendNotFound = (reply: FastifyReply, me: SignedInPartnerUser, what: string) =>
  sendDashboardNotice(reply, 404, 'Not found', `There is no ${what} with this id in your workspace.`, me);

/**
 * A service's refusal a person can act on (a URL the policy refuses, too many endpoints, an event no endpoint
 * took): its message and status, shown on the page. Anything else is thrown on to the dashboard's error page.
 */
export function refusalOf(error: unknown): { readonly message: string; readonly status: number } {
  if (error instanceof ApiError && error.status < 500) return { message: error.message, status: error.status };
  throw error;
}

/** The partner API answers 401 for what is another workspace's and 404 for what is none: both are a 404 here. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.type === 'ExistenceError' || error.type === 'AuthorizationError');

/** One text parameter of the query string ('' when absent), at most `max` characters. */
export function queryText(request: FastifyRequest, name: string, max: number): string {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && text.length <= max ? text : '';
}

/** The maxLength of a partner API schema's string field: the dashboard's forms and queries hold the same bounds. */
export const maxLengthOf = (field: unknown): number => Number((field as { maxLength: number }).maxLength);

export const moment = (ms: number | bigint | null | undefined): string => esc(formatMomentToSecond(ms));

// ---------------------------------------------------------------------------------------------------------------
// Attempts.

/** What a row of an attempts table reads: an endpoint's delivery log row or an event's attempt. */
export type AttemptFields = Pick<
  DeliveryRow,
  | 'id'
  | 'attempt'
  | 'state'
  | 'status_code'
  | 'latency_ms'
  | 'error'
  | 'created_at_ms'
  | 'attempted_at_ms'
  | 'next_attempt_at_ms'
> & {
  /** The next attempt's due time when this one failed and a retry was scheduled. */
  readonly next_retry_at_ms: bigint | null;
  /** The start of the receiver's answer body, when it sent one (events/deliver.ts keeps it). */
  readonly answer_excerpt?: string | null;
};

const outcomes: Record<AttemptFields['state'], string> = {
  delivered: 'Delivered',
  failed: 'Failed',
  scheduled: 'Retry scheduled',
  pending: 'Queued',
  sending: 'Sending',
};

export const outcomeOf = (a: AttemptFields): string => outcomes[a.state] ?? a.state;

/** When the attempt was made; one not made yet says when it is due or since when it waits. */
function madeAt(a: AttemptFields): string {
  if (a.attempted_at_ms !== null) return moment(a.attempted_at_ms);
  if (a.state === 'scheduled' && a.next_attempt_at_ms !== null) {
    return `<span class="muted">Not yet: due ${moment(a.next_attempt_at_ms)}</span>`;
  }
  return `<span class="muted">Not yet: queued ${moment(a.created_at_ms)}</span>`;
}

/**
 * The receiver's answer as it is stored: its HTTP status, the error the dispatcher recorded (at most 500
 * characters: a refused target, a timeout, a status that was not 2xx), and the start of the answer's body when the
 * receiver sent one, under a disclosure.
 */
export function answerOf(a: AttemptFields): string {
  if (a.attempted_at_ms === null && a.state !== 'failed') return '—';
  const status = a.status_code === null ? '' : `HTTP ${a.status_code}`;
  const error = a.error !== null && a.error !== status ? a.error : '';
  const excerpt = a.answer_excerpt ?? '';
  if (status === '' && error === '' && excerpt === '') return '—';
  const body =
    excerpt === '' ? '' : `<details><summary>Its answer</summary><pre class="json">${esc(excerpt)}</pre></details>`;
  return [status === '' ? '' : `<strong>${esc(status)}</strong>`, error === '' ? '' : esc(error), body]
    .filter((x) => x !== '')
    .join('<br>');
}

/** When the next attempt of the same event to the same endpoint is, or was, due. */
function nextRetryOf(a: AttemptFields): string {
  if (a.state === 'scheduled') return 'This is the retry';
  if (a.next_retry_at_ms !== null) return moment(a.next_retry_at_ms);
  return a.state === 'failed' ? 'None' : '—';
}

/** The column that says what an attempt was of: the event (an endpoint's log) or the endpoint (an event's page). */
export interface AttemptSubject<T> {
  readonly head: string;
  readonly cell: (row: T) => string;
}

/** The attempts as a table, newest first, with its caption; none says so. */
export function attemptsTable<T extends AttemptFields>(
  attempts: readonly T[],
  caption: string,
  subject: AttemptSubject<T>,
): string {
  if (attempts.length === 0) return `<p class="muted">${esc(caption)}: no attempt yet.</p>`;
  const rows = attempts.map(
    (
      a,
    ) => `<tr><td data-label="When (UTC)">${madeAt(a)}</td><td data-label="${esc(subject.head)}">${subject.cell(a)}</td>
<td data-label="Attempt">${esc(a.attempt)}</td><td data-label="Outcome">${esc(outcomeOf(a))}</td>
<td data-label="Answer">${answerOf(a)}</td><td data-label="Latency">${a.latency_ms === null ? '—' : `${esc(a.latency_ms)} ms`}</td>
<td data-label="Next retry">${nextRetryOf(a)}</td></tr>`,
  );
  const head = ['When (UTC)', subject.head, 'Attempt', 'Outcome', 'Answer', 'Latency', 'Next retry'];
  return `<div class="table-wrap"><table class="cards"><caption>${esc(caption)}</caption>
<thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

// ---------------------------------------------------------------------------------------------------------------
// The event filter.

/** A test event is sent on request to one endpoint, whatever its filter: it is not a type to choose. */
const choosable = eventTypeNames.filter((type) => type !== 'webhook_test');

/** The field of one event type's checkbox (the form parser keeps one value per name, so each type has its own). */
const typeField = (type: string) => `type.${type}`;

/** The filter as checkboxes, the current one checked; none checked is every type. */
export function eventFilterFieldset(current: readonly string[] | null): string {
  const offered = [...choosable, ...(current ?? []).filter((type) => !choosable.includes(type as never))];
  const boxes = offered
    .map((type) => {
      const checked = current?.includes(type) ? ' checked' : '';
      return `<label class="check"><input type="checkbox" name="${esc(typeField(type))}" value="on"${checked}> ${esc(type)}</label>`;
    })
    .join('\n');
  return `<fieldset><legend>Event types sent to it</legend>
<p class="hint">None checked: every event type, including types added later.</p>
<div class="choices">
${boxes}
</div></fieldset>`;
}

/** The event types checked in the posted form, in the catalogue's order; null when none is (every type). */
export function postedEventFilter(request: FastifyRequest): string[] | null {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const checked = Object.keys(body)
    .filter((name) => name.startsWith('type.') && formField(request, name) !== '')
    .map((name) => name.slice('type.'.length));
  if (checked.length === 0) return null;
  const known = eventTypeNames as readonly string[];
  // Known types in the catalogue's order; an unknown one is kept for the service to refuse, naming it.
  return [...known.filter((type) => checked.includes(type)), ...checked.filter((type) => !known.includes(type))];
}
