import { esc } from '../../domain/html.js';
import type { LedgerReport } from '../../ledger/verify.js';
import { limits } from '../../limits.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { formatMoment } from '../../platform/browser/format.js';
import type { ConsolePage } from './layout.js';
import type { BalanceListRow } from './ledger-repo.js';
import type { EntryPostingRow } from './timeline-repo.js';
import { groupEntries, money } from './timeline-views.js';

// The ledger page: the verification (run on request), the filter form, balances per account and currency, and the
// journal's entries with their postings, each page linked to the next by entry id.

/** The filter as the form sent it (text), to fill the form again and to build the paging links. */
export interface FilterFields {
  readonly workspace: string;
  readonly account: string;
  readonly currency: string;
  readonly from: string;
  readonly to: string;
  readonly entry: string;
}

export interface LedgerPageInput {
  readonly me: SignedInOperator;
  readonly fields: FilterFields;
  readonly error?: string;
  readonly balances: readonly BalanceListRow[];
  readonly balancePage: number;
  readonly moreBalances: boolean;
  readonly postings: readonly EntryPostingRow[];
  /** The id to read the next (older) page of the journal before, when there is one. */
  readonly olderThan?: bigint;
  readonly first: boolean;
}

const query = (fields: FilterFields, extra: Record<string, string>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...fields, ...extra })) if (value !== '') params.set(key, value);
  return `/console/ledger?${params.toString()}`;
};

function filterForm(f: FilterFields, error: string | undefined): string {
  const field = (name: keyof FilterFields, label: string, type = 'text', hint = '') =>
    `<label>${esc(label)}${hint ? ` <span class="hint">${esc(hint)}</span>` : ''}<input type="${type}" name="${name}" value="${esc(f[name])}"></label>`;
  return `<h2>Filter</h2>
${error ? `<p class="error" id="filter-error" role="alert">${esc(error)}</p>` : ''}
<form method="get" action="/console/ledger" class="filters"${error ? ' aria-describedby="filter-error"' : ''}>
${field('workspace', 'Workspace id')}
${field('account', 'Account', 'text', 'Such as acct:ws:<workspace id> or system:fees')}
${field('currency', 'Currency', 'text', 'Such as EUR')}
${field('from', 'From (UTC day)', 'date')}
${field('to', 'To (UTC day, inclusive)', 'date')}
${field('entry', 'Entry id')}
<div class="actions"><button type="submit">Apply</button> <a href="/console/ledger">Clear</a></div>
</form>`;
}

function balancesTable(input: LedgerPageInput): string {
  const rows = input.balances
    .map(
      (
        b,
      ) => `<tr><td data-label="Account"><a href="${esc(query({ ...input.fields, account: b.account_id }, {}))}">${esc(b.account_id)}</a>${b.email ? ` <span class="muted">${esc(b.email)}</span>` : ''}</td>
<td data-label="Workspace"><a href="/console/workspaces/${esc(encodeURIComponent(b.workspace_id))}">${esc(b.workspace_id)}</a></td>
<td data-label="Currency">${esc(b.currency)}</td><td data-label="Available">${esc(money(b.available, b.currency))}</td>
<td data-label="Pending">${esc(money(b.pending, b.currency))}</td><td data-label="Updated">${esc(formatMoment(b.updated_at_ms))}</td></tr>`,
    )
    .join('\n');
  const pages = [
    input.balancePage > 0
      ? `<a href="${esc(query(input.fields, { bpage: String(input.balancePage - 1) }))}">Previous balances</a>`
      : '',
    input.moreBalances
      ? `<a href="${esc(query(input.fields, { bpage: String(input.balancePage + 1) }))}">More balances</a>`
      : '',
  ].join(' ');
  return `<h2 id="balances">Balances</h2>
${
  input.balances.length === 0
    ? '<p>No balance matches.</p>'
    : `<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Account</th><th scope="col">Workspace</th><th scope="col">Currency</th><th scope="col">Available</th><th scope="col">Pending</th><th scope="col">Updated</th></tr></thead><tbody>
${rows}
</tbody></table></div>`
}
${pages.trim() ? `<p>${pages}</p>` : ''}`;
}

function journal(input: LedgerPageInput): string {
  const entries = groupEntries(input.postings);
  const rows = entries
    .map((e) => {
      const postings = e.postings
        .map((p) => `<li>${esc(p.account_id)} · ${esc(p.bucket)} · ${esc(money(p.amount, p.currency))}</li>`)
        .join('');
      return `<tr><td data-label="Entry">${esc(e.id)}</td><td data-label="When">${esc(formatMoment(e.createdAtMs))}</td>
<td data-label="Kind">${esc(e.kind)}</td><td data-label="Reference"><a href="/console/search?q=${esc(encodeURIComponent(e.reference))}">${esc(e.reference)}</a></td>
<td data-label="Postings"><ul class="postings">${postings}</ul></td></tr>`;
    })
    .join('\n');
  const pages = [
    input.first ? '' : `<a href="${esc(query(input.fields, {}))}">Newest entries</a>`,
    input.olderThan === undefined
      ? ''
      : `<a href="${esc(query(input.fields, { before: String(input.olderThan) }))}">Older entries</a>`,
  ].join(' ');
  return `<h2 id="journal">Journal</h2>
${
  entries.length === 0
    ? '<p>No entry matches.</p>'
    : `<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Entry</th><th scope="col">When</th><th scope="col">Kind</th><th scope="col">Reference</th><th scope="col">Postings</th></tr></thead><tbody>
${rows}
</tbody></table></div>`
}
${pages.trim() ? `<p>${pages}</p>` : ''}`;
}

export function ledgerPage(input: LedgerPageInput): ConsolePage {
  return {
    title: 'Ledger',
    operator: input.me,
    current: '/console/ledger',
    body: `<h1>Ledger</h1>
<form method="get" action="/console/ledger/verification">
<p>The verification reads every posting: every entry must net to zero in each currency, and every balance must equal its account's postings.</p>
<div class="actions"><button type="submit">Run the verification</button></div>
</form>
${filterForm(input.fields, input.error)}
${balancesTable(input)}
${journal(input)}`,
  };
}

export function verificationPage(me: SignedInOperator, report: LedgerReport, ranAtMs: number): ConsolePage {
  const problems = report.problems
    .map((p) => `<tr><td data-label="Problem">${esc(p.kind)}</td><td data-label="Detail">${esc(p.detail)}</td></tr>`)
    .join('\n');
  const verdict = report.ok
    ? '<p class="done" role="status">The ledger is consistent.</p>'
    : `<p class="error" role="alert">The ledger is not consistent: ${report.problems.length} problem(s) listed below (at most ${limits.ledgerProblemsShownMax} of each kind).</p>`;
  return {
    title: 'Ledger verification',
    operator: me,
    current: '/console/ledger',
    body: `<p><a href="/console/ledger">Ledger</a></p>
<h1>Ledger verification</h1>
${verdict}
<div class="table-wrap"><table><tbody>
<tr><th scope="row">Run at</th><td>${esc(formatMoment(ranAtMs))}</td></tr>
<tr><th scope="row">Entries checked</th><td>${report.entriesChecked}</td></tr>
<tr><th scope="row">Balances checked</th><td>${report.balancesChecked}</td></tr>
</tbody></table></div>
${
  report.problems.length === 0
    ? ''
    : `<h2>Problems</h2><div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Problem</th><th scope="col">Detail</th></tr></thead><tbody>
${problems}
</tbody></table></div>`
}
<form method="get" action="/console/ledger/verification"><div class="actions"><button type="submit">Run it again</button></div></form>`,
  };
}
