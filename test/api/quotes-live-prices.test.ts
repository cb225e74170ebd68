import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPriceSource } from '../../src/providers/prices/price-source-config.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';
import { aQuote, beneficiary, destinations, payer, postOrder } from '../support/orders.js';
import { PriceFeedServer, priceFixture } from '../support/price-feed-server.js';

// Quotes priced by the live ECB source over its published XML (test/fixtures/prices/eurofxref-daily.xml, rates of
// 2026-11-24 in units per EUR), served on loopback. The expected amounts were computed by hand with exact fractions:
// cross rate through EUR rounded down once, less both half-spreads rounded down, fee rounded up, delivered amount
// rounded down (src/domain/pricing/quote-pricing.ts).

const hourMs = 3_600_000;
const nov24 = Date.parse('2026-11-24T00:00:00Z');
const feed = new PriceFeedServer();
/** The price source's own clock: the app's stays real so that tokens behave as usual. */
let sourceNowMs = nov24 + 20 * hourMs;
let t: TestApp;
let partner: Partner;
let ecb: ReturnType<typeof createPriceSource>;
beforeAll(async () => {
  await feed.start();
  feed.body = priceFixture('eurofxref-daily.xml');
  ecb = createPriceSource(
    {
      source: 'ecb-daily-xml',
      url: feed.url(),
      maxAgeHours: 96,
      refreshMinutes: 60,
      timeoutMs: 1_000,
      spreadBps: { default: 10, perCurrency: { BRL: 30 } },
    },
    { nowMs: () => sourceNowMs },
  );
  await ecb.start();
  t = await buildTestApp({ prices: ecb });
  partner = await aPartner(t.app);
});
afterAll(async () => {
  ecb.stop();
  await feed.stop();
});

const postQuote = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/quotes', headers: partner.headers, payload });

describe('a quote priced by the ECB reference rates', () => {
  it('crosses GBP to BRL through EUR exactly: 500 GBP, fee 2.50, 3518.12 BRL', async () => {
    const response = await postQuote({ originCurrency: 'GBP', destinationCurrency: 'BRL', originAmount: 500 });
    expect(response.statusCode, response.body).toBe(201);
    // mid 6.2505 / 0.88035 = 7.100017038677798602 (down); less 10 + 30 bps = 7.071616970523087407 (down);
    // 497.50 GBP × that = 3518.1294... BRL, delivered 3518.12.
    expect(response.json()).toMatchObject({
      originAmount: 500,
      destinationAmount: 3518.12,
      fee: 2.5,
      conversionRate: 7.071616971,
      pair: 'GBP/BRL',
    });
    const db = await testDb();
    const [row] = await db.query<Record<string, unknown>>(
      `select price_source, origin_rate_as_of_ms, destination_rate_as_of_ms, mid_rate::text as mid_rate,
         conversion_rate::text as conversion_rate
       from quotes where id = $1`,
      [response.json().quoteId],
    );
    expect(row).toEqual({
      price_source: 'ecb-daily-xml',
      origin_rate_as_of_ms: BigInt(nov24),
      destination_rate_as_of_ms: BigInt(nov24),
      mid_rate: '7.100017038677798602',
      conversion_rate: '7.071616970523087407',
    });
  });

  it('from the destination amount: 500.00 EUR delivered for 582.78 USD, fee 2.92', async () => {
    // mid 1 / 1.1574 = 0.864005529635389666 (down); less 20 bps = 0.862277518576118886 (down); the smallest net
    // that delivers 500.00 EUR is 579.86 USD, and the smallest gross whose 50 bps fee (up) leaves it is 582.78.
    const response = await postQuote({ originCurrency: 'USD', destinationCurrency: 'EUR', destinationAmount: 500 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ originAmount: 582.78, destinationAmount: 500, fee: 2.92 });
  });

  it('refuses a currency the ECB does not publish with 503, storing nothing', async () => {
    const db = await testDb();
    const count = async () =>
      (
        await db.query<{ n: number }>('select count(*)::int as n from quotes where workspace_id = $1', [
          partner.credentials.workspaceId,
        ])
      )[0]?.n;
    const before = await count();
    const response = await postQuote({ originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 100 });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ error: 'ExternalServiceError' });
    expect(response.body).not.toContain('127.0.0.1');
    expect(await count()).toBe(before);
  });

  it('refuses with 503 once the file is older than maxAgeHours, and quotes again when a fresh file arrives', async () => {
    sourceNowMs = nov24 + 97 * hourMs;
    const stale = await postQuote({ originCurrency: 'GBP', destinationCurrency: 'BRL', originAmount: 500 });
    expect(stale.statusCode, stale.body).toBe(503);
    expect(stale.json()).toMatchObject({ error: 'ExternalServiceError' });
    expect(stale.body).toContain('older than this server accepts');

    feed.body = priceFixture('eurofxref-daily.xml').replace("time='2026-11-24'", "time='2026-11-28'");
    sourceNowMs += 60_000; // past the on-demand retry spacing: the next quote fetches the feed
    const fresh = await postQuote({ originCurrency: 'GBP', destinationCurrency: 'BRL', originAmount: 500 });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json().destinationAmount).toBe(3518.12);
  });

  it('binds a quote into an order after the feed went stale: the spread is measured at the mid the quote kept', async () => {
    await verifyCustomer(t.app, partner, payer.userEmail);
    // EUR is the base: mid 6.2505 exactly; less 40 bps = 6.225498; 497.50 EUR deliver 3097.18 BRL.
    const quote = await aQuote(t.app, partner, {
      originCurrency: 'EUR',
      destinationCurrency: 'BRL',
      originAmount: 500,
    });
    expect(quote).toMatchObject({ originAmount: 500, fee: 2.5, destinationAmount: 3097.18 });
    sourceNowMs += 200 * hourMs;
    const created = await postOrder(t.app, partner, {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    });
    expect(created.statusCode, created.body).toBe(201);
    const db = await testDb();
    const [order] = await db.query<{ spread: bigint }>('select spread from orders where quote_id = $1', [
      quote.quoteId,
    ]);
    // Liquidity is paid 3097.18 BRL at mid: ceil(3097.18 / 6.2505) = 495.51 EUR; the spread is 497.50 - 495.51.
    expect(order?.spread).toBe(199n);
  });
});
