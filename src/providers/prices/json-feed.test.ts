import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseJsonFeed } from './json-feed.js';
import { MalformedPriceDocument } from './rate-document.js';

const feed = readFileSync(new URL('../../../test/fixtures/prices/feed.json', import.meta.url), 'utf8');
const one = (entry: object, base = 'USD') => JSON.stringify({ base, rates: [entry] });
const btc = { currency: 'BTC', rate: '0.0000105', asOf: '2026-11-25T10:00:00Z' };

describe('the JSON feed contract', () => {
  const document = parseJsonFeed(feed);

  it('reads each rate as printed, with its own timestamp', () => {
    expect(document.base).toBe('USD');
    expect(document.rates.get('BTC')).toEqual({
      unitsPerBase: '0.0000105',
      asOfMs: Date.parse('2026-11-25T10:00:02Z'),
    });
    expect(document.rates.get('BRL')?.asOfMs).toBe(Date.parse('2026-11-25T09:59:58.250Z'));
    // An offset is honoured: 11:00:02+01:00 is 10:00:02 UTC.
    expect(document.rates.get('ETH')?.asOfMs).toBe(Date.parse('2026-11-25T10:00:02Z'));
  });

  it('implies the base at 1, dated like the newest rate', () => {
    expect(document.rates.get('USD')).toEqual({ unitsPerBase: '1', asOfMs: Date.parse('2026-11-25T10:00:02Z') });
  });

  it('accepts the base listed at 1 with its own timestamp', () => {
    const listed = parseJsonFeed(
      JSON.stringify({ base: 'USD', rates: [btc, { currency: 'USD', rate: '1.000', asOf: '2026-11-25T09:00:00Z' }] }),
    );
    expect(listed.rates.get('USD')).toEqual({ unitsPerBase: '1.000', asOfMs: Date.parse('2026-11-25T09:00:00Z') });
  });
});

describe('a document outside the contract is refused whole, naming the fault', () => {
  it.each([
    ['not JSON', '{"base": "USD",', /not JSON/],
    ['an array', '[]', /not a JSON object/],
    ['no rates', JSON.stringify({ base: 'USD' }), /rates is not an array/],
    ['empty rates', JSON.stringify({ base: 'USD', rates: [] }), /no rates/],
    ['an unknown member', JSON.stringify({ base: 'USD', rates: [btc], source: 'x' }), /unknown member "source"/],
    ['a misspelt asOf', one({ currency: 'BTC', rate: '1', asof: '2026-11-25T10:00:00Z' }), /unknown member "asof"/],
    ['a bad base', one(btc, 'usd'), /base "usd" is not a currency code/],
    ['a numeric rate', one({ ...btc, rate: 0.0000105 }), /rates\[0\]: rate is a JSON number/],
    ['an exponent', one({ ...btc, rate: '1.05e-5' }), /not a positive decimal string/],
    ['a zero rate', one({ ...btc, rate: '0' }), /not a positive decimal string/],
    ['a negative rate', one({ ...btc, rate: '-0.1' }), /not a positive decimal string/],
    ['no timestamp', one({ currency: 'BTC', rate: '1' }), /asOf undefined is not an RFC 3339 instant/],
    ['a date only', one({ ...btc, asOf: '2026-11-25' }), /not an RFC 3339 instant/],
    ['no offset', one({ ...btc, asOf: '2026-11-25T10:00:00' }), /not an RFC 3339 instant/],
    ['an impossible day', one({ ...btc, asOf: '2026-02-30T10:00:00Z' }), /not an RFC 3339 instant/],
    ['an impossible hour', one({ ...btc, asOf: '2026-11-25T24:00:00Z' }), /not an RFC 3339 instant/],
    ['epoch seconds', one({ ...btc, asOf: 1795600800 }), /not an RFC 3339 instant/],
    ['a currency twice', JSON.stringify({ base: 'USD', rates: [btc, btc] }), /BTC is listed twice/],
    ['the base not at 1', one({ ...btc, currency: 'USD', rate: '1.01' }), /base USD is priced 1.01, not 1/],
  ])('%s', (_, text, message) => {
    expect(() => parseJsonFeed(text)).toThrow(MalformedPriceDocument);
    expect(() => parseJsonFeed(text)).toThrow(message);
  });
});
