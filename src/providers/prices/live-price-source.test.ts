import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PriceFeedServer, priceFixture } from '../../../test/support/price-feed-server.js';
import { ApiError } from '../../domain/errors.js';
import { limits } from '../../limits.js';
import { createPriceSource, type PriceSourceOptions } from './price-source-config.js';

const daily = priceFixture('eurofxref-daily.xml');
const hourMs = 3_600_000;
const nov24 = Date.parse('2026-11-24T00:00:00Z');
/** The daily fixture moved to another day, its USD rate changed. */
const dailyOf = (date: string, usd: string) =>
  daily.replace("time='2026-11-24'", `time='${date}'`).replace("rate='1.1574'", `rate='${usd}'`);

const feed = new PriceFeedServer();
let now = nov24 + 20 * hourMs;
const deps = { nowMs: () => now };
const ecbOptions = (overrides: Partial<Extract<PriceSourceOptions, { source: 'ecb-daily-xml' }>> = {}) =>
  ({
    source: 'ecb-daily-xml',
    url: feed.url(),
    maxAgeHours: 96,
    refreshMinutes: 60,
    timeoutMs: 500,
    spreadBps: { default: 10, perCurrency: { BRL: 30 } },
    ...overrides,
  }) as const;

/** The ApiError a promise rejects with. */
const refusal = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
};

beforeAll(() => feed.start());
afterAll(() => feed.stop());
beforeEach(() => {
  feed.body = daily;
  feed.status = 200;
  feed.delayMs = 0;
  feed.requests = 0;
  now = nov24 + 20 * hourMs;
});

const started: { stop(): void }[] = [];
afterEach(() => {
  for (const source of started.splice(0)) source.stop();
});
const startedSource = async (options: PriceSourceOptions) => {
  const source = createPriceSource(options, deps);
  started.push(source);
  await source.start();
  return source;
};

describe('a live ECB source', () => {
  it('answers the published rates on the EUR base, with their date and the configured spreads', async () => {
    const source = await startedSource(ecbOptions());
    const set = await source.referenceRates(['USD', 'BRL', 'EUR']);
    expect(set.source).toBe('ecb-daily-xml');
    expect(Object.fromEntries(set.rates)).toEqual({
      USD: { currency: 'USD', rate: { base: 'EUR', unitsPerBase: '1.1574' }, spreadBps: 10, asOfMs: nov24 },
      BRL: { currency: 'BRL', rate: { base: 'EUR', unitsPerBase: '6.2505' }, spreadBps: 30, asOfMs: nov24 },
      EUR: { currency: 'EUR', rate: { base: 'EUR', unitsPerBase: '1' }, spreadBps: 10, asOfMs: nov24 },
    });
  });

  it('covers the currencies of its latest good document, and no other', async () => {
    const source = createPriceSource(ecbOptions(), deps);
    expect(source.covers('USD')).toBe(false); // nothing loaded yet
    started.push(source);
    await source.start();
    expect(['USD', 'EUR', 'GBP', 'ZAR'].map((c) => source.covers(c))).toEqual([true, true, true, true]);
    expect(['ARS', 'BTC', 'USDC'].map((c) => source.covers(c))).toEqual([false, false, false]);
    await expect(refusal(source.referenceRates(['USD', 'ARS']))).resolves.toMatchObject({
      type: 'ExternalServiceError',
      status: 503,
      message: 'The price source ecb-daily-xml has no price for ARS',
    });
  });

  it('describes itself for the operator: name, address without credentials, as-of, base', async () => {
    const url = new URL(feed.url());
    url.username = 'operator';
    url.password = 'secret';
    url.search = '?token=abc';
    const source = await startedSource(ecbOptions({ url: url.toString() }));
    const description = source.describe();
    expect(description).toMatchObject({
      name: 'ecb-daily-xml',
      url: feed.url(),
      asOf: '2026-11-24T00:00:00.000Z',
      base: 'EUR',
    });
    expect(description.currencies).toHaveLength(30);
    expect(feed.authorization).toBe(`Basic ${Buffer.from('operator:secret').toString('base64')}`);
    expect(JSON.stringify(description)).not.toMatch(/secret|token/);
  });

  it('refuses a rate older than maxAgeHours with 503 ExternalServiceError, and quotes again once fresh', async () => {
    const source = await startedSource(ecbOptions({ maxAgeHours: 48 }));
    now = nov24 + 48 * hourMs;
    await expect(source.referenceRates(['USD'])).resolves.toBeDefined(); // exactly 48 h: accepted
    now += 1;
    const error = await refusal(source.referenceRates(['USD', 'GBP']));
    expect(error).toMatchObject({ type: 'ExternalServiceError', status: 503 });
    expect(error.message).toBe(
      'The price of USD (ecb-daily-xml, as of 2026-11-24T00:00:00.000Z) is older than this server accepts',
    );
    // The stale answer fetched the feed on demand; the next day's file makes the source quote again.
    feed.body = dailyOf('2026-11-25', '1.1600');
    now += limits.priceFeedOnDemandRetryMs;
    const set = await source.referenceRates(['USD']);
    expect(set.rates.get('USD')).toMatchObject({ rate: { unitsPerBase: '1.1600' } });
  });

  it('still answers from a fresh cache while the feed is down, and says so to the operator', async () => {
    const source = await startedSource(ecbOptions());
    await feed.stop();
    try {
      await source.refresh();
      expect(source.describe().lastError).toMatch(/PriceFeedUnavailable/);
      const set = await source.referenceRates(['GBP']);
      expect(set.rates.get('GBP')?.rate).toEqual({ base: 'EUR', unitsPerBase: '0.88035' });
      // Down past maxAge: the cache is too old, and the answer is 503.
      now = nov24 + 97 * hourMs;
      await expect(refusal(source.referenceRates(['GBP']))).resolves.toMatchObject({ status: 503 });
    } finally {
      await feed.start();
    }
  });

  it('keeps the last good document when the feed serves an error page, a malformed or an older document', async () => {
    const source = await startedSource(ecbOptions());
    for (const [status, body, error] of [
      [503, 'Service Unavailable', /HTTP 503/],
      [200, '<html>maintenance</html>', /MalformedPriceDocument/],
      [200, dailyOf('2026-11-23', '1.2000'), undefined],
    ] as const) {
      feed.status = status;
      feed.body = body;
      await source.refresh();
      if (error) expect(source.describe().lastError).toMatch(error);
      const set = await source.referenceRates(['USD']);
      expect(set.rates.get('USD')).toMatchObject({ rate: { unitsPerBase: '1.1574' }, asOfMs: nov24 });
    }
  });

  it('refuses a document dated ahead of the clock', async () => {
    const source = await startedSource(ecbOptions());
    feed.body = dailyOf('2026-11-26', '1.3000');
    await source.refresh();
    expect(source.describe().lastError).toMatch(/ahead of this server's clock/);
    expect(source.describe().asOf).toBe('2026-11-24T00:00:00.000Z');
  });

  it('refreshes on its interval, with a timer that never holds the process open', async () => {
    const source = await startedSource(ecbOptions({ refreshMinutes: 0.001 })); // 60 ms
    feed.body = dailyOf('2026-11-24', '1.1590');
    await expect
      .poll(async () => (await source.referenceRates(['USD'])).rates.get('USD')?.rate, { timeout: 2_000 })
      .toEqual({ base: 'EUR', unitsPerBase: '1.1590' });
    source.stop();
    const requests = feed.requests;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feed.requests).toBe(requests);
  });

  it('never holds a quote longer than its timeout on a slow feed', async () => {
    const source = await startedSource(ecbOptions({ timeoutMs: 200, maxAgeHours: 24 }));
    now = nov24 + 30 * hourMs; // stale: the quote will try the feed
    feed.delayMs = 5_000;
    const startedAt = performance.now();
    await expect(refusal(source.referenceRates(['USD']))).resolves.toMatchObject({ status: 503 });
    expect(performance.now() - startedAt).toBeLessThan(1_500);
    await source.refresh();
    expect(source.describe().lastError).toMatch(/no answer within 200 ms/);
  });

  it('has no rates until a first document arrives, and fetches on demand at most every retry interval', async () => {
    feed.status = 500;
    const source = await startedSource(ecbOptions());
    expect(feed.requests).toBe(1);
    await expect(refusal(source.referenceRates(['USD']))).resolves.toMatchObject({
      status: 503,
      message: 'The price source ecb-daily-xml has no rates yet',
    });
    expect(feed.requests).toBe(1); // within the retry interval: no second fetch
    feed.status = 200;
    now += limits.priceFeedOnDemandRetryMs;
    await expect(source.referenceRates(['USD'])).resolves.toBeDefined();
    expect(feed.requests).toBe(2);
  });
});

describe('a live JSON feed source', () => {
  const jsonOptions = (url: string): PriceSourceOptions => ({
    source: 'json-feed',
    url,
    maxAgeSeconds: 300,
    refreshSeconds: 30,
    timeoutMs: 500,
    spreadBps: { default: 40, perCurrency: { USDC: 5 } },
  });

  it('reads a file: address, each rate judged by its own timestamp', async () => {
    const url = pathToFileURL(fileURLToPath(new URL('../../../test/fixtures/prices/feed.json', import.meta.url)));
    now = Date.parse('2026-11-25T10:04:59Z');
    const source = await startedSource(jsonOptions(url.toString()));
    const set = await source.referenceRates(['USDC', 'BTC']);
    expect(set.rates.get('BTC')).toEqual({
      currency: 'BTC',
      rate: { base: 'USD', unitsPerBase: '0.0000105' },
      spreadBps: 40,
      asOfMs: Date.parse('2026-11-25T10:00:02Z'),
    });
    expect(set.rates.get('USDC')?.spreadBps).toBe(5);
    // BRL was set at 09:59:58.250: at 10:04:59 it is 300.75 s old, over the 300 s allowed; BTC is not.
    await expect(refusal(source.referenceRates(['BRL']))).resolves.toMatchObject({ status: 503 });
  });

  it('refuses a missing file as unavailable, not as a crash', async () => {
    const source = await startedSource(jsonOptions('file:///nonexistent/prices.json'));
    expect(source.describe().lastError).toMatch(/PriceFeedUnavailable: ENOENT/);
    expect(source.covers('USD')).toBe(false);
  });
});
