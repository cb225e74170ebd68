import { Type } from 'typebox';
import { refundStatuses } from '../../domain/states/refund-status.js';
import { Email, Envelope, Obj, StringEnum } from '../../platform/schema.js';

export const PendingPayment = Type.Object({
  transferId: Type.String({ format: 'uuid' }),
  methodId: Type.Optional(
    Type.String({ description: 'The receiving method it arrived on; absent for funds an order returned' }),
  ),
  sourceOrderId: Type.Optional(
    Type.String({ description: 'The order these funds came back from (overpaid, expired part-paid, failed payout)' }),
  ),
  linkedOrderId: Type.Optional(Type.String({ description: 'The order created from this payment' })),
  currency: Type.String(),
  amount: Type.Number(),
  status: StringEnum(['UNMATCHED', 'LINKED', 'RETURNED']),
  refundStatus: Type.Optional(StringEnum(refundStatuses, { description: 'Absent when no refund is in progress' })),
  counterparty: Type.Record(Type.String(), Type.String()),
  userEmail: Type.Optional(Type.String({ description: "The method's account holder, for a customer's method" })),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});

const filters = {
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3,5}$' })),
  minAmount: Type.Optional(Type.Number({ minimum: 0 })),
  maxAmount: Type.Optional(Type.Number({ minimum: 0 })),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  userEmail: Type.Optional(Email),
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
};
/** The list conventions without `status`, which the spec applies to orders, deposits and withdrawals only. */
export const PendingListQuery = Obj({
  ...filters,
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
  page: Type.Optional(Type.Integer({ minimum: 0 })),
});
export const PendingCountQuery = Obj(filters);

export const PendingPaymentEnvelope = Envelope(PendingPayment);
export const PendingPaymentsEnvelope = Envelope(Type.Array(PendingPayment));
export const PendingCountEnvelope = Envelope(Type.Object({ count: Type.Integer() }));
