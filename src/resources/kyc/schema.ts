import { Type } from 'typebox';
import { kycCountries } from '../../catalogue/kyc-countries.js';
import { cssSizePattern } from '../../domain/hosted-look.js';
import { kycStatuses } from '../../domain/states/kyc-status.js';
import { Country, Email, Envelope, Obj, StringEnum, titled } from '../../platform/schema.js';

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

export const KycDataResponse = titled(
  'Provided and missing fields',
  Type.Object({
    success: Type.Literal(true),
    providedFields: Type.Array(Type.String()),
    missingFields: Type.Array(Type.String()),
  }),
);

export const KycStatusEnvelope = titled(
  'Verification status',
  Envelope(
    Type.Object({
      status: StringEnum(kycStatuses),
      missingFields: Type.Array(Type.String()),
      accountId: Type.Optional(Type.String({ description: 'Absent when no account exists yet' })),
    }),
  ),
);

/** Where the hosted page sends the customer: http(s) only, so a redirect can never run a script URL. */
const RedirectUrl = (description: string) =>
  Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048, description });
const CssSize = Type.String({
  pattern: cssSizePattern,
  description: 'CSS size: a number with px, %, rem, em, vw or vh, or auto',
});

/** POST /v1/kyc: starts (or re-offers) the hosted verification of a customer. */
export const KycStartRequest = Obj({
  userEmail: Email,
  countryCode: StringEnum(kycCountries, { description: 'ISO 3166-1 alpha-2; pre-selects the document country' }),
  type: StringEnum(['INDIVIDUAL', 'BUSINESS']),
  sendOTPMail: Type.Boolean({ description: 'Whether the hosted page mails the customer a one-time code to confirm' }),
  userPhone: Type.Optional(
    Type.String({
      pattern: '^\\+[1-9][0-9]{0,3}-[0-9]{4,14}$',
      description: 'Country code with +, a hyphen, the number',
    }),
  ),
  externalUserId: Type.Optional(
    text(
      100,
      "The partner's own id; for BUSINESS, the organisation's id: representatives sent with it share its account",
    ),
  ),
  language: Type.Optional(
    Type.String({ maxLength: 35, description: 'Locale; en, es and pt are served, others fall back to en' }),
  ),
  theme: Type.Optional(StringEnum(['dark', 'light'], { description: 'Default dark' })),
  blank: Type.Optional(Type.Boolean({ description: 'Render without framing' })),
  width: Type.Optional(CssSize),
  height: Type.Optional(CssSize),
  forceMobile: Type.Optional(Type.Boolean()),
  successUrl: Type.Optional(RedirectUrl('Where the customer goes once the submission is finished (not approval)')),
  errorUrl: Type.Optional(RedirectUrl('Where the customer goes on failure or cancel')),
});

export const KycStartResponse = titled(
  'Hosted verification link',
  Type.Object({
    success: Type.Boolean(),
    status: StringEnum(kycStatuses),
    kycUrl: Type.Optional(Type.String({ description: 'Single use, expires; generate a fresh one per attempt' })),
    kycId: Type.Optional(Type.String()),
    userEmail: Type.String(),
    accountId: Type.Optional(Type.String()),
    missingInfo: Type.Object({
      firstName: Type.Optional(Type.Boolean()),
      lastName: Type.Optional(Type.Boolean()),
      email: Type.Optional(Type.Boolean()),
      phone: Type.Optional(Type.Boolean()),
    }),
    missingFields: Type.Array(Type.String()),
    errorMessage: Type.Optional(Type.String()),
  }),
);
