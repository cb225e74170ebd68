import { Type } from 'typebox';
import { DecimalAmount } from '../providers/provider-service/protocol-schema.js';

// The callbacks the brokerage's provider service makes, at /provider/v1 (docs/decisions/providers-and-production-evidence.md, "The provider protocol"). Each carries
// its own callbackId, chosen by the provider and unique across all its callbacks: sending one again is harmless.

const CallbackId = Type.String({
  pattern: '^[A-Za-z0-9._:-]{8,128}$',
  description:
    'The provider’s id of this callback: the same id again is the same callback (answered, not applied again)',
});

export const InboundCreditCallback = Type.Object(
  {
    callbackId: CallbackId,
    depositId: Type.Optional(
      Type.String({
        pattern: '^[A-Z0-9]{12,15}$',
        description: 'The depositId the deposit instructions were asked for; or give network and address',
      }),
    ),
    network: Type.Optional(
      Type.String({
        pattern: '^[A-Z0-9_]{2,40}$',
        description: 'A crypto transfer to one of the brokerage’s own deposit addresses: its network (ETH, MATIC, …)',
      }),
    ),
    address: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9:_-]{20,128}$', description: 'With network: the deposit address credited' }),
    ),
    currency: Type.String({ pattern: '^[A-Z]{3,5}$', description: 'Must be the deposit’s currency' }),
    amount: { ...DecimalAmount, description: 'What arrived, an exact decimal at most at the currency’s precision' },
    counterparty: Type.Optional(
      Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 200 }), {
        maxProperties: 20,
        description: 'Who paid, as the rail knows them (name, account, address, …): shown to operators',
      }),
    ),
  },
  { additionalProperties: false, description: 'Money arrived for a deposit (or an order’s payment)' },
);

export const PayoutOutcomeCallback = Type.Object(
  {
    callbackId: CallbackId,
    payoutId: Type.String({ minLength: 1, maxLength: 64, description: 'The payoutId of POST /payouts' }),
    outcome: Type.Union([Type.Literal('settled'), Type.Literal('rejected'), Type.Literal('returned')], {
      description: 'settled: paid; rejected: not paid, the hold is released; returned: paid, then sent back',
    }),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Recorded for operators' })),
  },
  { additionalProperties: false, description: 'What became of a payout the service accepted' },
);

export const CallbackResult = Type.Union(
  [Type.Literal('credited'), Type.Literal('applied'), Type.Literal('already-applied'), Type.Literal('unresolved')],
  {
    description:
      'credited: the credit is applied to its deposit under the deposit’s own rules; applied: the outcome moved the ' +
      'payout; already-applied: the payout already had this outcome, nothing changed; unresolved: recorded, but the ' +
      'subject could no longer take it, an operator resolves it',
  },
);

export const CallbackAnswer = Type.Object(
  {
    callbackId: Type.String(),
    result: CallbackResult,
    replayed: Type.Boolean({ description: 'true when this callbackId was received before: nothing was changed now' }),
  },
  { additionalProperties: false },
);
