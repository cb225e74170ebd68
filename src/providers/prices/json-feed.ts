// The brokerage's own JSON price feed: the contract a brokerage's feed service serves (GET, 200,
// Content-Type application/json, UTF-8):
//
//   {
//     "base": "USD",
//     "rates": [
//       { "currency": "BTC", "rate": "0.0000105", "asOf": "2026-11-25T10:00:00Z" },
//       { "currency": "EUR", "rate": "0.8636", "asOf": "2026-11-25T10:00:05.250Z" }
//     ]
//   }
//
// - base: the currency every rate is quoted against (upper-case code, the catalogue's spelling: "USD", "USDC").
// - rate: units of `currency` per ONE unit of `base`, as a JSON STRING holding a plain positive decimal ("0.0000105";
//   no sign, exponent, or separators). A JSON number is refused: most producers print numbers through a binary
//   float, and the exactness of every quote starts here.
// - asOf: when that rate was set, RFC 3339 with a UTC offset ("Z" or "+01:00"), fractions of a second allowed. Each
//   rate carries its own; the server refuses to quote on a rate older than the source's maxAgeSeconds.
// - The base may be listed, at "1" only; otherwise it is implied at "1", dated like the newest rate.
// - Each currency at most once; no members beyond these (a misspelt "asof" must fail, not be ignored).
// A document breaking any rule is refused whole and the previous good one stays in use.

import { isCalendarDate, MalformedPriceDocument, RateCollector, type RateDocument } from './rate-document.js';

const where = 'JSON price feed';
const rfc3339 = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyMembers(value: Record<string, unknown>, allowed: readonly string[], at: string): void {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined)
    throw new MalformedPriceDocument(`${where}: ${at} has an unknown member ${JSON.stringify(extra)}`);
}

/** A feed document in the contract above; MalformedPriceDocument naming the first fault otherwise. */
export function parseJsonFeed(text: string): RateDocument {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new MalformedPriceDocument(`${where}: not JSON (${(error as Error).message})`);
  }
  if (!isObject(document)) throw new MalformedPriceDocument(`${where}: the document is not a JSON object`);
  onlyMembers(document, ['base', 'rates'], 'the document');
  if (!Array.isArray(document.rates)) throw new MalformedPriceDocument(`${where}: rates is not an array`);
  const collector = new RateCollector(typeof document.base === 'string' ? document.base : String(document.base), where);
  document.rates.forEach((entry: unknown, index) => {
    const at = `rates[${index}]`;
    if (!isObject(entry)) throw new MalformedPriceDocument(`${where}: ${at} is not an object`);
    onlyMembers(entry, ['currency', 'rate', 'asOf'], at);
    if (typeof entry.rate === 'number') {
      throw new MalformedPriceDocument(
        `${where}: ${at}: rate is a JSON number; the contract requires a decimal string`,
      );
    }
    collector.add(entry.currency, entry.rate, instantOf(entry.asOf, at), at);
  });
  return collector.finish();
}

function instantOf(value: unknown, at: string): number {
  const match = typeof value === 'string' ? rfc3339.exec(value) : null;
  const ms = match && isCalendarDate(match[1] ?? '') ? Date.parse(value as string) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new MalformedPriceDocument(`${where}: ${at}: asOf ${JSON.stringify(value)} is not an RFC 3339 instant`);
  }
  return ms;
}
