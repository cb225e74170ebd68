import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { limits } from '../../limits.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import type { bankFileView } from '../bank-files/files.js';
import type { BankEntryRow } from '../bank-files/repo.js';
import type { BankAttention } from './bank-files-repo.js';
import { cell, messages, money, queueTable } from './queues-common.js';

// The bank files page's HTML (issue #27): a file as operators read it (bankFileView, the operator API's shape), the
// decision forms of a held file, and the reversals that wait. Every value escaped; no script.

export type FileView = ReturnType<typeof bankFileView>;

export const bankFilesPath = '/console/bank-files';
export const filePath = (fileId: string) => `${bankFilesPath}/${encodeURIComponent(fileId)}`;

/** What of the bank files waits for a person, as the console's home and queues page list it, linked to this page. */
export const bankQueues: readonly { count: keyof BankAttention; title: string; summary: string; href: string }[] = [
  {
    count: 'heldFiles',
    title: 'Held bank files',
    summary: 'Statements that do not follow their account’s previous one: accept or reject',
    href: `${bankFilesPath}?status=held`,
  },
  {
    count: 'reversals',
    title: 'Bank reversals',
    summary: 'Credits the bank took back after they were applied, or not found',
    href: `${bankFilesPath}#reversals`,
  },
];

/** Unix seconds as people read them in the console: UTC, to the second ("2026-11-25 09:30:12 UTC"). */
export function formatSecond(seconds: number | null): string {
  if (seconds === null) return '—';
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A digest as a row shows it: its first 12 hex digits (the file's page shows it whole). */
export const shortDigest = (sha256: string) => `${sha256.slice(0, 12)}…`;

/** An account number as the console shows it: its last four characters, as the files' reasons name accounts. */
export const maskedAccount = (account: string) => `…${account.slice(-4)}`;

const statusLabels: Record<string, string> = {
  held: 'Held: waits for a decision',
  refused: 'Refused',
  imported: 'Imported',
};

/** The status, flagged when held, with the operator's decision of a file that was held. */
export function statusHtml(file: FileView): string {
  const label = statusLabels[file.status] ?? file.status;
  const status = file.status === 'held' ? `<strong class="flag">${esc(label)}</strong>` : esc(label);
  if (file.decidedAt === null) return status;
  const decided = file.status === 'imported' ? 'Accepted' : 'Rejected';
  return `${status}<br><span class="muted">${esc(`${decided} by an operator at ${formatSecond(file.decidedAt)}: ${file.decisionNote ?? ''}`)}</span>`;
}

export function reasonsHtml(reasons: readonly string[], limit = reasons.length, more?: string): string {
  if (reasons.length === 0) return '<span class="muted">None</span>';
  const shown = reasons
    .slice(0, limit)
    .map((r) => `<li>${esc(r)}</li>`)
    .join('');
  const rest = reasons.length - limit;
  const tail =
    rest > 0 && more !== undefined ? `<li><a href="${esc(more)}">and ${rest} more: every reason</a></li>` : '';
  return `<ul class="changes">${shown}${tail}</ul>`;
}

const accountsHtml = (accounts: readonly string[]) =>
  accounts.length === 0 ? '<span class="muted">—</span>' : esc(accounts.join(', '));

/**
 * The accept and reject forms of a held file, each with its note (required: kept with the file and in the audit
 * log); nothing for a file no longer held or a role that may not decide (its POST is refused all the same).
 */
export function decisionForms(me: SignedInOperator, file: FileView): string {
  if (file.status !== 'held') return '';
  const canAccept = mayAct(me.role, 'admin.bankFiles.accept');
  const canReject = mayAct(me.role, 'admin.bankFiles.reject');
  if (!canAccept && !canReject) return '';
  const form = (decision: 'accept' | 'reject', label: string, hint: string, style: string) => {
    const id = `${decision}-note-${file.fileId}`;
    return `<form method="post" action="${esc(`${filePath(file.fileId)}/${decision}`)}">${hiddenToken(me.csrfToken)}
<label for="${esc(id)}">${esc(hint)}</label><input id="${esc(id)}" type="text" name="note" required maxlength="${limits.consoleBankFileNoteLengthMax}" autocomplete="off">
<div class="actions"><button${style} type="submit" aria-label="${esc(`${label}: file ${file.fileId}`)}">${esc(label)}</button></div></form>`;
  };
  return `<div class="decisions">
${canAccept ? form('accept', 'Accept and apply', 'Note: why accept it', '') : ''}
${canReject ? form('reject', 'Reject', 'Note: why reject it', ' class="danger"') : ''}
</div>`;
}

/**
 * A table of files; `withDecisions` adds the accept and reject forms (the held files' section), in a column of its
 * own only when the person may decide.
 */
export function filesTable(me: SignedInOperator, files: readonly FileView[], empty: string, withDecisions = false) {
  const decisions = withDecisions && files.some((f) => decisionForms(me, f) !== '');
  const rows = files.map((f) => {
    const decide = decisions ? `<td class="decide">${decisionForms(me, f)}</td>` : '';
    return `<tr>${cell('File', `<a href="${esc(filePath(f.fileId))}"><code>${esc(f.fileId.slice(0, 8))}</code></a>`)}${cell('Format', esc(f.format))}
${cell('Status', statusHtml(f))}${cell('Digest', `<code>${esc(shortDigest(f.sha256))}</code>`)}${cell('Accounts', accountsHtml(f.accounts))}
${cell('Imported', esc(formatSecond(f.importedAt)))}${cell('Reasons', reasonsHtml(f.reasons, limits.consoleBankFileReasonsShownMax, filePath(f.fileId)))}${decide}</tr>`;
  });
  const headings = ['File', 'Format', 'Status', 'Digest', 'Accounts', 'Imported', 'Reasons'];
  return queueTable(decisions ? [...headings, ''] : headings, rows, empty);
}

/** The reversals that wait: what each takes back, from which file. */
export function reversalsTable(entries: readonly BankEntryRow[]): string {
  const rows = entries.map(
    (e) => `<tr>${cell('Entry', `<code>${esc(e.id)}</code>`)}${cell('Account', esc(maskedAccount(e.account)))}
${cell('Amount', esc(`${money(e.amount_minor, e.currency)} ${e.direction}`))}${cell('Booked', esc(e.booking_date ?? '—'))}${cell('Bank reference', esc(e.bank_reference))}
${cell('What it reverses', esc(e.note ?? '—'))}${cell('File', `<a href="${esc(filePath(e.file_id))}"><code>${esc(e.file_id.slice(0, 8))}</code></a>`)}
${cell('Since', esc(formatSecond(Math.floor(Number(e.created_at_ms) / 1000))))}</tr>`,
  );
  return queueTable(
    ['Entry', 'Account', 'Amount', 'Booked', 'Bank reference', 'What it reverses', 'File', 'Since'],
    rows,
    'No reversal waits.',
  );
}

const summaryLabels: readonly (readonly [string, string])[] = [
  ['credited', 'Credits matched and credited'],
  ['unmatched', 'Credits that match nothing (wait for an operator)'],
  ['payoutOutcomes', 'Payout outcomes applied'],
  ['payoutReportsIgnored', 'Payout reports already applied, or unknown'],
  ['other', 'Other lines (fees, interest, own transfers)'],
  ['reversals', 'Booked reversals'],
  ['alreadyImported', 'Lines recorded by an earlier import'],
  ['closingBalances', 'Closing balances'],
  ['skipped', 'Entries not booked (pending, information, forward-dated)'],
];

const factRow = (label: string, html: string) => `<tr><th scope="row">${esc(label)}</th><td>${html}</td></tr>`;

const doneOnFile: Record<string, string> = {
  accepted: 'The file was accepted: it is applied, and its statement is its account’s last one.',
  rejected: 'The file was rejected: it is refused, and nothing of it will ever act.',
};

/** One file's page: every fact, every reason, what the import did, and the decision forms of a held file. */
export function filePageBody(
  me: SignedInOperator,
  file: FileView,
  notice: { done?: string | undefined; error?: string | undefined },
): string {
  const facts = [
    factRow('File id', `<code>${esc(file.fileId)}</code>`),
    factRow('Format', esc(file.format)),
    factRow('Status', statusHtml(file)),
    factRow('SHA-256', `<code class="digest">${esc(file.sha256)}</code>`),
    factRow('Accounts', accountsHtml(file.accounts)),
    factRow('Imported', esc(formatSecond(file.importedAt))),
    ...(file.decidedAt === null
      ? []
      : [
          factRow('Decided', esc(formatSecond(file.decidedAt))),
          factRow('Decision note', esc(file.decisionNote ?? '')),
        ]),
  ];
  const why =
    file.status === 'held'
      ? 'Why it is held'
      : file.status === 'refused'
        ? 'Why it was refused'
        : file.decidedAt !== null
          ? 'Why it was held'
          : 'Reasons';
  const summary = file.summary as Record<string, unknown> | null;
  const summaryRows =
    summary === null
      ? ''
      : `<h2>What the import did</h2>
<div class="table-wrap"><table><tbody>
${summaryLabels.map(([key, label]) => factRow(label, esc(String(summary[key] ?? 0)))).join('\n')}
</tbody></table></div>`;
  const forms = decisionForms(me, file);
  const decision =
    file.status !== 'held'
      ? ''
      : forms === ''
        ? '<h2>Decision</h2>\n<p class="muted">Nothing of this file moves until an admin accepts or rejects it.</p>'
        : `<h2>Decision</h2>
<p>Accepting takes the statement as its account's new last one and applies the file (everything but the chain is verified again); rejecting refuses it for good. Either needs a note, kept with the file and in the audit log.</p>
${forms}`;
  return `<p><a href="${bankFilesPath}">All bank files</a></p>
<h1>Bank file <code>${esc(file.fileId.slice(0, 8))}</code></h1>
${messages(notice.done === undefined ? undefined : doneOnFile[notice.done], notice.error)}
<div class="table-wrap"><table><tbody>
${facts.join('\n')}
</tbody></table></div>
${file.reasons.length === 0 && file.status === 'imported' ? '' : `<h2>${esc(why)}</h2>\n${reasonsHtml(file.reasons)}`}
${decision}
${summaryRows}`;
}
