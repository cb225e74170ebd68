import { esc } from '../../domain/html.js';
import type { LoggedAttempt } from '../../events/deliveries.js';
import type { EndpointRow } from '../../events/endpoints.js';
import { formatMomentToSecond } from '../../platform/browser/format.js';
import type { WorkspaceLabel } from './workspace-names.js';

// The HTML of the webhook pages (issue 30, item 1; the routes are webhooks-page.ts): an endpoint's facts (name, URL,
// whether it is active, its retry policy and event filter), and its attempts, one row per attempt, newest first:
// when it was made (to the second), its event, the HTTP status or the error, the start of the receiver's answer body
// (limits.webhookAnswerExcerptBytes, kept by events/deliver.ts since migration 0046), the latency and the next retry.

export const webhooksPath = '/console/webhooks';
export const webhookEndpointPath = (endpointId: string) => `${webhooksPath}/${encodeURIComponent(endpointId)}`;
export const workspaceWebhooksPath = (workspaceId: string) =>
  `${webhooksPath}?workspace=${encodeURIComponent(workspaceId)}`;

/** Where an endpoint stands, in words. */
export function endpointState(e: EndpointRow): string {
  if (e.deleted_at_ms !== null) return `Deleted ${formatMomentToSecond(e.deleted_at_ms)}: receives nothing`;
  if (e.disabled_at_ms !== null) return `Disabled by failing retries ${formatMomentToSecond(e.disabled_at_ms)}`;
  return e.is_active ? 'Active' : 'Inactive (set by the partner)';
}

const retryPolicies: Record<string, string> = {
  none: 'None: each event is attempted once',
  exponential: 'Exponential: a failed attempt is tried again with growing delays',
};

/** The endpoint's facts as a table with a caption. */
export function endpointFacts(e: EndpointRow, workspace: WorkspaceLabel): string {
  const rows: [string, string][] = [
    ['Name', esc(e.name)],
    ['URL', `<code>${esc(e.url)}</code>`],
    ['State', esc(endpointState(e))],
    ['Retry policy', esc(retryPolicies[e.retry_policy] ?? e.retry_policy)],
    [
      'Event filter',
      e.enabled_events === null ? 'Every event type' : esc(e.enabled_events.join(', ') || 'No event type'),
    ],
    ['Workspace', workspace(e.workspace_id)],
    ['Endpoint id', `<code>${esc(e.id)}</code>`],
    ['Created', esc(formatMomentToSecond(e.created_at_ms))],
  ];
  if (e.legacy) rows.splice(2, 0, ['Kind', 'The legacy single URL (/v1/webhook): events are sent unsigned']);
  return `<div class="table-wrap"><table class="facts"><caption>The endpoint ${esc(e.name)}</caption><tbody>
${rows.map(([label, html]) => `<tr><th scope="row">${esc(label)}</th><td>${html}</td></tr>`).join('\n')}
</tbody></table></div>`;
}

const outcomes: Record<LoggedAttempt['state'], string> = {
  delivered: 'Delivered',
  failed: 'Failed',
  scheduled: 'Retry scheduled',
  pending: 'Queued',
  sending: 'Sending',
};

/** When the attempt was made; one not made yet says when it is due or since when it waits. */
function madeAt(a: LoggedAttempt): string {
  if (a.attempted_at_ms !== null) return esc(formatMomentToSecond(a.attempted_at_ms));
  if (a.state === 'scheduled' && a.next_attempt_at_ms !== null) {
    return `<span class="muted">Not yet: due ${esc(formatMomentToSecond(a.next_attempt_at_ms))}</span>`;
  }
  return `<span class="muted">Not yet: queued ${esc(formatMomentToSecond(a.created_at_ms))}</span>`;
}

/** The receiver's answer: its HTTP status, or the error that stood for one (a refused target, a timeout, ...). */
function answerOf(a: LoggedAttempt): string {
  if (a.attempted_at_ms === null && a.state !== 'failed') return '—';
  const status = a.status_code === null ? '' : `HTTP ${a.status_code}`;
  const error = a.error !== null && a.error !== status ? a.error : '';
  const excerpt = a.answer_excerpt === null ? '' : `<pre class="json">${esc(a.answer_excerpt)}</pre>`;
  if (status === '' && error === '' && excerpt === '') return '—';
  return [status === '' ? '' : `<strong>${esc(status)}</strong>`, error === '' ? '' : esc(error), excerpt]
    .filter((x) => x !== '')
    .join('<br>');
}

/** When the next attempt of the same event is, or was, due. */
function nextRetryOf(a: LoggedAttempt): string {
  if (a.state === 'scheduled') return 'This is the retry';
  if (a.next_retry_at_ms !== null) return esc(formatMomentToSecond(a.next_retry_at_ms));
  return a.state === 'failed' ? 'None' : '—';
}

/** The attempts as a table (newest first), with its caption; an empty log says so. */
export function attemptsTable(attempts: readonly LoggedAttempt[], caption: string): string {
  if (attempts.length === 0) return `<p class="muted">${esc(caption)}: no attempt yet.</p>`;
  const rows = attempts.map((a) => {
    const event = `<a href="/console/search?q=${esc(encodeURIComponent(a.event_uid))}">${esc(a.type)}</a><br><span class="muted id">${esc(a.event_uid)}</span>`;
    return `<tr><td data-label="When">${madeAt(a)}</td><td data-label="Event">${event}</td>
<td data-label="Attempt">${esc(a.attempt)}</td><td data-label="Outcome">${esc(outcomes[a.state] ?? a.state)}</td>
<td data-label="Answer">${answerOf(a)}</td><td data-label="Latency">${a.latency_ms === null ? '—' : `${esc(a.latency_ms)} ms`}</td>
<td data-label="Next retry">${nextRetryOf(a)}</td></tr>`;
  });
  const head = ['When (UTC)', 'Event', 'Attempt', 'Outcome', 'Answer', 'Latency', 'Next retry'];
  return `<div class="table-wrap"><table class="cards"><caption>${esc(caption)}</caption>
<thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>`;
}

/** "Newest attempts" and "Older attempts" links of an endpoint's log (keyed by the last attempt shown). */
export function attemptsPager(endpointId: string, paged: boolean, olderThan: bigint | undefined): string {
  if (!paged && olderThan === undefined) return '';
  const base = webhookEndpointPath(endpointId);
  const newest = paged ? `<a href="${esc(base)}">Newest attempts</a>` : '';
  const older = olderThan === undefined ? '' : `<a href="${esc(`${base}?before=${olderThan}`)}">Older attempts</a>`;
  return `<nav class="actions" aria-label="Pages of attempts">${newest}${older}</nav>`;
}

/** One flagged endpoint of the overview's queue (failing or disabled), as the index lists it. */
export interface FlaggedEndpoint {
  readonly id: string;
  readonly workspaceId: string | null;
  readonly detail: string | null;
  readonly sinceMs: number | null;
  readonly endpoint: EndpointRow | undefined;
}

/** The failing or disabled endpoints of every workspace, each linking to its page. */
export function flaggedTable(items: readonly FlaggedEndpoint[], workspace: WorkspaceLabel): string {
  if (items.length === 0) {
    return '<p class="muted">None: every active endpoint answered at least one of its last three deliveries.</p>';
  }
  const rows = items.map((f) => {
    const name = f.endpoint?.name ?? f.id;
    const url = f.endpoint ? `<br><span class="muted id">${esc(f.endpoint.url)}</span>` : '';
    return `<tr><td data-label="Endpoint"><a href="${esc(webhookEndpointPath(f.id))}">${esc(name)}</a>${url}</td>
<td data-label="Workspace">${workspace(f.workspaceId)}</td><td data-label="State">${esc(f.detail === 'disabled' ? 'Disabled' : 'Failing')}</td>
<td data-label="Since">${esc(formatMomentToSecond(f.sinceMs))}</td></tr>`;
  });
  return `<div class="table-wrap"><table class="cards"><caption>Endpoints failing or disabled, the longest first</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col">Workspace</th><th scope="col">State</th><th scope="col">Since (UTC)</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>`;
}
