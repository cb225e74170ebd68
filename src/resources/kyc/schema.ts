import { Type } from 'typebox';
import { kycStatuses } from '../../domain/states/kyc-status.js';
import { Country, Email, Envelope, Obj, StringEnum } from '../../platform/schema.js';

const text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const IsoDate = Type.String({ format: 'date', description: 'ISO 8601 date, YYYY-MM-DD' });

export const KycAddress = Obj({
  street: text(200),
  city: text(100),
  state: text(100),
  zip: text(20),
  country: Country,
});

/** The profile fields of POST /v1/kyc/data: any subset, merged into what was sent before. */
export const KycDataRequest = Obj({
  userEmail: Email,
  firstName: Type.Optional(text(100, 'Legal name as on the ID')),
  lastName: Type.Optional(text(100)),
  birthdate: Type.Optional(IsoDate),
  birthCountry: Type.Optional(Country),
  phone: Type.Optional(Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164: + and 7 to 15 digits' })),
  nationality: Type.Optional({ ...Country, description: 'ISO 3166-1 alpha-2: two letters, not three' }),
  employmentStatus: Type.Optional(
    StringEnum(['employed', 'selfEmployed', 'businessOwner', 'unemployed', 'student', 'retired', 'others']),
  ),
  profession: Type.Optional(
    text(100, 'Activity sector code (digits); free text is accepted but not recorded, and counts as not declared'),
  ),
  fundsOrigin: Type.Optional(
    StringEnum(['salary', 'incomes', 'investments', 'pensions', 'donations', 'propertiesSell', 'others']),
  ),
  fundsOriginOthersReason: Type.Optional(text(500, 'Required when fundsOrigin is others')),
  accountPurpose: Type.Optional(
    StringEnum(['savings', 'currencyExchange', 'investment', 'trading', 'cryptocurrencyPayments']),
  ),
  depositEstimation: Type.Optional(
    Obj({ minimum: Type.Integer({ minimum: 0 }), maximum: Type.Integer({ minimum: 0 }) }),
  ),
  addresses: Type.Optional(Type.Array(KycAddress, { minItems: 1, maxItems: 5 })),
  gender: Type.Optional(StringEnum(['male', 'female', 'N/D'])),
  document: Type.Optional(
    Obj(
      {
        type: StringEnum(['idcard', 'passport', 'drivinglicense', 'visa']),
        id: text(50),
        expiryDate: IsoDate,
        issuingCountry: Country,
      },
      { description: 'All four fields, or none' },
    ),
  ),
  taxId: Type.Optional(Obj({ number: text(50), country: Country })),
  pepDeclaration: Type.Optional(
    StringEnum(['no', 'yes', 'family', 'related'], { description: 'Omit when unanswered' }),
  ),
  pep: Type.Optional(Type.Boolean({ description: 'Removed: accepted and ignored; use pepDeclaration' })),
});

export const KycDataResponse = Type.Object({
  success: Type.Literal(true),
  providedFields: Type.Array(Type.String()),
  missingFields: Type.Array(Type.String()),
});

export const KycStatusEnvelope = Envelope(
  Type.Object({
    status: StringEnum(kycStatuses),
    missingFields: Type.Array(Type.String()),
    accountId: Type.Optional(Type.String({ description: 'Absent when no account exists yet' })),
  }),
);
