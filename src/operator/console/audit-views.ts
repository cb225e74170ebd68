import type { Static } from 'typebox';
import { esc } from '../../domain/html.js';
import { operatorActions, permissions } from '../../domain/operators/permissions.js';
import type { OperatorRole } from '../../domain/operators/roles.js';
import { limits } from '../../limits.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { shownAction } from '../../platform/audit/events.js';
import type { AuditEntry } from '../audit-log/schema.js';
import { signInActions } from '../operators/sign-in-audit.js';
import type { ConsolePage } from './layout.js';

// The audit page's HTML: the filter form, then each entry as a row (a card on a narrow screen): when, who, from
// where, what, and the change as a list of the fields that differ, old → new, with the whole before and after in a
// <details>. Every value is escaped; snapshots are shown as JSON text, never as markup.

type Entry = Static<typeof AuditEntry>;

/** The filter as the form sent it (text), to fill the form again and to build the paging links. */
export interface AuditFields {
  /** An email address or an operator id. */
  readonly person: string;
  readonly workspaceId: string;
  readonly action: string;
  readonly via: string;
  readonly from: string;
  readonly to: string;
}

/**
 * The actions the log records: every write of the operator API (each /admin/v1 route that is not a GET, by its
 * operationId; the console records its forms under the same names), the console's event resend, its sign-ins and
 * sign-outs, and sealed values shown to an operator (platform/secrets/disclosure.ts).
 */
export const knownAuditActions: readonly string[] = [
  // The permission table's admin.* rows that change something: its test holds them to the /admin/v1 routes that
  // are not GETs, by the operationId each route declares.
  ...operatorActions.filter((action) => action.startsWith('admin.') && permissions[action].effect !== 'read'),
  'webhooks.resend',
  ...Object.values(signInActions),
  shownAction,
].sort();

export interface AuditPageInput {
  readonly me: SignedInOperator;
  readonly fields: AuditFields;
  readonly error?: string;
  readonly entries: readonly Entry[];
  /** The role of each operator on the page (a role is given at creation and never changes). */
  readonly roles: ReadonlyMap<string, OperatorRole>;
  /** The entry id to read the next (older) page before, when there is one. */
  readonly olderThan?: string;
  readonly first: boolean;
  /** A page size other than the default, carried by the paging links. */
  readonly pageSize?: number;
}

const current = '/console/audit';

function link(fields: AuditFields, extra: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...fields, ...extra })) if (value !== '') params.set(key, value);
  const query = params.toString();
  return query === '' ? current : `${current}?${query}`;
}

const option = (value: string, label: string, selected: string) =>
  `<option value="${esc(value)}"${value === selected ? ' selected' : ''}>${esc(label)}</option>`;

function filterForm(f: AuditFields, error: string | undefined): string {
  const field = (name: keyof AuditFields, label: string, hint: string) =>
    `<label>${esc(label)}${hint ? ` <span class="hint">${esc(hint)}</span>` : ''}<input name="${name}" value="${esc(f[name])}"></label>`;
  const known = knownAuditActions.includes(f.action);
  const actions = ['', ...knownAuditActions]
    .map((a) => option(a, a === '' ? 'Any action' : a, known ? f.action : ''))
    .join('');
  const vias = [
    ['', 'Any'],
    ['console', 'console'],
    ['api', 'api (ADMIN_TOKEN)'],
    ['cli', 'cli (ADMIN_TOKEN)'],
    ['dashboard', 'dashboard (partner users)'],
  ]
    .map(([value = '', label = '']) => option(value, label, f.via))
    .join('');
  return `<h2>Filter</h2>
${error ? `<p class="error" id="filter-error" role="alert">${esc(error)}</p>` : ''}
<form method="get" action="${current}" class="filters"${error ? ' aria-describedby="filter-error"' : ''}>
${field('person', 'Person', 'Email address or operator id')}
${field('workspaceId', 'Workspace id', '')}
<label>Action <select name="action">${actions}</select></label>
<label>Or another action <span class="hint">Typed exactly</span><input name="otherAction" value="${esc(known ? '' : f.action)}"></label>
<label>Via <select name="via">${vias}</select></label>
${field('from', 'From (UTC)', 'YYYY-MM-DD [HH:MM]')}
${field('to', 'To (UTC, inclusive)', 'YYYY-MM-DD [HH:MM]')}
<div class="actions"><button type="submit">Apply</button> <a href="${current}">Clear</a></div>
</form>`;
}

/** "2025-06-02 09:30:12 UTC": to the second, as an audit record is read. */
const momentOf = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function who(e: Entry, roles: ReadonlyMap<string, OperatorRole>): string {
  if (e.actor.kind === 'admin-token') {
    return `<strong>ADMIN_TOKEN</strong><br><span class="muted">via ${esc(e.via)}</span>`;
  }
  if (e.actor.kind === 'partner-user') {
    return `${esc(e.actor.email ?? '')} <span class="role">partner user</span>
<br><span class="muted">via ${esc(e.via)}</span>`;
  }
  const role = e.actor.operatorId === null ? undefined : roles.get(e.actor.operatorId);
  return `${esc(e.actor.email ?? e.actor.operatorId ?? '')}${role ? ` <span class="role">${esc(role)}</span>` : ''}
<br><span class="muted">via ${esc(e.via)}</span>`;
}

function fromWhere(e: Entry): string {
  const agent = e.actor.userAgent;
  const shown =
    agent === null
      ? '<span class="muted">No user agent</span>'
      : agent.length <= limits.consoleUserAgentShownLengthMax
        ? esc(agent)
        : `<details><summary>${esc(agent.slice(0, limits.consoleUserAgentShownLengthMax))}…</summary>${esc(agent)}</details>`;
  return `${esc(e.actor.address)}<br>${shown}`;
}

/** The console's page for a target, when it has one. */
const recordPaths: Readonly<Record<string, string>> = {
  order: '/console/orders/',
  deposit: '/console/deposits/',
  withdrawal: '/console/withdrawals/',
  workspace: '/console/workspaces/',
  'bank-file': '/console/bank-files/',
};

function what(e: Entry): string {
  const path = Object.hasOwn(recordPaths, e.target.type) ? recordPaths[e.target.type] : undefined;
  const id = esc(e.target.id);
  const target = path ? `<a href="${esc(path + encodeURIComponent(e.target.id))}">${id}</a>` : `<code>${id}</code>`;
  // A workspace's own change names it once, as its target.
  const workspace =
    e.workspaceId === null || (e.target.type === 'workspace' && e.target.id === e.workspaceId)
      ? ''
      : `<br>Workspace <a href="/console/workspaces/${esc(encodeURIComponent(e.workspaceId))}">${esc(e.workspaceId)}</a>`;
  return `<code>${esc(e.action)}</code><br>${esc(e.target.type)} ${target}${workspace}`;
}

type Snapshot = Entry['before'];

/** Unix seconds below this are read as moments; larger numbers (milliseconds, amounts) are left as they are. */
const secondsCeiling = 1e11;

/**
 * A value as the list shows it: JSON, compact (strings quoted, objects on one line); "absent" for no field. A
 * `...At` field holding Unix seconds (the operator API's times) is followed by its UTC moment.
 */
function shownValue(field: string, value: unknown): string {
  if (value === undefined) return 'absent';
  const json = JSON.stringify(value);
  const moment =
    /At$/.test(field) && Number.isInteger(value) && (value as number) > 0 && (value as number) < secondsCeiling;
  return moment ? `${json} (${momentOf(value as number)})` : json;
}

/** The top-level fields whose values differ between before and after, in the snapshots' order. */
export function changedFields(before: Snapshot, after: Snapshot): { field: string; old: unknown; new: unknown }[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, old: b[field], new: a[field] }));
}

function change(e: Entry): string {
  const changed = changedFields(e.before, e.after);
  const lead = e.before === null ? 'Created' : e.after === null ? 'Removed' : '';
  const items = changed
    .map((c) => {
      const values =
        e.before === null
          ? esc(shownValue(c.field, c.new))
          : e.after === null
            ? esc(shownValue(c.field, c.old))
            : `${esc(shownValue(c.field, c.old))} → ${esc(shownValue(c.field, c.new))}`;
      return `<li><code>${esc(c.field)}</code>: ${values}</li>`;
    })
    .join('');
  const list = changed.length === 0 ? '<p class="muted">No field changed.</p>' : `<ul class="changes">${items}</ul>`;
  const json = (value: Snapshot) => (value === null ? 'null' : JSON.stringify(value, null, 2));
  return `${lead ? `<p>${lead}</p>` : ''}${list}
<details><summary>Before and after in full</summary>
<p>Before</p><pre class="json">${esc(json(e.before))}</pre>
<p>After</p><pre class="json">${esc(json(e.after))}</pre>
<p class="muted">Request ${esc(e.requestId)}</p>
</details>`;
}

function entriesTable(input: AuditPageInput): string {
  if (input.entries.length === 0) {
    return input.error ? '' : '<p>No entry matches.</p>';
  }
  const rows = input.entries
    .map(
      (
        e,
      ) => `<tr><td data-label="When">${esc(momentOf(e.occurredAt))}<br><span class="muted">Entry ${esc(e.entryId)}</span></td>
<td data-label="Who and from where">${who(e, input.roles)}<br>${fromWhere(e)}</td>
<td data-label="What">${what(e)}</td>
<td data-label="Change">${change(e)}</td></tr>`,
    )
    .join('\n');
  return `<div class="table-wrap"><table class="cards audit"><thead><tr><th scope="col">When</th><th scope="col">Who and from where</th><th scope="col">What</th><th scope="col">Change</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
}

export function auditPage(input: AuditPageInput): ConsolePage {
  const size = input.pageSize === undefined ? {} : { limit: String(input.pageSize) };
  const pages = [
    input.first ? '' : `<a href="${esc(link(input.fields, size))}">Newest entries</a>`,
    input.olderThan === undefined
      ? ''
      : `<a href="${esc(link(input.fields, { ...size, before: input.olderThan }))}">Older entries</a>`,
  ].join(' ');
  return {
    title: 'Audit log',
    operator: input.me,
    current,
    body: `<h1>Audit log</h1>
<p>Every change made through the console, the operator API or the CLI, newest first: who made it, from where, and the values before and after. Times are UTC.</p>
${filterForm(input.fields, input.error)}
<h2 id="entries">Entries</h2>
${entriesTable(input)}
${pages.trim() ? `<p>${pages}</p>` : ''}`,
  };
}
