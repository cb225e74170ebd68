import type { AppContext } from '../../app-context.js';
import { currencyOf } from '../../catalogue/index.js';
import { ApiError } from '../../domain/errors.js';
import { amountFromDecimal, amountToDecimal } from '../../domain/money/currency-amount.js';
import type { Clock } from '../../platform/clock.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import type { CorridorProvider } from '../../providers/corridors/corridor-provider.js';
import { enforceCorridorLimits } from '../../providers/corridors/enforce-limits.js';
import type { OpenBankingProvider } from '../../providers/openbanking/openbanking-provider.js';
import { lockSession, type PayerDetails, type SessionRow } from '../../resources/openbanking/repo.js';
import { queueSettlement } from '../../resources/openbanking/settlement.js';
import { loadTarget, openBankingRails } from '../../resources/openbanking/target.js';
import { expireIfOverdue, isOverdue, moveSession } from '../../resources/openbanking/transitions.js';
import type { Db } from '../../storage/db.js';
import type { PageText } from './text.js';

// What the payer does on the hosted page: pay from a chosen bank, or cancel. The fields are checked here (the page
// shows each problem next to its field); the bank is asked outside any transaction; the outcome is recorded under
// locks taken in the order entity → session.

export type FormField = 'bank' | 'payerName' | 'payerAccount' | 'amount';
export type FormErrors = Partial<Record<FormField, keyof PageText['errors']>>;
/** What the payer typed, echoed back into the form when it is shown again with errors. */
export type FormValues = Partial<Record<FormField, string>>;

/** A posted form field: the first value when repeated, trimmed; absent as ''. */
export const formField = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
};

/** ISO 13616 shape and the mod-97 check: catches a mistyped IBAN before the bank does. */
export function validIban(raw: string): string | undefined {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return undefined;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1 ? iban : undefined;
}

/** A UK account number: 8 digits (spaces and hyphens allowed when typed). */
export function validAccountNumber(raw: string): string | undefined {
  const digits = raw.replace(/[\s-]+/g, '');
  return /^\d{8}$/.test(digits) ? digits : undefined;
}

/** An amount the payer typed, in minor units: a dot or a comma as the decimal separator, no grouping. */
export function typedAmount(raw: string, currency: string): bigint | undefined {
  if (!/^\d{1,12}([.,]\d+)?$/.test(raw)) return undefined;
  const parsed = amountFromDecimal(raw.replace(',', '.'), currency);
  return parsed.ok && parsed.minor > 0n ? parsed.minor : undefined;
}

interface CheckedPayment {
  readonly bankId: string;
  readonly payer: PayerDetails;
  readonly amount: bigint;
}

export type PayOutcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'invalid'; readonly errors: FormErrors; readonly values: FormValues };

async function checkForm(
  corridors: CorridorProvider,
  provider: OpenBankingProvider,
  session: SessionRow,
  body: unknown,
): Promise<CheckedPayment | { errors: FormErrors; values: FormValues }> {
  const values: FormValues = {
    bank: formField(body, 'bank'),
    payerName: formField(body, 'payerName'),
    payerAccount: formField(body, 'payerAccount'),
    amount: formField(body, 'amount'),
  };
  const errors: FormErrors = {};
  const bank = provider.banks(session.currency).find((b) => b.id === values.bank);
  if (!bank) errors.bank = 'bank';
  const name = values.payerName ?? '';
  if (name.length === 0 || name.length > 140) errors.payerName = 'payerName';
  const byIban = session.currency === 'EUR';
  const account = byIban ? validIban(values.payerAccount ?? '') : validAccountNumber(values.payerAccount ?? '');
  if (account === undefined) errors.payerAccount = byIban ? 'iban' : 'accountNumber';
  const currency = currencyOf(session.currency);
  let amount = session.amount ?? undefined;
  if (amount === undefined && currency) {
    amount = typedAmount(values.amount ?? '', currency.code);
    if (amount === undefined) errors.amount = 'amount';
    else {
      try {
        await enforceCorridorLimits(corridors, {
          currency,
          direction: 'payin',
          minor: amount,
          field: 'amount',
          rail: openBankingRails[session.currency] ?? session.currency,
        });
      } catch (error) {
        if (!(error instanceof ApiError) || error.type !== 'ValidationError') throw error;
        errors.amount = 'amountRange';
      }
    }
  }
  if (!bank || account === undefined || amount === undefined || Object.keys(errors).length > 0) {
    return { errors, values };
  }
  const payer: PayerDetails = byIban ? { name, iban: account } : { name, accountNumber: account };
  return { bankId: bank.id, payer, amount };
}

/** What paying a session from the payer's bank reads of the server. */
export type PayingByBank = Pick<AppContext, 'db' | 'clock' | 'config' | 'secretsKeyring' | 'corridors'>;

/**
 * Pays the session: the provider asks the chosen bank (outside any transaction, the session id as its idempotency
 * key), then one transaction records the outcome: AUTHORIZED with the inbound transfer queued, or FAILED (declined,
 * or the deposit/order stopped taking money meanwhile). A session that changed meanwhile is left as it is.
 */
export async function payByBank(
  ctx: PayingByBank,
  provider: OpenBankingProvider,
  session: SessionRow,
  body: unknown,
): Promise<PayOutcome> {
  const checked = await checkForm(ctx.corridors, provider, session, body);
  if ('errors' in checked) return { kind: 'invalid', errors: checked.errors, values: checked.values };
  const before = await loadTarget(ctx.db, session.entity_type, session.workspace_id, session.entity_id);
  const outcome = before?.acceptsPayment
    ? await provider.authorize({
        sessionId: session.id,
        bankId: checked.bankId,
        currency: session.currency,
        amount: amountToDecimal(checked.amount, session.currency),
        reference: session.reference,
        payer: checked.payer,
      })
    : undefined;
  await ctx.db.transaction(async (tx) => {
    const target = await loadTarget(tx, session.entity_type, session.workspace_id, session.entity_id, true);
    const current = await lockSession(tx, session.id);
    const nowMs = ctx.clock.nowMs();
    if (current?.status !== 'CREATED') return;
    if (isOverdue(current, nowMs)) {
      await expireIfOverdue(tx, current, nowMs);
      return;
    }
    // The session keeps the payer's account sealed (platform/secrets/sensitive.ts): the page shows only the name.
    const payer = sealSensitive(ctx.secretsKeyring, checked.payer);
    const paid = { amount: checked.amount, bankId: checked.bankId, payer };
    // The deposit or order stopped taking money (cancelled, expired, paid) while the bank was asked: nothing is
    // queued, and a real provider's initiated payment would come back to the payer as an unmatched transfer.
    if (!target?.acceptsPayment || outcome === undefined) {
      await moveSession(tx, current, { status: 'FAILED', reason: 'not_payable', ...paid }, nowMs);
      return;
    }
    const withReference = { ...paid, providerReference: outcome.providerReference };
    if (outcome.outcome === 'declined') {
      await moveSession(tx, current, { status: 'FAILED', reason: 'declined', ...withReference }, nowMs);
      return;
    }
    const authorized = await moveSession(
      tx,
      current,
      { status: 'AUTHORIZED', stamp: 'authorized_at_ms', ...withReference },
      nowMs,
    );
    await queueSettlement(ctx.config, ctx.secretsKeyring, tx, authorized, payer, checked.amount, nowMs);
  });
  return { kind: 'done' };
}

/** The payer cancels: CANCELLED, no money moved (an overdue session is recorded EXPIRED instead). */
export async function cancelPayment(db: Db, clock: Clock, session: SessionRow): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockSession(tx, session.id);
    const nowMs = clock.nowMs();
    if (current?.status !== 'CREATED') return;
    if (isOverdue(current, nowMs)) await expireIfOverdue(tx, current, nowMs);
    else await moveSession(tx, current, { status: 'CANCELLED', reason: 'cancelled_by_payer' }, nowMs);
  });
}
