import { esc } from '../domain/html.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { formatMomentToSecond } from '../platform/browser/format.js';
import type { RequestLogEntry, RequestLogSummary } from '../platform/request-log/repo.js';
import type { DashboardPage } from './layout.js';

// The request log's pages (issue 30, "Request log"): a search form and the matching requests, newest first; one
// request with the bodies it carried and received, masked as data at rest is (platform/request-log/entry.ts).

export const requestsPath = '/dashboard/requests';
export const requestPath = (id: string) => `${requestsPath}/${encodeURIComponent(id)}`;

/** The search as the form was filled in (the texts, to show them again). */
export interface RequestsForm {
  readonly requestId: string;
  readonly path: string;
  readonly status: string;
  readonly from: string;
  readonly to: string;
}

const field = (name: keyof RequestsForm, label: string, hint: string, value: string, type = 'text') =>
  `<label>${esc(label)}${hint ? ` <span class="hint">${esc(hint)}</span>` : ''}<input type="${type}" name="${name}" value="${esc(value)}"></label>`;

/** A latency as people read it: to the tenth of a millisecond (the log keeps Fastify's measure, a fraction). */
const latencyText = (ms: number) => `${ms.toFixed(1)} ms`;

const statusClass = (status: number) => (status >= 500 ? 'error' : status >= 400 ? 'flag' : '');

export function requestsPage(input: {
  readonly me: SignedInPartnerUser;
  readonly form: RequestsForm;
  readonly entries: readonly RequestLogSummary[];
  /** The link to the next (older) page, when there is one. */
  readonly older?: string;
  /** Whether this is a later page (a link back to the newest). */
  readonly paged: boolean;
  readonly error?: string;
  readonly retentionDays: number;
  /** Set when the search stopped at its budget: it looked at the requests that arrived from this instant on. */
  readonly searchedBackToMs?: number;
}): DashboardPage {
  const { form, entries } = input;
  const rows = entries
    .map(
      (e) => `<tr>
<td data-label="When">${esc(formatMomentToSecond(e.occurredAtMs))}</td>
<td data-label="Request"><a href="${esc(requestPath(e.id))}"><code>${esc(e.method)} ${esc(e.path)}${e.query ? `?${esc(e.query)}` : ''}</code></a></td>
<td data-label="Status"><span class="${statusClass(e.status)}">${esc(e.status)}</span>${e.errorType ? ` ${esc(e.errorType)}` : ''}</td>
<td data-label="Latency">${esc(latencyText(e.latencyMs))}</td>
<td data-label="Request id" class="id">${esc(e.requestId)}</td>
<td data-label="Idempotency-Key" class="id">${e.idempotencyKey === null ? '—' : esc(e.idempotencyKey)}</td>
</tr>`,
    )
    .join('');
  const described = input.error ? ' aria-describedby="filter-error"' : '';
  const searched =
    input.searchedBackToMs === undefined
      ? ''
      : `<p class="muted" role="status">Searched the requests from ${esc(formatMomentToSecond(input.searchedBackToMs))} UTC on; older ones are on the next page.</p>`;
  const table =
    entries.length === 0
      ? `<p>No request matches${input.searchedBackToMs === undefined ? '' : ' yet'}.</p>`
      : `<div class="table-wrap"><table class="cards audit">
<caption>Requests, newest first</caption>
<thead><tr><th scope="col">When (UTC)</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col">Latency</th><th scope="col">Request id</th><th scope="col">Idempotency-Key</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
  const pages = [
    input.paged ? `<a href="${requestsPath}">Newest requests</a>` : '',
    input.older
      ? `<a href="${esc(input.older)}">${input.searchedBackToMs === undefined ? 'Older requests' : 'Search older requests'}</a>`
      : '',
  ]
    .filter((x) => x !== '')
    .join(' · ');
  return {
    title: 'Requests',
    user: input.me,
    current: requestsPath,
    body: `<h1>Requests</h1>
<p class="muted">Every API request your programs made with this workspace's token, kept ${esc(input.retentionDays)} days. Bodies are shown with account numbers, tax ids and documents masked.</p>
${input.error ? `<p class="error" id="filter-error" role="alert">${esc(input.error)}</p>` : ''}
<form method="get" action="${requestsPath}" class="filters"${described}>
${field('requestId', 'Request id', 'X-Request-Id, or requestId of an error', form.requestId)}
${field('path', 'Path', 'Starts with, e.g. /v1/orders', form.path)}
${field('status', 'Status', '404, or 4xx, 5xx', form.status)}
${field('from', 'From (UTC)', 'YYYY-MM-DD [HH:MM]', form.from)}
${field('to', 'To (UTC, inclusive)', 'YYYY-MM-DD [HH:MM]', form.to)}
<div class="actions"><button type="submit">Search</button> <a href="${requestsPath}">Clear</a></div>
</form>
${searched}
${table}
${pages ? `<p>${pages}</p>` : ''}`,
  };
}

/** A kept body: indented when it is JSON, as kept otherwise; or why it is not here. */
function bodyOf(text: string | null, bytes: number | null, omitted: boolean): string {
  if (omitted)
    return `<p class="muted">Not kept: ${bytes === null ? 'its size is unknown' : `${esc(bytes)} bytes`}, larger than the log keeps, or not JSON.</p>`;
  if (text === null) return '<p class="muted">None.</p>';
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Kept as it came: not JSON after all.
  }
  return `<pre class="json">${esc(shown)}</pre>`;
}

export function requestPage(me: SignedInPartnerUser, e: RequestLogEntry): DashboardPage {
  const facts: [string, string][] = [
    ['When (UTC)', formatMomentToSecond(e.occurredAtMs)],
    ['Method and path', `${e.method} ${e.path}${e.query ? `?${e.query}` : ''}`],
    ['Status', `${e.status}${e.errorType ? ` ${e.errorType}` : ''}`],
    ['Latency', latencyText(e.latencyMs)],
    ['Request id', e.requestId],
    ['Idempotency-Key', e.idempotencyKey ?? '—'],
  ];
  return {
    title: `${e.method} ${e.path}`,
    user: me,
    current: requestsPath,
    body: `<p><a href="${requestsPath}">Requests</a></p>
<h1><code>${esc(e.method)} ${esc(e.path)}</code></h1>
<div class="table-wrap"><table class="facts"><tbody>
${facts.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('\n')}
</tbody></table></div>
<h2>Request body</h2>
${bodyOf(e.requestBody, e.requestBodyBytes, e.requestBodyOmitted)}
<h2>Answer body</h2>
${bodyOf(e.responseBody, e.responseBodyBytes, e.responseBodyOmitted)}
<p><a href="${requestsPath}?requestId=${encodeURIComponent(e.requestId)}">Every request with this request id</a></p>`,
  };
}
