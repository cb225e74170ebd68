import { Type } from 'typebox';
import { holdableCurrencyValues } from '../../catalogue/rail-values.js';
import { depositStatuses } from '../../domain/states/deposit-status.js';
import { named } from '../../platform/components.js';
import { PartyIdentity } from '../../platform/party.js';
import { Obj, PositiveAmount, StringEnum } from '../../platform/schema.js';

export const CreateDepositRequest = Obj({
  userData: PartyIdentity,
  amount: Type.Optional({ ...PositiveAmount, description: 'Required except for EUR (open-amount collection)' }),
  // Checked by the service so that a refusal names the currency (a collect-only currency is a 400 of its own).
  currency: Type.String({
    pattern: '^[A-Z]{3,5}$',
    description: `A holdable currency: ${holdableCurrencyValues.join(', ')}`,
  }),
  rail: Type.Optional(
    Type.String({
      pattern: '^[A-Z0-9_]{2,40}$',
      description: 'Crypto: required (the network). Fiat: chosen by the platform when omitted.',
    }),
  ),
  originNetworkId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Mobile-money collection network id from the networks lookup',
    }),
  ),
});

/** depositInfo: one object per variant, selected by depositType; clients must read depositType. */
export const DepositInfoSchema = named(
  'DepositInfo',
  Type.Object(
    {
      depositType: Type.String({
        description: 'CRYPTO, SEPA, GBP_BANK_TRANSFER, ACH_US, PIX, PSE, PENDING, LOCALBANK, ...',
      }),
    },
    { additionalProperties: true },
  ),
);

export const Deposit = named(
  'Deposit',
  Type.Object({
    depositId: Type.String({ pattern: '^(PRE)?[A-Z0-9]{12}$' }),
    userData: Type.Record(Type.String(), Type.String()),
    createdAt: Type.Integer({ description: 'Unix seconds' }),
    receivedAt: Type.Optional(Type.Integer({ description: 'Unix seconds; absent until funds are received' })),
    rail: Type.String(),
    expectedAmount: Type.Optional(Type.Number({ description: 'Absent for an open-amount EUR collection' })),
    amount: Type.Number({ description: 'Credited so far: 0 until received, and while held for compliance review' }),
    currency: Type.String(),
    feeCurrency: Type.String(),
    fee: Type.Number(),
    expectedFee: Type.Number(),
    status: StringEnum(depositStatuses),
    depositInfoPending: Type.Boolean(),
    depositInfo: DepositInfoSchema,
    openbanking: Type.Optional(
      Type.Object(
        {
          sessionId: Type.String(),
          status: Type.String(),
          reason: Type.Optional(Type.String()),
          updatedAt: Type.Integer({ description: 'Unix seconds' }),
        },
        {
          description:
            'The newest open banking session, once a web form exists; GET /v1/openbanking/{id}/status has it all',
        },
      ),
    ),
  }),
);
