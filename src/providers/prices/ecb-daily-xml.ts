// The European Central Bank's euro foreign exchange reference rates, in the XML it publishes every TARGET working
// day at about 16:00 CET (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml):
//
//   <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
//                    xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
//     <gesmes:subject>Reference rates</gesmes:subject>
//     <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
//     <Cube>
//       <Cube time='2026-11-24'>
//         <Cube currency='USD' rate='1.1574'/> ...
//
// A rate is units of the currency per 1 EUR, so the base is EUR. The 90-day history (eurofxref-hist-90d.xml) has the
// same envelope with one dated Cube per day; this reader takes the newest day of either file. The ECB gives a date,
// not a time: each rate is dated at the start of that day in UTC, which is never later than the moment the rates
// were set (the 14:10 CET concertation), so a rate's age is never understated. Weekends and TARGET holidays publish
// nothing: the operator's maxAgeHours must cover the longest gap it accepts (docs/decisions/catalogue-and-prices.md, "Live prices").

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isCalendarDate, MalformedPriceDocument, RateCollector, type RateDocument } from './rate-document.js';

const eurofxrefNamespace = 'http://www.ecb.int/vocabulary/2002-08-01/eurofxref';
const where = 'ECB reference rates';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Rates stay the exact strings printed; nothing becomes a float.
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => name === 'Cube',
});

type Node = Record<string, unknown>;

const nodes = (value: unknown): Node[] =>
  Array.isArray(value) ? value.filter((v): v is Node => typeof v === 'object' && v !== null) : [];

/** The newest day's rates of an ECB eurofxref XML document; MalformedPriceDocument for anything else. */
export function parseEcbDailyXml(text: string): RateDocument {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new MalformedPriceDocument(`${where}: not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  }
  const envelope = (parser.parse(text) as Node)['gesmes:Envelope'] as Node | undefined;
  if (typeof envelope !== 'object' || envelope === null) {
    throw new MalformedPriceDocument(`${where}: the root element is not gesmes:Envelope`);
  }
  if (envelope['@xmlns'] !== eurofxrefNamespace) {
    throw new MalformedPriceDocument(`${where}: the envelope is not in the eurofxref namespace ${eurofxrefNamespace}`);
  }
  const outer = Array.isArray(envelope.Cube) ? (envelope.Cube as unknown[]) : [];
  if (outer.length !== 1) throw new MalformedPriceDocument(`${where}: expected one outer Cube element`);
  // An empty outer Cube parses as a string, which nodes() drops: no days.
  const days = nodes(nodes(outer)[0]?.Cube);
  if (days.length === 0) throw new MalformedPriceDocument(`${where}: no dated Cube element`);

  const dated = days.map((day) => ({ day, time: dateOf(day['@time']) }));
  const times = new Set(dated.map((d) => d.time.text));
  if (times.size !== dated.length) throw new MalformedPriceDocument(`${where}: a day is listed twice`);
  const newest = dated.reduce((a, b) => (b.time.ms > a.time.ms ? b : a));

  const collector = new RateCollector('EUR', where);
  const entries = nodes(newest.day.Cube);
  entries.forEach((entry, index) => {
    collector.add(entry['@currency'], entry['@rate'], newest.time.ms, `${newest.time.text} entry ${index + 1}`);
  });
  if (entries.length === 0) throw new MalformedPriceDocument(`${where}: ${newest.time.text} has no rates`);
  return collector.finish();
}

function dateOf(value: unknown): { text: string; ms: number } {
  const text = typeof value === 'string' ? value : '';
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (!isCalendarDate(text)) {
    throw new MalformedPriceDocument(`${where}: Cube time ${JSON.stringify(value)} is not a date (YYYY-MM-DD)`);
  }
  return { text, ms };
}
