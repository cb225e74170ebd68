import { esc } from '../domain/html.js';
import type { LoggedAttempt } from '../events/deliveries.js';
import type { EndpointRow } from '../events/endpoints.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { hiddenToken } from '../platform/browser/csrf.js';
import type { DashboardPage } from './layout.js';
import {
  attemptsTable,
  endpointPath,
  eventFilterFieldset,
  eventPath,
  eventsPath,
  moment,
  outcomeOf,
  webhooksPath,
} from './webhooks-shared.js';

// The HTML of the dashboard's webhook pages (the routes are webhooks-page.ts): the workspace's endpoints with how
// their deliveries go and the form that adds one; one endpoint with its facts, every attempt (newest first, a page
// at a time) and, for a developer or an admin, the forms that change it, test it, rotate its secret and delete it;
// the pages that show a new signing secret once.

const retryPolicies: Readonly<Record<string, string>> = {
  none: 'None: each event is attempted once',
  exponential: 'Exponential: a failed attempt is tried again with growing delays for about three days',
};

/** Where an endpoint stands, in words. */
export function endpointState(e: EndpointRow): string {
  if (e.disabled_at_ms !== null) return `Disabled by failing retries ${moment(e.disabled_at_ms)}`;
  return e.is_active ? 'Enabled' : 'Disabled';
}

const filterText = (e: EndpointRow): string =>
  e.enabled_events === null ? 'Every event type' : esc(e.enabled_events.join(', ') || 'No event type');

/** How an endpoint's deliveries go, from its latest attempts (newest first). */
export interface EndpointHealth {
  readonly endpoint: EndpointRow;
  /** Its latest attempts made (not those waiting), newest first. */
  readonly attempted: readonly LoggedAttempt[];
}

function lastDelivery(h: EndpointHealth): string {
  const last = h.attempted[0];
  if (!last) return '<span class="muted">No attempt yet</span>';
  const status = last.status_code === null ? '' : ` (HTTP ${esc(last.status_code)})`;
  return `${esc(outcomeOf(last))}${status}<br><span class="muted">${moment(last.attempted_at_ms)}</span>`;
}

/** Since when every attempt has failed (the first of the unbroken run of failures among those read), if so. */
export function failingSince(attempted: readonly LoggedAttempt[]): bigint | null {
  let since: bigint | null = null;
  for (const a of attempted) {
    if (a.state !== 'failed') break;
    since = a.attempted_at_ms;
  }
  return since;
}

function failing(h: EndpointHealth): string {
  if (h.endpoint.disabled_at_ms !== null)
    return `<span class="flag">Disabled ${moment(h.endpoint.disabled_at_ms)}</span>`;
  // One the workspace disabled itself is not failing: nothing is sent to it.
  if (!h.endpoint.is_active) return '—';
  const since = failingSince(h.attempted);
  return since === null ? '—' : `<span class="flag">Failing since ${moment(since)}</span>`;
}

/** The fields of the add and change forms, as last posted (kept when the service refuses them). */
export interface EndpointFields {
  readonly name: string;
  readonly url: string;
  readonly retryPolicy: string;
  readonly enabledEvents: readonly string[] | null;
}

const retryOptions = (selected: string) =>
  Object.entries(retryPolicies)
    .map(
      ([value, label]) =>
        `<option value="${esc(value)}"${value === selected ? ' selected' : ''}>${esc(label)}</option>`,
    )
    .join('');

function endpointFields(fields: EndpointFields, insecure: boolean): string {
  const urlHint = insecure ? 'https, or http on this server (WEBHOOK_ALLOW_INSECURE)' : 'https, to a public address';
  return `<label>Name <input type="text" name="name" required maxlength="100" autocomplete="off" value="${esc(fields.name)}"></label>
<label>URL <span class="hint">${esc(urlHint)}</span>
<input type="url" name="url" required maxlength="2048" autocomplete="off" value="${esc(fields.url)}"></label>
<label>Retries <select name="retryPolicy">${retryOptions(fields.retryPolicy)}</select></label>
${eventFilterFieldset(fields.enabledEvents)}`;
}

const noticeHtml = (notice?: string) => (notice ? `<p class="done" role="status">${esc(notice)}</p>` : '');
const errorHtml = (error?: string) => (error ? `<p class="error" role="alert">${esc(error)}</p>` : '');

export interface WebhooksPageInput {
  readonly me: SignedInPartnerUser;
  readonly endpoints: readonly EndpointHealth[];
  readonly mayManage: boolean;
  /** Whether the server takes http URLs (WEBHOOK_ALLOW_INSECURE). */
  readonly insecure: boolean;
  readonly notice?: string;
  readonly error?: string;
  /** The add form's fields as posted, when the service refused them. */
  readonly posted?: EndpointFields;
}

export function webhooksPage(input: WebhooksPageInput): DashboardPage {
  const { me, endpoints, mayManage } = input;
  const rows = endpoints.map(
    (
      h,
    ) => `<tr><td data-label="Endpoint"><a href="${esc(endpointPath(h.endpoint.id))}">${esc(h.endpoint.name)}</a><br><code class="id">${esc(h.endpoint.url)}</code></td>
<td data-label="State">${endpointState(h.endpoint)}</td><td data-label="Event filter">${filterText(h.endpoint)}</td>
<td data-label="Last delivery">${lastDelivery(h)}</td><td data-label="Failing">${failing(h)}</td></tr>`,
  );
  const table =
    rows.length === 0
      ? '<p>Your workspace has no webhook endpoint yet: events are kept, and readable on the events page, but sent nowhere.</p>'
      : `<div class="table-wrap"><table class="cards"><caption>Your webhook endpoints</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col">State</th><th scope="col">Event filter</th><th scope="col">Last delivery (UTC)</th><th scope="col">Failing</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></div>`;
  const fields = input.posted ?? { name: '', url: '', retryPolicy: 'none', enabledEvents: null };
  const add = mayManage
    ? `<h2 id="add">Add an endpoint</h2>
<p>Each event of your workspace is POSTed to it, signed with a secret the dashboard makes and shows you once.</p>
<form method="post" action="${webhooksPath}">${hiddenToken(me.csrfToken)}
${endpointFields(fields, input.insecure)}
<div class="actions"><button type="submit">Add the endpoint</button></div>
</form>`
    : '<p class="muted">Only a developer or an admin of the workspace adds and changes endpoints.</p>';
  return {
    title: 'Webhooks',
    user: me,
    current: webhooksPath,
    body: `<h1>Webhooks</h1>
${noticeHtml(input.notice)}
${errorHtml(input.error)}
<p>Where your workspace's events are sent, and how the latest deliveries went. Every event, whether it was delivered and each attempt are on the <a href="${eventsPath}">events page</a>. Times are UTC, to the second.</p>
${table}
${add}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One endpoint.

/** The endpoint's facts as a table with a caption. */
function endpointFacts(e: EndpointRow, nowMs: number): string {
  const previousUntil = e.previous_secret_until_ms as bigint | null | undefined;
  const rotation =
    previousUntil !== null && previousUntil !== undefined && Number(previousUntil) > nowMs
      ? `Rotated: the previous secret also signs webhook-signature until ${moment(previousUntil)}`
      : 'One secret signs every delivery';
  const rows: [string, string][] = [
    ['Name', esc(e.name)],
    ['URL', `<code>${esc(e.url)}</code>`],
    ['State', endpointState(e)],
    ['Retries', esc(retryPolicies[e.retry_policy] ?? e.retry_policy)],
    ['Event filter', filterText(e)],
    ['Signing secret', rotation],
    ['Endpoint id', `<code class="id">${esc(e.id)}</code>`],
    ['Created', moment(e.created_at_ms)],
    ['Changed', moment(e.updated_at_ms)],
  ];
  return `<div class="table-wrap"><table class="facts"><caption>The endpoint ${esc(e.name)}</caption><tbody>
${rows.map(([label, html]) => `<tr><th scope="row">${esc(label)}</th><td>${html}</td></tr>`).join('\n')}
</tbody></table></div>`;
}

/** The event an attempt was of: its type, linked to its page (a test event has none), and its id. */
const eventCell = (a: LoggedAttempt): string => {
  const type =
    a.type === 'webhook_test'
      ? `${esc(a.type)} <span class="muted">(test)</span>`
      : `<a href="${esc(eventPath(a.event_uid))}">${esc(a.type)}</a>`;
  return `${type}<br><span class="muted id">${esc(a.event_uid)}</span>`;
};

/** "Newest attempts" and "Older attempts" links of an endpoint's log (keyed by the last attempt shown). */
function attemptsPager(endpointId: string, paged: boolean, olderThan: bigint | undefined): string {
  if (!paged && olderThan === undefined) return '';
  const base = endpointPath(endpointId);
  const newest = paged ? `<a href="${esc(base)}#attempts">Newest attempts</a>` : '';
  const older =
    olderThan === undefined ? '' : `<a href="${esc(`${base}?before=${olderThan}`)}#attempts">Older attempts</a>`;
  return `<nav class="actions" aria-label="Pages of attempts">${newest}${older}</nav>`;
}

/** What a test send answered, as the endpoint's page shows it above everything else. */
export interface TestOutcome {
  readonly delivered: boolean;
  readonly statusCode?: number;
  readonly latencyMs: number;
  readonly error?: string;
}

function testOutcome(t: TestOutcome): string {
  const status = t.statusCode === undefined ? 'no answer' : `HTTP ${t.statusCode}`;
  const text = t.delivered
    ? `The test event was delivered: ${status} in ${t.latencyMs} ms.`
    : `The test event was not delivered: ${status}${t.error && t.error !== status ? `, ${t.error}` : ''} (${t.latencyMs} ms).`;
  return t.delivered
    ? `<p class="done" role="status">${esc(text)}</p>`
    : `<p class="error" role="alert">${esc(text)}</p>`;
}

export interface EndpointPageInput {
  readonly me: SignedInPartnerUser;
  readonly endpoint: EndpointRow;
  readonly attempts: readonly LoggedAttempt[];
  /** Whether this is a later page of the log, and the id older attempts are read before. */
  readonly paged: boolean;
  readonly olderThan: bigint | undefined;
  readonly mayManage: boolean;
  readonly insecure: boolean;
  /** The rotation's overlap: the hours a replaced secret still signs webhook-signature. */
  readonly graceHours: number;
  readonly nowMs: number;
  readonly notice?: string;
  readonly error?: string;
  readonly test?: TestOutcome;
  readonly posted?: EndpointFields;
}

function manageForms(input: EndpointPageInput): string {
  const { me, endpoint: e } = input;
  const path = endpointPath(e.id);
  const token = hiddenToken(me.csrfToken);
  const fields = input.posted ?? {
    name: e.name,
    url: e.url,
    retryPolicy: e.retry_policy,
    enabledEvents: e.enabled_events,
  };
  const toggle = e.is_active
    ? `<form method="post" action="${esc(path)}/disable">${token}
<p>A disabled endpoint receives no event until it is enabled again; events meanwhile are not sent to it later.</p>
<div class="actions"><button class="secondary" type="submit">Disable the endpoint</button></div></form>`
    : `<form method="post" action="${esc(path)}/enable">${token}
<p>Enabled again, it receives the events recorded from now on.</p>
<div class="actions"><button type="submit">Enable the endpoint</button></div></form>`;
  const overlap =
    input.graceHours === 0
      ? 'This server keeps no overlap (WEBHOOK_SECRET_GRACE_HOURS is 0): the old secret stops at once.'
      : `For ${input.graceHours} hours the webhook-signature header carries a signature with the old secret beside the new one's, so a receiver that still verifies with the old secret keeps accepting deliveries. X-Service-Signature-256 uses the new secret from the next delivery.`;
  return `<h2 id="test">Send a test event</h2>
<form method="post" action="${esc(path)}/test">${token}
<p>A signed <code>webhook_test</code> event is sent to this endpoint now, enabled or not, and never retried; its attempt is in the log below.</p>
<div class="actions"><button type="submit">Send a test event</button></div></form>
<h2 id="change">Change the endpoint</h2>
<form method="post" action="${esc(path)}">${token}
${endpointFields(fields, input.insecure)}
<div class="actions"><button type="submit">Save the changes</button></div></form>
<h2 id="state">${e.is_active ? 'Disable' : 'Enable'}</h2>
${toggle}
<h2 id="rotate">Rotate the signing secret</h2>
<form method="post" action="${esc(path)}/rotate">${token}
<p>A new secret is made and shown once. ${esc(overlap)}</p>
<div class="actions"><button class="secondary" type="submit">Rotate the secret</button></div></form>
<h2 id="delete">Delete</h2>
<form method="post" action="${esc(path)}/delete">${token}
<p>A deleted endpoint receives nothing more, including deliveries already queued. Its attempts stay on each event's page.</p>
<div class="actions"><button class="danger" type="submit" aria-label="Delete the endpoint ${esc(e.name)}">Delete the endpoint</button></div></form>`;
}

export function endpointPage(input: EndpointPageInput): DashboardPage {
  const { me, endpoint: e } = input;
  return {
    title: `Webhook endpoint ${e.name}`,
    user: me,
    current: webhooksPath,
    body: `<p><a href="${webhooksPath}">Webhooks</a></p>
<h1>Webhook endpoint ${esc(e.name)}</h1>
${noticeHtml(input.notice)}
${errorHtml(input.error)}
${input.test ? testOutcome(input.test) : ''}
${endpointFacts(e, input.nowMs)}
<h2 id="attempts">Attempts</h2>
<p>Every attempt to deliver an event to this endpoint, newest first: a retry is an attempt of its own. The answer is the HTTP status, or the error that stood for one, and the start of the body the receiver answered, when it sent one. Times are UTC, to the second.</p>
${attemptsTable(input.attempts, input.paged ? 'Older attempts, newest first' : 'Attempts, newest first', { head: 'Event', cell: eventCell })}
${attemptsPager(e.id, input.paged, input.olderThan)}
${input.mayManage ? manageForms(input) : '<p class="muted">Only a developer or an admin of the workspace changes, tests and deletes endpoints.</p>'}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A new secret, shown once.

export interface NewSecretInput {
  readonly me: SignedInPartnerUser;
  readonly endpointId: string;
  readonly name: string;
  readonly secret: string;
  /** Set on a rotation: until when the previous secret still signs webhook-signature (null: not at all). */
  readonly rotation?: { readonly previousUntilMs: number | null };
}

export function newSecretPage(input: NewSecretInput): DashboardPage {
  const rotated = input.rotation !== undefined;
  const previousUntil = input.rotation?.previousUntilMs ?? null;
  const name = esc(input.name);
  // HTML: every value in it escaped.
  const lead = !rotated
    ? `The endpoint ${name} was added. Every delivery to it is signed with this secret: verify the signatures with it.`
    : previousUntil === null
      ? `The signing secret of ${name} was replaced: every delivery from now on is signed with the new one only.`
      : `The signing secret of ${name} was replaced. X-Service-Signature-256 uses the new one from the next delivery; webhook-signature also carries the old secret's signature until ${moment(previousUntil)}. Deploy the new secret to your receiver before then.`;
  return {
    title: rotated ? 'New signing secret' : 'Endpoint added',
    user: input.me,
    current: webhooksPath,
    body: `<h1>${rotated ? 'New signing secret' : 'Endpoint added'}</h1>
<p>${lead}</p>
<div class="notice" role="status"><p><strong>The secret is shown only now.</strong> It is stored sealed and cannot be shown again; rotate it if it is lost.</p></div>
<div class="table-wrap"><table class="facts"><tbody>
<tr><th scope="row">Signing secret</th><td><span class="secret" id="signing-secret">${esc(input.secret)}</span></td></tr>
</tbody></table></div>
<p><a href="${esc(endpointPath(input.endpointId))}">Open the endpoint ${esc(input.name)}</a></p>`,
  };
}
