import { Type } from 'typebox';
import {
  destinationCurrencyValues,
  destinationRailValues,
  locales,
  originCurrencyValues,
  originRailValues,
} from '../../catalogue/rail-values.js';
import { limits } from '../../limits.js';
import { named } from '../../platform/components.js';
import { Email, Obj, PositiveAmount, StringEnum } from '../../platform/schema.js';

const enumOf = (values: readonly string[], description?: string) =>
  StringEnum(values, description ? { description } : {});

const currencyCode = (values: readonly string[]) =>
  Type.String({ pattern: '^[A-Z]{3,5}$', description: `One of: ${values.join(', ')}` });

export const QuoteRequest = Obj({
  // Currencies are checked by the service, so that a refusal names the currency (ARS cannot be an origin, ...).
  originCurrency: currencyCode(originCurrencyValues),
  originRail: Type.Optional(enumOf(originRailValues, 'Defaults to the currency’s first collection rail')),
  destinationCurrency: currencyCode(destinationCurrencyValues),
  destinationRail: Type.Optional(enumOf(destinationRailValues, 'Defaults to the currency’s first payout rail')),
  originAmount: Type.Optional({ ...PositiveAmount, description: 'Price from the amount sent; one of the two amounts' }),
  destinationAmount: Type.Optional({
    ...PositiveAmount,
    description: 'Price from the amount delivered; one of the two amounts',
  }),
  locale: Type.Optional(enumOf(locales)),
  customerId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 254, description: 'On-behalf quotes: the account id' }),
  ),
  customerEmail: Type.Optional({ ...Email, description: 'On-behalf quotes: the account email' }),
  userEmail: Type.Optional({ ...Email, description: 'Email of the user making the quote' }),
  creatorMarkup: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: limits.creatorMarkupMaxRatio,
      description: 'Fraction added on top of workspace fees',
    }),
  ),
});

export const QuoteResponse = named(
  'Quote',
  Type.Object({
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
  }),
);
