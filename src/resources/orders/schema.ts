import { Type } from 'typebox';
import { orderStatuses } from '../../domain/states/order-status.js';
import { named } from '../../platform/components.js';
import { PartyIdentity } from '../../platform/party.js';
import { Obj, StringEnum, titled } from '../../platform/schema.js';
import { DepositInfoSchema } from '../deposits/schema.js';
import { DestinationTransferData } from '../withdrawals/schema.js';

const ExternalReference = Type.String({ minLength: 1, maxLength: 100, description: "The partner's own order number" });

export const CreateOrderRequest = Obj({
  quoteId: Type.String({ format: 'uuid', description: 'A live quote not yet used by another order' }),
  userData: Type.Optional({ ...PartyIdentity, description: 'The payer; required unless the origin is BALANCE' }),
  destinationUserData: Type.Optional({
    ...PartyIdentity,
    description: 'The beneficiary; required where the payout corridor needs beneficiary identity',
  }),
  destinationTransferData: DestinationTransferData,
  externalReference: Type.Optional(ExternalReference),
});

/** What creating an order from a pending payment takes: the payment is the origin leg, already received. */
export const CreateOrderFromPaymentRequest = Obj({
  quoteId: Type.String({
    format: 'uuid',
    description: "A live quote whose origin currency and originAmount are the payment's currency and amount",
  }),
  userData: Type.Optional({ ...PartyIdentity, description: 'The payer, when known' }),
  destinationUserData: Type.Optional(PartyIdentity),
  destinationTransferData: DestinationTransferData,
  externalReference: Type.Optional(ExternalReference),
});

export const ConfirmPayinRequest = Obj({
  orderId: Type.String({ minLength: 1, maxLength: 40, description: 'The order in the path' }),
  referenceId: Type.String({ minLength: 1, maxLength: 64, description: 'The payment reference (IMPS: the UTR)' }),
});

const legStatus = StringEnum(['Pending', 'Success', 'Reversed', 'Cancelled'], {
  description: 'Pending until the leg runs; Reversed when a failed payout undid it',
});

export const OrderDepositLeg = Type.Object({
  depositId: Type.String({ pattern: '^(PRE)?[A-Z0-9]{12}$' }),
  currency: Type.String(),
  rail: Type.String(),
  expectedAmount: Type.Number(),
  amount: Type.Number({ description: 'Received so far' }),
  receivedAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
  depositInfo: DepositInfoSchema,
});

export const OrderTradeLeg = Type.Object({
  pair: Type.String({ description: 'ORIGIN/DESTINATION' }),
  conversionRate: Type.Number({ description: 'Destination units per origin unit, as quoted' }),
  originAmount: Type.Number({ description: 'Origin amount converted, after fees' }),
  destinationAmount: Type.Number(),
  status: legStatus,
  executedAt: Type.Optional(Type.Integer({ description: 'Unix seconds' })),
});

export const OrderWithdrawLeg = Type.Object({
  currency: Type.String(),
  rail: Type.String(),
  amount: Type.Number(),
  status: legStatus,
  withdrawnAt: Type.Optional(Type.Integer({ description: 'Unix seconds: the payout left for the rail' })),
  completedAt: Type.Optional(Type.Integer({ description: 'Unix seconds: delivery confirmed' })),
});

export const Order = named(
  'Order',
  Type.Object({
    orderId: Type.String({ pattern: '^(PRE)?[A-Z0-9]{12}$' }),
    quoteId: Type.String({ format: 'uuid' }),
    status: StringEnum(orderStatuses),
    originCurrency: Type.String(),
    originRail: Type.String(),
    originAmount: Type.Number(),
    destinationCurrency: Type.String(),
    destinationRail: Type.String(),
    destinationAmount: Type.Number(),
    conversionRate: Type.Number(),
    fee: Type.Number({ description: 'Charged so far: 0 until the conversion runs' }),
    expectedFee: Type.Number({ description: 'Workspace fee plus creator markup, as quoted' }),
    expectedGasFee: Type.Number({ description: 'Network fee of a crypto payout, as quoted' }),
    feeCurrency: Type.String(),
    customerEmail: Type.Optional(Type.String({ description: 'On-behalf orders: the customer whose account is used' })),
    userData: Type.Optional(Type.Record(Type.String(), Type.String())),
    destinationUserData: Type.Optional(Type.Record(Type.String(), Type.String())),
    destinationTransferData: Type.Record(Type.String(), Type.String()),
    externalReference: Type.Optional(Type.String()),
    deposit: OrderDepositLeg,
    trade: OrderTradeLeg,
    withdraw: OrderWithdrawLeg,
    failureReason: Type.Optional(Type.String()),
    payBy: Type.Integer({ description: 'Unix seconds: the end of the payment window' }),
    createdAt: Type.Integer({ description: 'Unix seconds' }),
    updatedAt: Type.Integer({ description: 'Unix seconds' }),
  }),
);

/** List items carry the deprecated misspelled duplicate too (spec: list response only). */
export const OrderListItem = titled(
  'Order',
  Type.Object({
    ...Order.properties,
    externalRefeference: Type.Optional(Type.String({ description: 'Deprecated: use externalReference' })),
  }),
);
