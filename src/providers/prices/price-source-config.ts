// The price source options an operator configures, as TypeBox schemas (unknown keys refused), and the factory the
// composition root calls. The markup is not here: it stays the workspace's fee schedule.

import { type Static, Type } from 'typebox';
import { limits } from '../../limits.js';
import { parseEcbDailyXml } from './ecb-daily-xml.js';
import { priceFeedProtocols } from './fetch-document.js';
import { parseJsonFeed } from './json-feed.js';
import { LivePriceSource, type LivePriceSourceDeps } from './live-price-source.js';
import { currencyCodePattern } from './rate-document.js';

const Bps = Type.Integer({ minimum: 0, maximum: limits.priceSpreadMaxBps });

export const SpreadBpsOptions = Type.Object(
  {
    /** Half-spread in basis points on each side of a conversion, for every currency not listed below. */
    default: Bps,
    perCurrency: Type.Optional(
      Type.Record(Type.String({ pattern: currencyCodePattern }), Bps, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

const Url = Type.String({
  minLength: 1,
  pattern: '^(https?|file):',
  description: 'http(s) address of the published document, or a file: URL of a copy on disk',
});

export const EcbDailyXmlOptions = Type.Object(
  {
    source: Type.Literal('ecb-daily-xml'),
    /** https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml, or a mirror. */
    url: Url,
    /** The oldest rate a quote accepts; must cover weekends and TARGET holidays (the ECB publishes nothing then). */
    maxAgeHours: Type.Number({ exclusiveMinimum: 0 }),
    refreshMinutes: Type.Number({ exclusiveMinimum: 0 }),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
    spreadBps: SpreadBpsOptions,
  },
  { additionalProperties: false },
);

export const JsonFeedOptions = Type.Object(
  {
    source: Type.Literal('json-feed'),
    url: Url,
    maxAgeSeconds: Type.Number({ exclusiveMinimum: 0 }),
    refreshSeconds: Type.Number({ exclusiveMinimum: 0 }),
    timeoutMs: Type.Integer({ minimum: 1 }),
    spreadBps: SpreadBpsOptions,
  },
  { additionalProperties: false },
);

export const PriceSourceOptions = Type.Union([EcbDailyXmlOptions, JsonFeedOptions]);
export type PriceSourceOptions = Static<typeof PriceSourceOptions>;

/**
 * The live source the options describe. The caller owns its life: `await source.start()` loads the first document
 * (a failure is logged, and quotes answer 503 until a document arrives) and starts the refresh timer; `stop()` ends it.
 */
export function createPriceSource(options: PriceSourceOptions, deps: LivePriceSourceDeps): LivePriceSource {
  const url = new URL(options.url);
  if (!(priceFeedProtocols as readonly string[]).includes(url.protocol)) {
    throw new Error(`price source url ${options.url}: the protocol must be one of ${priceFeedProtocols.join(', ')}`);
  }
  const spreadBps = options.spreadBps;
  if (options.source === 'ecb-daily-xml') {
    return new LivePriceSource(
      {
        name: options.source,
        url,
        parse: parseEcbDailyXml,
        maxAgeMs: options.maxAgeHours * 3_600_000,
        refreshMs: options.refreshMinutes * 60_000,
        timeoutMs: options.timeoutMs ?? limits.priceFeedTimeoutDefaultMs,
        spreadBps,
      },
      deps,
    );
  }
  return new LivePriceSource(
    {
      name: options.source,
      url,
      parse: parseJsonFeed,
      maxAgeMs: options.maxAgeSeconds * 1_000,
      refreshMs: options.refreshSeconds * 1_000,
      timeoutMs: options.timeoutMs,
      spreadBps,
    },
    deps,
  );
}
