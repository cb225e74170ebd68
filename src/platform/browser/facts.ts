import { esc } from '../../domain/html.js';
import { scaleOf } from '../../domain/money/currency-amount.js';

// What a record's page shows of it before its timeline, the same on the console's record pages and the dashboard's
// object pages: amounts with every decimal of their currency, a table of labelled facts, and the record's view (as
// the API answers it) as rows of dotted field names.

/**
 * A minor-unit amount with every decimal of its currency ("75.00 EUR"), exact (bigint arithmetic, no float); the
 * bare integer for a currency the catalogue does not know.
 */
export function money(minor: bigint, currency: string): string {
  let scale: number;
  try {
    scale = scaleOf(currency);
  } catch {
    return `${minor} (minor units) ${currency}`;
  }
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return `${sign}${whole}${scale > 0 ? `.${digits.slice(digits.length - scale)}` : ''} ${currency}`;
}

/** A labelled fact, its value linked when a link is given. */
export type Fact = readonly [label: string, value: string, link?: string];

export const factsTable = (facts: readonly Fact[]) =>
  `<div class="table-wrap"><table><tbody>
${facts
  .map(
    ([label, value, link]) =>
      `<tr><th scope="row">${esc(label)}</th><td>${link ? `<a href="${esc(link)}">${esc(value)}</a>` : esc(value)}</td></tr>`,
  )
  .join('\n')}
</tbody></table></div>`;

/** A view's fields as rows, nested objects by dotted names ("deposit.depositId"), arrays of objects by index. */
export function fieldRows(view: unknown): [string, string][] {
  const rows: [string, string][] = [];
  const walk = (value: unknown, prefix: string): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, prefix ? `${prefix}.${key}` : key);
      return;
    }
    if (Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object')) {
      value.forEach((inner, index) => {
        walk(inner, `${prefix}[${index}]`);
      });
      return;
    }
    rows.push([prefix, Array.isArray(value) ? value.join(', ') : String(value)]);
  };
  walk(view, '');
  return rows;
}
