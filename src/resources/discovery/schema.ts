import { Type } from 'typebox';
import { Country, CurrencyParam, Envelope, Obj, StringEnum, titled } from '../../platform/schema.js';

export const NoQuery = Obj({});
export const CurrencyParams = Obj({ currency: CurrencyParam });

const PayinMethod = Type.Object({
  type: Type.String({ description: 'pix, bank, crypto, mobileMoney' }),
  rail: Type.String(),
});
const PayoutMethod = Type.Object({
  method: Type.String({ description: 'Name for destination-schema?method=' }),
  rail: Type.String({ description: 'Value of destinationTransferData.type' }),
  type: Type.String(),
});

export const CurrencyItem = titled(
  'Currency',
  Type.Object({
    code: Type.String(),
    name: Type.String(),
    kind: Type.Union([Type.Literal('fiat'), Type.Literal('crypto')]),
    precision: Type.Integer({ description: 'Decimal places amounts in this currency may carry' }),
    holdable: Type.Boolean({ description: 'Can be held in a balance and collected by POST /v1/deposits' }),
    canBeOrigin: Type.Boolean(),
    canBeDestination: Type.Boolean(),
    payinMethods: Type.Array(PayinMethod),
    acceptedOriginRails: Type.Array(Type.String()),
    payoutMethods: Type.Array(PayoutMethod),
    countries: Type.Array(Type.String()),
  }),
);

export const PairsResponse = titled(
  'Pairs',
  Type.Object({ pairs: Type.Array(Type.String({ description: 'ORIGIN/DESTINATION' })) }),
);
export const CurrenciesResponse = Envelope(Type.Array(CurrencyItem));

export const PayinSchemaResponse = titled(
  'Payin schema',
  Envelope(
    Type.Object({
      currency: Type.String(),
      payinMethods: Type.Array(PayinMethod),
      acceptedOriginRails: Type.Array(Type.String()),
    }),
  ),
);

const FieldSpec = Type.Object({
  name: Type.String(),
  required: Type.Boolean(),
  type: Type.Literal('string'),
  description: Type.String(),
  pattern: Type.Optional(Type.String()),
  minLength: Type.Optional(Type.Integer()),
  maxLength: Type.Optional(Type.Integer()),
  enum: Type.Optional(Type.Array(Type.String())),
  default: Type.Optional(Type.String()),
  allowEmpty: Type.Optional(Type.Boolean()),
  acceptedIn: Type.Array(Type.String(), { description: 'Objects the field may be sent in' }),
});
const MethodSchema = Type.Object({
  method: Type.String(),
  rail: Type.String(),
  type: Type.String(),
  fields: Type.Array(FieldSpec),
});

export const DestinationSchemaQuery = Obj({
  method: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'e.g. achUS, achCOP, bankDepositCOL' }),
  ),
});
export const DestinationSchemaResponse = titled(
  'Payout field sets',
  Envelope(Type.Object({ currency: Type.String(), methods: Type.Array(MethodSchema) })),
);

export const NetworksQuery = Obj({
  rail: Type.Optional(Type.String({ pattern: '^[A-Z0-9_]{2,40}$' })),
  rampType: Type.Optional(StringEnum(['deposit', 'withdraw'])),
  country: Type.Optional(Country),
});
const Network = titled(
  'Network',
  Type.Object({
    id: Type.String(),
    name: Type.String(),
    rail: Type.String(),
    country: Type.String(),
    rampTypes: Type.Array(Type.String()),
  }),
);
export const NetworksResponse = Envelope(Type.Array(Network));

const Bounds = Type.Object({ min: Type.Number(), max: Type.Number() });
export const LimitsResponse = titled(
  'Limits',
  Envelope(
    Type.Object({
      currency: Type.String(),
      limits: Type.Union(
        [
          Type.Object({
            payin: Type.Union([Bounds, Type.Null()]),
            payout: Type.Union([Bounds, Type.Null()]),
            asOf: Type.String(),
          }),
          Type.Null(),
        ],
        { description: 'null: no bounds are published' },
      ),
    }),
  ),
);

export const IdentitySchemaQuery = Obj({
  direction: Type.Optional(StringEnum(['payin', 'payout'], { default: 'payin' })),
  entityType: Type.Optional(StringEnum(['individual', 'business'], { default: 'individual' })),
});
const RailIntake = Type.Object({
  rail: Type.String({ description: 'Value of destinationTransferData.type' }),
  method: Type.String({ description: 'Name for destination-schema?method=' }),
  destinationUserDataRequired: Type.Boolean({
    description: 'true when the instrument cannot always state one of the facts: destinationUserData must be sent',
  }),
  facts: Type.Array(
    Type.Object({
      key: Type.String({ description: 'Party identity key the corridor requires beyond the baseline' }),
      acceptedIn: Type.Array(Type.String(), {
        description: 'Request fields that satisfy it: instrument fields that carry the fact, then destinationUserData',
      }),
    }),
  ),
});

export const IdentitySchemaResponse = titled(
  'Identity intake',
  Envelope(
    Type.Object({
      currency: Type.String(),
      direction: Type.String(),
      entityType: Type.String(),
      required: Type.Array(Type.String(), {
        description:
          'Keys the party object must hold; on a payout a fact listed under rails may come from the instrument',
      }),
      optional: Type.Array(Type.String()),
      rails: Type.Optional(
        Type.Array(RailIntake, {
          description: 'Payouts only: per payout rail, where each corridor fact may be given',
        }),
      ),
    }),
  ),
);
