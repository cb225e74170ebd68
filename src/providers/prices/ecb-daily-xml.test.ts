import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEcbDailyXml } from './ecb-daily-xml.js';
import { MalformedPriceDocument } from './rate-document.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/prices/${name}`, import.meta.url), 'utf8');
const daily = fixture('eurofxref-daily.xml');
const nov24 = Date.parse('2026-11-24T00:00:00Z');

/** The daily fixture with its one dated Cube replaced by `cubes`. */
const withCubes = (cubes: string) => daily.replace(/<Cube time=[\s\S]*<\/Cube>\n\t<\/Cube>/, `${cubes}\n\t</Cube>`);

describe('the ECB daily file', () => {
  const document = parseEcbDailyXml(daily);

  it('is on a EUR base, the euro itself at 1, every rate dated at the start of its day (UTC)', () => {
    expect(document.base).toBe('EUR');
    expect(document.rates.size).toBe(30);
    expect(document.rates.get('EUR')).toEqual({ unitsPerBase: '1', asOfMs: nov24 });
    expect(document.rates.get('USD')).toEqual({ unitsPerBase: '1.1574', asOfMs: nov24 });
  });

  it('keeps each rate the exact string printed, trailing zeros and all', () => {
    expect(document.rates.get('PLN')?.unitsPerBase).toBe('4.2290');
    expect(document.rates.get('IDR')?.unitsPerBase).toBe('19315.08');
    expect(document.rates.get('THB')?.unitsPerBase).toBe('37.380');
  });
});

describe('the ECB 90-day history file', () => {
  it('gives its newest day', () => {
    const document = parseEcbDailyXml(fixture('eurofxref-hist-90d.xml'));
    expect(document.rates.get('USD')).toEqual({ unitsPerBase: '1.1574', asOfMs: nov24 });
  });

  it('gives the newest day whatever the order of the days', () => {
    const days = `<Cube time='2026-11-20'><Cube currency='USD' rate='1.1580'/></Cube>
      <Cube time='2026-11-24'><Cube currency='USD' rate='1.1574'/></Cube>`;
    expect(parseEcbDailyXml(withCubes(days)).rates.get('USD')?.asOfMs).toBe(nov24);
  });
});

describe('a document that is not the ECB format is refused whole, saying why', () => {
  it.each([
    ['an empty body', '', /not well-formed XML|root element/],
    ['an HTML error page', '<html><body>Service unavailable</body></html>', /root element is not gesmes:Envelope/],
    ['truncated XML', daily.slice(0, daily.length - 40), /not well-formed XML/],
    [
      'another namespace',
      daily.replace('http://www.ecb.int/vocabulary/2002-08-01/eurofxref', 'http://example.com/x'),
      /eurofxref namespace/,
    ],
    ['no dated Cube', withCubes(''), /no dated Cube/],
    ['a day without rates', withCubes("<Cube time='2026-11-24'></Cube>"), /has no rates/],
    [
      'a date that is no day',
      withCubes("<Cube time='2026-02-30'><Cube currency='USD' rate='1'/></Cube>"),
      /not a date/,
    ],
    [
      'a date with a time',
      withCubes("<Cube time='2026-11-24T16:00'><Cube currency='USD' rate='1'/></Cube>"),
      /not a date/,
    ],
    ['a day twice', withCubes("<Cube time='2026-11-24'/><Cube time='2026-11-24'/>"), /listed twice/],
    ['a rate in exponent form', daily.replace("rate='1.1574'", "rate='1.1574e0'"), /USD is not a positive decimal/],
    ['a zero rate', daily.replace("rate='1.1574'", "rate='0.0000'"), /USD is not a positive decimal/],
    ['a negative rate', daily.replace("rate='1.1574'", "rate='-1.1574'"), /not a positive decimal/],
    ['a missing rate', daily.replace("rate='1.1574'", ''), /"?undefined"? of USD|of USD is not/],
    ['a lower-case code', daily.replace("currency='USD'", "currency='usd'"), /"usd" is not a currency code/],
    ['a currency twice', daily.replace("currency='JPY'", "currency='USD'"), /USD is listed twice/],
    ['the euro at another rate', daily.replace("currency='USD'", "currency='EUR'"), /base EUR is priced 1.1574/],
  ])('%s', (_, text, message) => {
    expect(() => parseEcbDailyXml(text)).toThrow(MalformedPriceDocument);
    expect(() => parseEcbDailyXml(text)).toThrow(message);
  });
});
