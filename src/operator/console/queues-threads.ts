import { esc } from '../../domain/html.js';
import { limits } from '../../limits.js';
import { formatMoment } from '../../platform/browser/format.js';

// What the ticket and conversation pages share: a thread of messages (who wrote, when, the text with its line
// breaks, and links to a message's attachments), and the check of a reply's text (the operator API's rule:
// 1 to messageLengthMax characters, no NUL).

export interface ThreadMessage {
  readonly author: string;
  readonly body: string;
  readonly createdAtMs: number | bigint;
  readonly attachments?: readonly { readonly href: string; readonly label: string }[];
}

const authorName = (author: string) => (author === 'brokerage' ? 'Brokerage' : 'Partner');

export function thread(messages: readonly ThreadMessage[]): string {
  if (messages.length === 0) return '<p class="muted">No messages yet.</p>';
  const items = messages.map((m) => {
    const files = (m.attachments ?? []).map((a) => `<li><a href="${esc(a.href)}">${esc(a.label)}</a></li>`).join('');
    return `<li><p><strong>${esc(authorName(m.author))}</strong> <span class="muted">${esc(formatMoment(m.createdAtMs))}</span></p>
${esc(m.body)
  .split(/\r?\n/)
  .map((line) => `<p>${line === '' ? '&nbsp;' : line}</p>`)
  .join('')}${files === '' ? '' : `<ul aria-label="Attachments">${files}</ul>`}</li>`;
  });
  return `<ol class="thread" aria-label="Messages">\n${items.join('\n')}\n</ol>`;
}

/** The reply's text, or why it cannot be sent. */
export function replyText(raw: string): { ok: true; text: string } | { ok: false; error: string } {
  const text = raw.replace(/\r\n/g, '\n');
  if (text.trim() === '') return { ok: false, error: 'Write a message before sending.' };
  if (text.length > limits.messageLengthMax) {
    return { ok: false, error: `A message is at most ${limits.messageLengthMax} characters.` };
  }
  if (text.includes('\u0000')) return { ok: false, error: 'The message contains a character that cannot be stored.' };
  return { ok: true, text };
}
