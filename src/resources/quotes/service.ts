import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { currencyOf, originRailsOf, pairOf, payoutRailsOf } from '../../catalogue/index.js';
import { networkGasFees } from '../../catalogue/network-gas-fees.js';
import { linkedBankAccountRail, storablePayoutRailsOf } from '../../catalogue/payout-identifiers.js';
import { payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import type { CurrencyEntry } from '../../catalogue/types.js';
import { allowance, validation } from '../../domain/errors.js';
import { decimalOfMinor, decimalOfNumber, minorOfDecimal, minorOfNumber } from '../../domain/money/amount.js';
import { amountToJson } from '../../domain/money/currency-amount.js';
import { inverseRate, midRate, priceQuote, RATE_DECIMALS, rateDecimal } from '../../domain/pricing/quote-pricing.js';
import { secondsOf } from '../../platform/clock.js';
import { requireCollection, requirePayout } from '../../providers/capabilities.js';
import { enforceCorridorLimits } from '../../providers/corridors/enforce-limits.js';
import { rateIn } from '../../providers/prices/price-source.js';
import { clockOffsetMs } from '../../workspaces/clock.js';
import { feeBpsFor, type WorkspaceContext } from '../../workspaces/workspace.js';
import { insertQuote } from './repo.js';
import type { QuoteRequest, QuoteResponse } from './schema.js';

type Request = Static<typeof QuoteRequest>;
type Response = Static<typeof QuoteResponse>;

const gasByRail = new Map(networkGasFees.map((g) => [g.rail, g.usd]));

/** What pricing and storing a quote reads of the server. */
export type QuoteCreating = Pick<AppContext, 'db' | 'clock' | 'config' | 'capabilities' | 'corridors' | 'prices'>;

/** Checks run in a fixed order (amount presence, currencies, rails, pair, amount scale, price, limits). */
export async function createQuote(ctx: QuoteCreating, workspace: WorkspaceContext, body: Request): Promise<Response> {
  if ((body.originAmount === undefined) === (body.destinationAmount === undefined)) {
    throw validation('Send exactly one of originAmount and destinationAmount', 'invalidParameters');
  }
  const origin = roleCurrency(body.originCurrency, 'originCurrency');
  const destination = roleCurrency(body.destinationCurrency, 'destinationCurrency');
  if (origin.code === destination.code) {
    throw validation('originCurrency and destinationCurrency must differ', 'invalidParameters');
  }
  const originRail = chooseRail(origin, body.originRail, originRailsOf(origin), 'originRail', 'collected');
  const destinationRail = chooseRail(
    destination,
    body.destinationRail,
    quotableDestinationRailsOf(destination),
    'destinationRail',
    'paid out',
  );
  const pair = pairOf(origin.code, destination.code);
  if (workspace.enabledPairs !== null && !workspace.enabledPairs.has(pair)) {
    throw allowance(`Pair ${pair} is not enabled for this workspace; GET /v1/pairs lists the enabled pairs`);
  }
  // Production offers only what is connected (providers/capabilities.ts): refused before anything is priced or stored.
  if (originRail !== 'BALANCE') requireCollection(ctx.capabilities, origin.code, originRail);
  if (destinationRail !== 'BALANCE') requirePayout(ctx.capabilities, destination.code, destinationRail);
  const side = body.originAmount === undefined ? 'destination' : 'origin';
  const field = side === 'origin' ? 'originAmount' : 'destinationAmount';
  const amountCurrency = side === 'origin' ? origin : destination;
  const parsed = minorOfNumber((body.originAmount ?? body.destinationAmount) as number, amountCurrency.precision);
  if (!parsed.ok) throw validation(`${field} ${parsed.reason} (${amountCurrency.code})`);

  const checkBounds = {
    origin: (minor: bigint) =>
      originRail === 'BALANCE'
        ? undefined
        : enforceCorridorLimits(ctx.corridors, {
            currency: origin,
            direction: 'payin',
            minor,
            field: 'originAmount',
            rail: originRail,
          }),
    destination: (minor: bigint) =>
      destinationRail === 'BALANCE'
        ? undefined
        : enforceCorridorLimits(ctx.corridors, {
            currency: destination,
            direction: 'payout',
            minor,
            field: 'destinationAmount',
            rail: destinationRail,
          }),
  };
  await checkBounds[side](parsed.minor);

  const isCryptoPayout = payoutRailByRail(destinationRail)?.kind === 'crypto';
  const gasUsd = isCryptoPayout ? gasByRail.get(destinationRail) : undefined;
  // One call, one document: both rates (and USD's, to convert a crypto payout's network fee) share a base. A source
  // that cannot price one of them, or only with a rate older than it accepts, answers 503 here.
  const prices = await ctx.prices.referenceRates(
    gasUsd === undefined ? [origin.code, destination.code] : [origin.code, destination.code, 'USD'],
  );
  const originRate = rateIn(prices, origin.code);
  const destinationRate = rateIn(prices, destination.code);
  const creatorMarkup = body.creatorMarkup === undefined ? undefined : decimalOfNumber(body.creatorMarkup);
  if (creatorMarkup !== undefined && !minorOfDecimal(creatorMarkup, 6).ok) {
    throw validation('creatorMarkup has more than 6 decimal places');
  }
  const originPricing = { precision: origin.precision, rate: originRate.rate, spreadBps: originRate.spreadBps };
  const destinationPricing = {
    precision: destination.precision,
    rate: destinationRate.rate,
    spreadBps: destinationRate.spreadBps,
  };
  const priced = priceQuote({
    origin: originPricing,
    destination: destinationPricing,
    feeBps: feeBpsFor(workspace.feeSchedule, pair),
    creatorMarkup,
    gas: gasUsd === undefined ? undefined : { usd: gasUsd, usdRate: rateIn(prices, 'USD').rate },
    amount: { side, minor: parsed.minor },
  });
  if (!priced.ok) throw validation(priced.reason);
  const p = priced.pricing;

  // The amount the partner sent was checked before pricing; the derived one can only be checked now.
  if (side === 'destination') await checkBounds.origin(p.originMinor);
  else await checkBounds.destination(p.destinationMinor);

  const nowMs = ctx.clock.nowMs();
  // The validity is a deadline: it runs on the workspace's clock (a stage test clock's offset; 0 in production), as
  // the order that binds the quote reads it (docs/decisions/sandbox-and-simulator.md, "Sandbox helpers by id and the test clock"). createdAt stays the system time.
  const expireAtMs = nowMs + (await clockOffsetMs(ctx, workspace.id)) + ctx.config.quoteTtlSeconds * 1000;
  const quoteId = randomUUID();
  const conversionRate = rateDecimal(p.rateScaled);
  const price = rateDecimal(inverseRate(p.rateScaled));
  await insertQuote(ctx.db, {
    id: quoteId,
    workspaceId: workspace.id,
    originCurrency: origin.code,
    originRail,
    destinationCurrency: destination.code,
    destinationRail,
    originMinor: p.originMinor,
    destinationMinor: p.destinationMinor,
    feeMinor: p.feeMinor,
    gasMinor: p.gasMinor,
    markupFeeMinor: p.markupFeeMinor,
    feeCurrency: origin.code,
    conversionRate: rateDecimal(p.rateScaled, 36),
    price: rateDecimal(inverseRate(p.rateScaled), 36),
    amountSide: side,
    locale: body.locale,
    customerId: body.customerId,
    customerEmail: body.customerEmail,
    userEmail: body.userEmail,
    creatorMarkup,
    priceSource: prices.source,
    originRateAsOfMs: originRate.asOfMs,
    destinationRateAsOfMs: destinationRate.asOfMs,
    midRate: decimalOfMinor(midRate(originPricing, destinationPricing), RATE_DECIMALS),
    createdAtMs: nowMs,
    expireAtMs,
  });
  return {
    quoteId,
    originCurrency: origin.code,
    destinationCurrency: destination.code,
    originNetwork: originRail,
    destinationNetwork: destinationRail,
    originAmount: amountToJson(p.originMinor, origin.code),
    destinationAmount: amountToJson(p.destinationMinor, destination.code),
    price: Number(price),
    conversionRate: Number(conversionRate),
    pair,
    fee: amountToJson(p.feeMinor, origin.code),
    expectedGasFee: amountToJson(p.gasMinor, origin.code),
    feeCurrency: origin.code,
    expireAt: secondsOf(expireAtMs),
  };
}

/**
 * The rails a quote may pay out by: the currency's payout rails, and LINKED_BANK_ACCOUNT where a banking account can
 * hold one of them (the order's stored destination then decides the rail; limits are per currency).
 */
const quotableDestinationRailsOf = (currency: CurrencyEntry): readonly string[] =>
  storablePayoutRailsOf(currency).length > 0
    ? [...payoutRailsOf(currency), linkedBankAccountRail]
    : payoutRailsOf(currency);

function roleCurrency(code: string, field: 'originCurrency' | 'destinationCurrency'): CurrencyEntry {
  const currency = currencyOf(code);
  const allowed = field === 'originCurrency' ? currency?.originAllowed : currency?.destinationAllowed;
  if (!currency || !allowed) {
    const role = field === 'originCurrency' ? 'an origin' : 'a destination';
    throw validation(`${field} ${code} cannot be used as ${role} currency`, 'notSupportedCurrency');
  }
  return currency;
}

function chooseRail(
  currency: CurrencyEntry,
  sent: string | undefined,
  accepted: readonly string[],
  field: 'originRail' | 'destinationRail',
  verb: string,
): string {
  if (sent === undefined) {
    const fallback = accepted[0];
    if (fallback === undefined)
      throw validation(`${currency.code} has no rail by which it can be ${verb}`, 'invalidParameters');
    return fallback;
  }
  if (!accepted.includes(sent)) {
    throw validation(
      `${field} ${sent} is not accepted for ${currency.code}; accepted methods: ${accepted.join(', ')}`,
      'invalidParameters',
    );
  }
  return sent;
}
