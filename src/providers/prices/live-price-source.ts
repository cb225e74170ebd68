// A price source over a published document (the ECB's daily XML, the brokerage's JSON feed): fetched from the
// configured address, kept in memory, refreshed on an interval and again on demand when a quote finds its rate
// stale. Every rate keeps its publisher's timestamp; a rate older than maxAgeMs is refused with 503
// ExternalServiceError, so a feed that stops answering stops quotes once the rates it gave are too old, not before.

import { externalService } from '../../domain/errors.js';
import { limits } from '../../limits.js';
import { type FetchLike, fetchDocument } from './fetch-document.js';
import type { PriceSet, PriceSource, PriceSourceDescription, SourcedRate } from './price-source.js';
import { newestAsOfMs, type RateDocument } from './rate-document.js';

export interface SpreadOptions {
  /** Half-spread in basis points on each side of a conversion; the source's rates are mid rates. */
  readonly default: number;
  readonly perCurrency?: Readonly<Record<string, number>>;
}

export interface LivePriceSourceOptions {
  /** The source's kind, recorded on quotes: 'ecb-daily-xml' or 'json-feed'. */
  readonly name: string;
  readonly url: URL;
  readonly parse: (text: string) => RateDocument;
  readonly maxAgeMs: number;
  readonly refreshMs: number;
  /** The longest a fetch, and so a quote waiting on one, may take. */
  readonly timeoutMs: number;
  readonly spreadBps: SpreadOptions;
}

/** A logger's two levels used here; pino's and Fastify's loggers fit. */
export interface PriceSourceLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface LivePriceSourceDeps {
  readonly nowMs: () => number;
  readonly logger?: PriceSourceLogger;
  readonly fetch?: FetchLike;
}

export class LivePriceSource implements PriceSource {
  private document: RateDocument | undefined;
  private inFlight: Promise<void> | undefined;
  private lastAttemptMs = Number.NEGATIVE_INFINITY;
  private lastError: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: LivePriceSourceOptions,
    private readonly deps: LivePriceSourceDeps,
  ) {}

  /** Loads the first document (a failure is logged and kept in describe(), never thrown), then refreshes on a timer. */
  async start(): Promise<void> {
    await this.refresh();
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMs);
    // A refresh timer never keeps a process alive on its own.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Fetches and parses the document once; concurrent callers share one attempt. Never throws. */
  refresh(): Promise<void> {
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  async referenceRates(currencies: readonly string[]): Promise<PriceSet> {
    if (this.wantsRefresh(currencies)) await this.refreshWithin(this.options.timeoutMs);
    // One document for the whole answer, read once: every rate shares its base.
    const document = this.document;
    const name = this.options.name;
    if (!document) throw externalService(`The price source ${name} has no rates yet`);
    const nowMs = this.deps.nowMs();
    const rates = new Map<string, SourcedRate>();
    for (const currency of currencies) {
      const published = document.rates.get(currency);
      if (!published) throw externalService(`The price source ${name} has no price for ${currency}`);
      if (nowMs - published.asOfMs > this.options.maxAgeMs) {
        throw externalService(
          `The price of ${currency} (${name}, as of ${new Date(published.asOfMs).toISOString()}) is older than this server accepts`,
        );
      }
      rates.set(currency, {
        currency,
        rate: { base: document.base, unitsPerBase: published.unitsPerBase },
        spreadBps: this.options.spreadBps.perCurrency?.[currency] ?? this.options.spreadBps.default,
        asOfMs: published.asOfMs,
      });
    }
    return { source: name, rates };
  }

  covers(currency: string): boolean {
    return this.document?.rates.has(currency) ?? false;
  }

  describe(): PriceSourceDescription {
    const document = this.document;
    const url = new URL(this.options.url);
    // The address may carry a token: the operator sees where, not with what.
    url.username = '';
    url.password = '';
    url.search = '';
    return {
      name: this.options.name,
      url: url.toString(),
      asOf: document ? new Date(newestAsOfMs(document)).toISOString() : null,
      base: document?.base ?? null,
      currencies: document ? [...document.rates.keys()] : [],
      ...(this.lastError === undefined ? {} : { lastError: this.lastError }),
    };
  }

  /**
   * A quote fetches again when there is no document, when a rate it needs is stale, or when no timer refreshes and
   * the last attempt is older than the interval; never more often than priceFeedOnDemandRetryMs.
   */
  private wantsRefresh(currencies: readonly string[]): boolean {
    const nowMs = this.deps.nowMs();
    if (nowMs - this.lastAttemptMs < limits.priceFeedOnDemandRetryMs) return false;
    const document = this.document;
    if (!document) return true;
    if (!this.timer && nowMs - this.lastAttemptMs >= this.options.refreshMs) return true;
    return currencies.some((c) => {
      const rate = document.rates.get(c);
      return rate !== undefined && nowMs - rate.asOfMs > this.options.maxAgeMs;
    });
  }

  /** Waits for a refresh at most `timeoutMs`: the fetch is bounded too, this bounds the parse and the wait in line. */
  private async refreshWithin(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([this.refresh(), gaveUp]);
    clearTimeout(timer);
  }

  private async load(): Promise<void> {
    const { name, url, timeoutMs } = this.options;
    this.lastAttemptMs = this.deps.nowMs();
    try {
      const document = this.options.parse(await fetchDocument(url, timeoutMs, this.deps.fetch));
      this.accept(document);
      this.lastError = undefined;
    } catch (error) {
      this.lastError = `${(error as Error).name}: ${(error as Error).message}`;
      this.deps.logger?.warn({ priceSource: name, error: this.lastError }, 'price source refresh failed');
    }
  }

  /** A document replaces the held one unless it is older (a lagging mirror never rolls prices back). */
  private accept(document: RateDocument): void {
    const newestMs = newestAsOfMs(document);
    if (newestMs > this.deps.nowMs() + limits.priceRateFutureSkewMaxMs) {
      throw new Error(`a rate is dated ${new Date(newestMs).toISOString()}, ahead of this server's clock`);
    }
    const held = this.document;
    if (held && newestMs < newestAsOfMs(held)) {
      this.deps.logger?.warn(
        { priceSource: this.options.name, asOf: new Date(newestMs).toISOString() },
        'price source served an older document than the one held; kept the held one',
      );
      return;
    }
    this.document = document;
    this.deps.logger?.info(
      { priceSource: this.options.name, asOf: new Date(newestMs).toISOString(), currencies: document.rates.size },
      'price source refreshed',
    );
  }
}
