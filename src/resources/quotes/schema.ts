import { Type } from 'typebox';
import {
  destinationCurrencyValues,
  destinationRailValues,
  locales,
  originCurrencyValues,
  originRailValues,
} from '../../catalogue/rail-values.js';
import { limits } from '../../limits.js';
import { Email, Obj, PositiveAmount } from '../../platform/schema.js';

const enumOf = (values: readonly string[], description?: string) =>
  Type.Union(values.map((v) => Type.Literal(v)), description ? { description } : {});

export const QuoteRequest = Obj({
  originCurrency: enumOf(originCurrencyValues),
  originRail: Type.Optional(enumOf(originRailValues, 'Defaults to the currency’s first collection rail')),
  destinationCurrency: enumOf(destinationCurrencyValues),
  destinationRail: Type.Optional(enumOf(destinationRailValues, 'Defaults to the currency’s first payout rail')),
  originAmount: Type.Optional({ ...PositiveAmount, description: 'Price from the amount sent; one of the two amounts' }),
  destinationAmount: Type.Optional({ ...PositiveAmount, description: 'Price from the amount delivered; one of the two amounts' }),
  locale: Type.Optional(enumOf(locales)),
  customerId: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'On-behalf quotes: the account id' })),
  customerEmail: Type.Optional({ ...Email, description: 'On-behalf quotes: the account email' }),
  userEmail: Type.Optional({ ...Email, description: 'Email of the user making the quote' }),
  creatorMarkup: Type.Optional(
    Type.Number({ exclusiveMinimum: 0, maximum: limits.creatorMarkupMax, description: 'Fraction added on top of workspace fees' }),
  ),
});

export const QuoteResponse = Type.Object({
  quoteId: Type.String({ format: 'uuid' }),
  originCurrency: Type.String(),
  destinationCurrency: Type.String(),
  originNetwork: Type.String({ description: 'The origin rail' }),
  destinationNetwork: Type.String({ description: 'The payout rail' }),
  originAmount: Type.Number(),
  destinationAmount: Type.Number(),
  price: Type.Number({ description: 'Origin units paid per destination unit' }),
  conversionRate: Type.Number({ description: 'Destination units per origin unit, spread included' }),
  pair: Type.String({ description: 'ORIGIN/DESTINATION' }),
  fee: Type.Number({ description: 'Workspace fee plus creator markup, in feeCurrency' }),
  expectedGasFee: Type.Number({ description: 'Network fee of a crypto payout, in feeCurrency' }),
  feeCurrency: Type.String(),
  expireAt: Type.Integer({ description: 'Unix seconds' }),
});
