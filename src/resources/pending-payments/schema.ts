import { Type } from 'typebox';
import { refundStatuses } from '../../domain/states/refund-status.js';
import { AmountFilter, PageNumber, PageSize, UnixSecondsFilter } from '../../platform/list-query.js';
import { CurrencyFilter, Email, Envelope, Obj, StringEnum, titled } from '../../platform/schema.js';

export const PendingPayment = titled(
  'Pending payment',
  Type.Object({
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
  }),
);

const filters = {
  currency: Type.Optional(CurrencyFilter()),
  minAmount: Type.Optional(AmountFilter()),
  maxAmount: Type.Optional(AmountFilter()),
  from: Type.Optional(UnixSecondsFilter()),
  to: Type.Optional(UnixSecondsFilter()),
  userEmail: Type.Optional(Email),
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
};
/** The list conventions without `status`, which the spec applies to orders, deposits and withdrawals only. */
export const PendingListQuery = Obj({
  ...filters,
  limit: Type.Optional(PageSize()),
  page: Type.Optional(PageNumber()),
});
export const PendingCountQuery = Obj(filters);

export const PendingPaymentEnvelope = Envelope(PendingPayment);
export const PendingPaymentsEnvelope = Envelope(Type.Array(PendingPayment));
export const PendingCountEnvelope = titled('Count', Envelope(Type.Object({ count: Type.Integer() })));
