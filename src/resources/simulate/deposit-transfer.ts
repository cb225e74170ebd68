import type { Static } from 'typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { currencyOf } from '../../catalogue/index.js';
import { counterpartyPayerFields } from '../../catalogue/simulate-payer-fields.js';
import { stateError, validation } from '../../domain/errors.js';
import { amountFromJson } from '../../domain/money/currency-amount.js';
import { acceptsInbound } from '../../domain/states/deposit-status.js';
import { enqueueJob } from '../../jobs/queue.js';
import { Obj, PositiveAmount, StringEnum, titled } from '../../platform/schema.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { type DepositInboundPayload, depositInboundJob } from '../deposits/inbound.js';
import { ownedDeposit } from '../deposits/service.js';

export const Counterparty = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 140 }),
    iban: Type.Optional(Type.String({ minLength: 15, maxLength: 34 })),
    accountNumber: Type.Optional(Type.String({ minLength: 4, maxLength: 34 })),
    pixKey: Type.Optional(Type.String({ minLength: 1, maxLength: 77 })),
    taxId: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    clabe: Type.Optional(Type.String({ pattern: '^\\d{18}$' })),
    mobileMoneyNumber: Type.Optional(Type.String({ pattern: '^\\+?\\d{7,15}$' })),
  },
  { additionalProperties: false },
);

export const SimulateDepositTransfer = Obj({
  depositId: Type.String({ minLength: 1, maxLength: 40 }),
  amount: {
    ...PositiveAmount,
    description: 'Equal to the expected amount for a clean success; smaller: a partial payment',
  },
  scenario: Type.Optional(
    StringEnum(['success', 'failed', 'compliance_review', 'processing'], {
      description: 'Fiat only; crypto always settles as received',
    }),
  ),
  fromAddress: Type.Optional(Type.String({ minLength: 10, maxLength: 120, description: 'Crypto origins' })),
  counterparty: Type.Optional(Counterparty),
});

export const SimulationAccepted = titled(
  'Simulated transfer, accepted',
  Type.Object({
    success: Type.Literal(true),
    message: Type.String(),
    depositId: Type.String(),
  }),
);

/** Checks the payer field the origin currency calls for (spec: the payer-field table). */
export function checkPayer(
  currencyCode: string,
  body: { fromAddress?: string | undefined; counterparty?: Static<typeof Counterparty> | undefined },
) {
  const currency = currencyOf(currencyCode);
  if (currency?.kind === 'crypto') {
    if (body.counterparty !== undefined)
      throw validation(`counterparty is for fiat origins; ${currencyCode} takes fromAddress`);
    if (body.fromAddress === undefined) throw validation(`fromAddress is required for a ${currencyCode} transfer`);
    return;
  }
  if (body.fromAddress !== undefined)
    throw validation(`fromAddress is for crypto origins; ${currencyCode} takes counterparty`);
  if (body.counterparty === undefined) throw validation(`counterparty is required for a ${currencyCode} transfer`);
  const accepted = counterpartyPayerFields[currencyCode] ?? [];
  const sent = Object.keys(body.counterparty).filter((k) => k !== 'name');
  const wrong = sent.find((k) => !accepted.includes(k));
  if (wrong !== undefined) {
    throw validation(
      `counterparty.${wrong} is not the payer field of ${currencyCode}; send ${accepted.length ? accepted.join(' or ') : 'only name'}`,
    );
  }
  if (accepted.length > 0 && sent.length === 0) {
    throw validation(`counterparty.${accepted[0]} is required for a ${currencyCode} transfer`);
  }
}

/** What simulating a deposit's inbound transfer reads of the server: the store, the clock, the sandbox's delay. */
export type DepositTransferSimulating = Pick<AppContext, 'db' | 'clock' | 'config'>;

export async function simulateDepositTransfer(
  ctx: DepositTransferSimulating,
  workspace: WorkspaceContext,
  body: Static<typeof SimulateDepositTransfer>,
) {
  const deposit = await ownedDeposit(ctx.db, workspace, body.depositId);
  checkPayer(deposit.currency, body);
  const amount = amountFromJson(body.amount, deposit.currency);
  if (!amount.ok) throw validation(`amount ${amount.reason} (${deposit.currency})`);
  if (!acceptsInbound.has(deposit.status)) {
    throw stateError(`Deposit ${deposit.id} is ${deposit.status} and accepts no further transfers`);
  }
  const scenario = currencyOf(deposit.currency)?.kind === 'crypto' ? 'success' : (body.scenario ?? 'success');
  const payload: DepositInboundPayload = {
    workspaceId: workspace.id,
    depositId: deposit.id,
    amount: amount.minor.toString(),
    scenario,
  };
  const nowMs = ctx.clock.nowMs();
  await enqueueJob(
    ctx.db,
    { kind: depositInboundJob, payload: { ...payload }, runAtMs: nowMs + ctx.config.sandboxSettleDelayMs },
    nowMs,
  );
  return {
    success: true as const,
    message: `Inbound transfer accepted; it settles as ${scenario}`,
    depositId: deposit.id,
  };
}
