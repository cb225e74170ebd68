import { describe, expect, it } from 'vitest';
import { compileValidator } from '../../platform/ajv.js';
import { noPriceSource } from './no-price-source.js';
import { createPriceSource, EcbDailyXmlOptions, JsonFeedOptions, PriceSourceOptions } from './price-source-config.js';

const ecb = {
  source: 'ecb-daily-xml',
  url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml',
  maxAgeHours: 96,
  refreshMinutes: 60,
  spreadBps: { default: 10, perCurrency: { BRL: 30 } },
};
const jsonFeed = {
  source: 'json-feed',
  url: 'https://prices.brokerage.example/v1/rates',
  maxAgeSeconds: 120,
  refreshSeconds: 15,
  timeoutMs: 2_000,
  spreadBps: { default: 40 },
};

// Checked as the providers file checks them (providers-file.ts): the server's one Ajv configuration, every problem.
const checkOptions = compileValidator(PriceSourceOptions, 'json', 'every');
const checkEcb = compileValidator(EcbDailyXmlOptions, 'json', 'every');
const checkJsonFeed = compileValidator(JsonFeedOptions, 'json', 'every');

/** The instance paths and unknown keys the schema names, as an operator's start-up error would. */
const faults = (value: unknown) => {
  checkOptions(value);
  return (checkOptions.errors ?? []).map((e) =>
    e.keyword === 'additionalProperties' ? `unknown ${JSON.stringify(e.params)}` : e.instancePath,
  );
};

describe('price source options', () => {
  it('accept both documented shapes', () => {
    expect(checkEcb(ecb)).toBe(true);
    expect(checkJsonFeed(jsonFeed)).toBe(true);
    expect(checkOptions({ ...ecb, url: 'file:///var/lib/brokerage/eurofxref-daily.xml' })).toBe(true);
  });

  it.each([
    ['an unknown key', { ...ecb, maxAgeMinutes: 5 }, 'maxAgeMinutes'],
    ['an unknown spread key', { ...ecb, spreadBps: { default: 10, BRL: 30 } }, 'BRL'],
    ['a lower-case currency', { ...ecb, spreadBps: { default: 10, perCurrency: { brl: 30 } } }, 'brl'],
    ['a json-feed key on the ECB', { ...ecb, maxAgeSeconds: 60 }, 'maxAgeSeconds'],
  ])('refuse %s, naming it', (_, value, name) => {
    expect(checkOptions(value)).toBe(false);
    expect(faults(value).join(' ')).toContain(name);
  });

  it.each([
    ['an ftp address', { ...ecb, url: 'ftp://example.com/x.xml' }],
    ['no age', { ...jsonFeed, maxAgeSeconds: undefined }],
    ['a zero age', { ...ecb, maxAgeHours: 0 }],
    ['a fractional spread', { ...ecb, spreadBps: { default: 2.5 } }],
    ['a spread over 10%', { ...jsonFeed, spreadBps: { default: 1_001 } }],
    ['a json feed without timeout', { ...jsonFeed, timeoutMs: undefined }],
    ['an unknown source', { ...ecb, source: 'bloomberg' }],
  ])('refuse %s', (_, value) => {
    expect(checkOptions(JSON.parse(JSON.stringify(value)))).toBe(false);
  });

  it('build a live source that names itself after its kind, before any fetch', () => {
    const nowMs = () => 0;
    expect(createPriceSource(ecb as PriceSourceOptions, { nowMs }).describe()).toEqual({
      name: 'ecb-daily-xml',
      url: ecb.url,
      asOf: null,
      base: null,
      currencies: [],
    });
    expect(createPriceSource(jsonFeed as PriceSourceOptions, { nowMs }).describe().name).toBe('json-feed');
  });
});

describe('no price source', () => {
  it('covers nothing and refuses every price with 503', async () => {
    expect(noPriceSource.covers('USD')).toBe(false);
    await expect(noPriceSource.referenceRates(['USD'])).rejects.toMatchObject({
      type: 'ExternalServiceError',
      status: 503,
    });
  });
});
