import { Type } from 'typebox';
import { holdableCurrencyValues } from '../../catalogue/rail-values.js';
import { withdrawalStatuses } from '../../domain/states/withdrawal-status.js';
import { named } from '../../platform/components.js';
import { Obj, PositiveAmount, StringEnum } from '../../platform/schema.js';

/** The payout instrument: `type` is the rail and alone decides the field set (GET .../destination-schema). */
export const DestinationTransferData = named(
  'DestinationTransferData',
  Type.Object(
    // Any string: an unknown rail is refused by the service, naming the rails the currency accepts (400 1008).
    { type: Type.String({ minLength: 1, maxLength: 60, description: 'The payout rail' }) },
    {
      additionalProperties: true,
      description:
        'Fields per rail: GET /v1/currencies/{currency}/destination-schema. Or a stored destination: ' +
        '{ type: LINKED_BANK_ACCOUNT, bankingAccountId } (POST /v1/banking-accounts)',
    },
  ),
);

export const Beneficiary = Obj(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    surname: Type.String({ minLength: 1, maxLength: 100 }),
    relationship: StringEnum(['third_party']),
  },
  { description: "For payouts to a wallet that is not the account holder's own" },
);

export const CreateWithdrawalRequest = Obj({
  currency: Type.String({
    pattern: '^[A-Z]{3,5}$',
    description: `A held currency: ${holdableCurrencyValues.join(', ')}`,
  }),
  amount: PositiveAmount,
  destinationTransferData: DestinationTransferData,
  beneficiary: Type.Optional(Beneficiary),
});

export const Withdrawal = named(
  'Withdrawal',
  Type.Object({
    withdrawalId: Type.String({ format: 'uuid' }),
    currency: Type.String(),
    amount: Type.Number(),
    fee: Type.Number({ description: 'Network fee for crypto payouts; 0 for fiat rails' }),
    feeCurrency: Type.String(),
    rail: Type.String(),
    status: StringEnum(withdrawalStatuses),
    destinationTransferData: Type.Record(Type.String(), Type.String()),
    beneficiary: Type.Optional(Type.Record(Type.String(), Type.String())),
    failureReason: Type.Optional(Type.String()),
    createdAt: Type.Integer({ description: 'Unix seconds' }),
    updatedAt: Type.Integer({ description: 'Unix seconds' }),
  }),
);
