import { createHash } from 'node:crypto';
import type { Static } from 'typebox';
import type { AppContext } from '../app-context.js';
import { canonicalJson } from '../domain/canonical-json.js';
import { duplicity, existence, stateError, validation } from '../domain/errors.js';
import { amountFromDecimal } from '../domain/money/currency-amount.js';
import { applyPayoutReport } from '../payouts/outcomes.js';
import { findPayout } from '../payouts/register.js';
import type { Clock } from '../platform/clock.js';
import { sealSensitive } from '../platform/secrets/sensitive.js';
import type { ProviderServiceCallbacks } from '../providers/production-providers.js';
import { routeKey } from '../providers/rails/routed-rails.js';
import { depositIdOfAddress } from '../providers/wallets/address-store.js';
import { collectionByDepositId, creditCollection } from '../resources/collections/credit.js';
import type { Db, Queryable } from '../storage/db.js';
import { type CallbackKind, claimCallback, collectionRailOf, recordCallbackResult } from './repo.js';
import type { CallbackResult, InboundCreditCallback, PayoutOutcomeCallback } from './schema.js';

// A signed callback of the provider service (its signature was checked by the route), applied exactly once: its
// callbackId is claimed in the transaction that applies it, so a repeat answers what the first did and changes
// nothing, and a refusal (unknown deposit, wrong currency) rolls the claim back with everything else.

type Result = Static<typeof CallbackResult>;
export interface CallbackAnswer {
  readonly callbackId: string;
  readonly result: Result;
  readonly replayed: boolean;
}

// A callback sent again re-serialised is still the same callback: its members sorted (domain/canonical-json.ts).
const bodyHash = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('hex');

/** Claims the callback and applies it, or answers the recorded result of the same callback. */
async function once(
  db: Db,
  clock: Clock,
  callback: { readonly callbackId: string; readonly kind: CallbackKind; readonly subjectId: string; body: unknown },
  apply: (tx: Queryable, nowMs: number) => Promise<Result>,
): Promise<CallbackAnswer> {
  return db.transaction(async (tx) => {
    const nowMs = clock.nowMs();
    const bodySha256 = bodyHash(callback.body);
    const recorded = await claimCallback(tx, { ...callback, bodySha256, nowMs });
    if (recorded !== undefined) {
      if (recorded.kind !== callback.kind || recorded.body_sha256 !== bodySha256) {
        throw duplicity(`callbackId ${callback.callbackId} was used for a different callback`);
      }
      return { callbackId: callback.callbackId, result: recorded.result as Result, replayed: true };
    }
    const result = await apply(tx, nowMs);
    await recordCallbackResult(tx, callback.callbackId, result);
    return { callbackId: callback.callbackId, result, replayed: false };
  });
}

/** Which deposit an inbound credit names: by depositId, or by one of our own wallet's addresses. */
async function namedDeposit(db: Queryable, body: Static<typeof InboundCreditCallback>) {
  const byId = body.depositId !== undefined;
  const byAddress = body.network !== undefined || body.address !== undefined;
  if (byId === byAddress || (byAddress && (body.network === undefined || body.address === undefined))) {
    throw validation('Name the deposit by depositId, or by network and address (not both)');
  }
  if (body.depositId !== undefined) return { depositId: body.depositId, ownWallet: false };
  const depositId = await depositIdOfAddress(db, body.network as string, body.address as string);
  if (depositId === undefined) throw existence(`No deposit was given address ${body.address} on ${body.network}`);
  return { depositId, ownWallet: true };
}

/** What applying the provider service's inbound credit reads of the server. */
export type InboundCreditReceiving = Pick<AppContext, 'db' | 'clock' | 'secretsKeyring'>;

export async function receiveInboundCredit(
  ctx: InboundCreditReceiving,
  service: ProviderServiceCallbacks,
  body: Static<typeof InboundCreditCallback>,
): Promise<CallbackAnswer> {
  const { depositId, ownWallet } = await namedDeposit(ctx.db, body);
  const callback = { callbackId: body.callbackId, kind: 'inbound-credit' as const, subjectId: depositId, body };
  return once(ctx.db, ctx.clock, callback, async (tx, nowMs) => {
    const target = await collectionByDepositId(tx, depositId);
    if (target === undefined) throw existence(`No deposit ${depositId} awaits funds`);
    // A deposit collected otherwise (a bank account's, credited by its statement) is not the provider's to credit:
    // crediting it here could count the same money twice.
    const rail = await collectionRailOf(tx, depositId);
    if (!ownWallet && (rail === undefined || !service.collects.has(routeKey(target.currency, rail)))) {
      throw stateError(`Deposit ${depositId} is not collected through the provider service`);
    }
    if (body.currency !== target.currency) {
      throw validation(`currency ${body.currency} is not the deposit's (${target.currency})`);
    }
    const amount = amountFromDecimal(body.amount, target.currency);
    if (!amount.ok) throw validation(`amount ${body.amount} ${amount.reason} (${target.currency})`);
    if (amount.minor <= 0n) throw validation(`amount ${body.amount} is not positive`);
    // The payer's account is sealed before it is queued (platform/secrets/sensitive.ts): the credit's job and the
    // order it reaches hold it sealed; answers open it at the edge.
    const counterparty = sealSensitive(ctx.secretsKeyring, body.counterparty ?? {});
    await creditCollection(tx, target, { amountMinor: amount.minor, counterparty }, nowMs);
    return 'credited';
  });
}

/** What applying the provider service's payout outcome reads of the server. */
export type PayoutOutcomeReceiving = Pick<AppContext, 'db' | 'clock' | 'payoutSubjects'>;

export async function receivePayoutOutcome(
  ctx: PayoutOutcomeReceiving,
  body: Static<typeof PayoutOutcomeCallback>,
): Promise<CallbackAnswer> {
  const callback = { callbackId: body.callbackId, kind: 'payout-outcome' as const, subjectId: body.payoutId, body };
  return once(ctx.db, ctx.clock, callback, async (tx, nowMs) => {
    const payout = await findPayout(tx, body.payoutId);
    if (payout === undefined) throw existence(`No payout ${body.payoutId} was submitted`);
    if (payout.channel !== 'provider-service') {
      throw stateError(`Payout ${body.payoutId} was not submitted to the provider service`);
    }
    const result = await applyPayoutReport(
      tx,
      ctx.payoutSubjects,
      { payoutId: body.payoutId, outcome: body.outcome, reason: body.reason },
      nowMs,
    );
    if (result === 'unknown-payout') throw existence(`No payout ${body.payoutId} was submitted`);
    return result;
  });
}
