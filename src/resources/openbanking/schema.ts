import { Type } from 'typebox';
import { openBankingReasons, openBankingStatuses } from '../../domain/states/openbanking-status.js';
import { Obj, StringEnum, titled } from '../../platform/schema.js';

export const EntityParams = Obj({
  id: Type.String({ minLength: 1, maxLength: 40, description: 'An order id or a deposit id: detected' }),
});

export const CreateWebFormRequest = Obj({
  language: Type.Optional(
    Type.String({
      minLength: 2,
      maxLength: 35,
      description: 'A locale such as en, de, es, pt-BR; the page speaks en, es, pt and de and falls back to en',
    }),
  ),
});

export const WebForm = titled(
  'Payment web form',
  Type.Object({
    orderId: Type.String({ description: 'The order or deposit id the form pays' }),
    webForm: Type.String({ description: 'The hosted payment page: redirect the payer to it, or embed it' }),
    embed: Type.String({ description: 'An HTML iframe snippet showing the page' }),
    usage: Type.String({ description: 'How to use the link: single use, expiry' }),
  }),
);

const Session = Type.Object({
  sessionId: Type.String({ format: 'uuid' }),
  status: StringEnum(openBankingStatuses),
  reason: Type.Optional(StringEnum(openBankingReasons, { description: 'Why the session ended, when not COMPLETED' })),
  amount: Type.Optional(
    Type.Number({ description: 'Absent while the payer of an open-amount deposit has not entered it' }),
  ),
  currency: Type.String(),
  language: Type.String({ description: 'The page language' }),
  bank: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
  updatedAt: Type.Integer({ description: 'Unix seconds' }),
  expireAt: Type.Integer({ description: 'Unix seconds: an unpaid form expires then' }),
  authorizedAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
  completedAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
});

export const OpenBankingStatusResponse = titled(
  'Open banking payment status',
  Type.Object({
    success: Type.Literal(true),
    orderId: Type.String({ description: 'The order or deposit id asked about' }),
    openbanking: Type.Union([Session, Type.Null()], { description: 'The newest payment session; null before any' }),
    metadata: Type.Object({
      entityType: StringEnum(['order', 'deposit'] as const),
      amount: Type.Optional(
        Type.Number({ description: 'Left to pay; absent for an open-amount deposit that has received nothing' }),
      ),
      currency: Type.String(),
      entityStatus: Type.String({ description: "The order's or deposit's own status" }),
    }),
    note: Type.String({ description: 'The state in words' }),
  }),
);
