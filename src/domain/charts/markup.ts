// Text and numbers as the charts write them into SVG and HTML. Every piece of text a chart is given (a title, a
// series' name, a unit) goes through escapeMarkup, in element content and in attributes alike; coordinates are
// written with at most two decimals, so the same data always gives the same bytes.

const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in SVG or HTML element content and in a quoted attribute. */
export const escapeMarkup = (text: string): string => text.replace(/[&<>"']/g, (ch) => entities[ch] ?? ch);

/** A coordinate or length: at most two decimals, no trailing zeros, never "-0". */
export function coordinate(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(rounded === 0 ? 0 : rounded);
}

/** An id usable in SVG (`id`, `url(#…)`): the caller's prefix reduced to letters, digits, '-' and '_'. */
export function safeId(prefix: string): string {
  const cleaned = prefix.replace(/[^A-Za-z0-9_-]/g, '-');
  return /^[A-Za-z]/.test(cleaned) ? cleaned : `c-${cleaned}`;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A UTC day (YYYY-MM-DD) as an axis shows it: "2 Jun". */
export function shortDay(day: string): string {
  const [, month = '1', date = '1'] = day.split('-');
  return `${Number(date)} ${monthNames[Number(month) - 1] ?? month}`;
}

/** A UTC day as a summary or table says it: "2 Jun 2025". */
export function longDay(day: string): string {
  return `${shortDay(day)} ${day.slice(0, 4)}`;
}
