import { esc } from '../../domain/html.js';
import { limits } from '../../limits.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formatMoment } from '../../platform/browser/format.js';
import type { ScreeningRow } from '../../resources/aml-screenings/repo.js';

// The second step of "Confirm the match" on the AML queue (issue 30, item 4). Confirming stops the account moving
// money, so the queue's button only asks: its POST (without `confirmed`) answers this page, which names the person
// and says what confirming does, and carries the note to the one form that resolves. The console runs no script:
// the step is a page of its own, its form with the session's token, Cancel a link back to the queue. The route
// (queues-aml.ts) is the same for both steps, so its permission and audit action hold for each.

/** The form field the confirmation page's form carries; a resolution POST without it confirms nothing. */
export const confirmedField = 'confirmed';
export const confirmedValue = 'yes';

export interface MatchToConfirm {
  readonly me: SignedInOperator;
  readonly row: ScreeningRow;
  /** The screened person's or business's name, opened from the sealed subject. */
  readonly name: string;
  /** The subject in words (name, date of birth, country). */
  readonly subject: string;
  /** The workspace's HTML (its name linking to its page, the id beneath). */
  readonly workspace: string;
  /** The note given on the queue, kept for the confirming form. */
  readonly note: string;
  /** Where the form posts: the screening's resolution. */
  readonly action: string;
  /** The queue, where Cancel returns. */
  readonly back: string;
}

export function confirmMatchBody(m: MatchToConfirm): string {
  const matches = m.row.matches
    .map((x) => `<li>${esc(`${x.matchedName} (${x.list} ${x.entryId}, ${x.listedName}), score ${x.score}`)}</li>`)
    .join('');
  const who = m.name === '' ? 'this subject' : m.name;
  return `<p class="notice">Confirm the match for <strong>${esc(who)}</strong>? This stops the account moving money.</p>
<dl><dt>Screening</dt><dd><code>${esc(m.row.id)}</code></dd>
<dt>Subject</dt><dd>${esc(m.subject || '—')}<br><span class="muted">${esc(m.row.user_email ?? '—')} · ${esc(m.row.entity_type)}</span></dd>
<dt>Workspace</dt><dd>${m.workspace}</dd>
<dt>Screened</dt><dd>${esc(formatMoment(Number(m.row.created_at_ms)))}</dd>
<dt>Matches</dt><dd>${matches === '' ? '—' : `<ul>${matches}</ul>`}</dd></dl>
<form method="post" action="${esc(m.action)}">${hiddenToken(m.me.csrfToken)}
<input type="hidden" name="status" value="CONFIRMED_MATCH"><input type="hidden" name="${confirmedField}" value="${confirmedValue}">
<label for="confirm-note">Note (optional)</label><input id="confirm-note" type="text" name="note" maxlength="${limits.consoleAmlNoteLengthMax}" value="${esc(m.note)}">
<div class="actions"><button class="danger" type="submit">Confirm</button><a class="button secondary" href="${esc(m.back)}">Cancel</a></div></form>`;
}
