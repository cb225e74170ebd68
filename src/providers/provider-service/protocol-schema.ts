import { type TSchema, Type } from 'typebox';

// The wire of the provider protocol in the server-to-provider direction (docs/decisions/providers-and-production-evidence.md, "The provider protocol"): what the
// server sends to the brokerage's provider service and what it accepts back. The callbacks the provider makes are in
// provider-protocol/schema.ts; openapi/provider-protocol.json is generated from both.

/** An exact decimal in major units, as a string: never a JSON number, which could not carry 18 decimals exactly. */
export const DecimalAmount = Type.String({
  pattern: '^(0|[1-9][0-9]{0,19})(\\.[0-9]{1,18})?$',
  maxLength: 40,
  description: 'An exact decimal in major units of the currency, as a string ("120.5"), at most its precision',
});

const DepositId = Type.String({
  pattern: '^[A-Z0-9]{12,15}$',
  description: 'The deposit (or order payment) the instructions are for; also the Idempotency-Key',
});
const Currency = Type.String({ pattern: '^[A-Z]{3,5}$', description: 'A currency code of the catalogue' });
const Rail = Type.String({ pattern: '^[A-Z0-9_]{2,40}$', description: 'A rail of the catalogue' });

export const DepositInstructionsRequest = Type.Object(
  {
    depositId: DepositId,
    currency: Currency,
    rail: Rail,
    amount: Type.Optional({ ...DecimalAmount, description: 'The expected amount; absent for an open amount' }),
  },
  { additionalProperties: false },
);

export const PayoutSubmission = Type.Object(
  {
    payoutId: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Our id of the payout: the Idempotency-Key, and the id its outcome callback names',
    }),
    currency: Currency,
    rail: Rail,
    amount: DecimalAmount,
    destination: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The payout instrument, with the field set of the rail in the partner API (its `type` included)',
    }),
  },
  { additionalProperties: false },
);

export const PayoutAccepted = Type.Object(
  { payoutId: Type.String({ minLength: 1, maxLength: 64 }), status: Type.Literal('accepted') },
  { additionalProperties: false, description: 'Accepted for processing: the outcome follows by callback' },
);

export const PayoutRefused = Type.Object(
  {
    outcome: Type.Literal('rejected'),
    reason: Type.String({ minLength: 1, maxLength: 500, description: 'Recorded with the payout for operators' }),
  },
  {
    additionalProperties: false,
    description: 'Refused at once (422): no money left, the withdrawal fails and its hold is released',
  },
);

// The depositInfo shapes a provider may answer (providers/rails/deposit-info.ts): closed objects, so that nothing
// of the provider's own (a vendor name, an internal id) reaches a partner, and each checked against the rail.
const text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const closed = (properties: Record<string, TSchema>, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });
const amount = Type.Optional(
  Type.Number({ exclusiveMinimum: 0, description: 'The expected amount as the payer sees it (a JSON number)' }),
);
const reference = text(35, 'The reference the payer quotes, which the provider credits the deposit by');

export const ProviderDepositInfo = Type.Union([
  closed(
    {
      depositType: Type.Literal('SEPA'),
      accountHolder: text(70),
      iban: Type.String({ pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$' }),
      bic: Type.String({ pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$' }),
      bankName: text(70),
      amount,
      referenceCode: reference,
    },
    'EUR on SEPA',
  ),
  closed(
    {
      depositType: Type.Literal('GBP_BANK_TRANSFER'),
      accountHolder: text(70),
      accountNumber: Type.String({ pattern: '^[0-9]{8}$' }),
      sortCode: Type.String({ pattern: '^[0-9]{2}-[0-9]{2}-[0-9]{2}$' }),
      bankName: text(70),
      amount,
      referenceCode: reference,
    },
    'GBP by Faster Payments',
  ),
  closed(
    {
      depositType: Type.Literal('ACH_US'),
      beneficiaryName: text(70),
      routingNumber: Type.String({ pattern: '^[0-9]{9}$' }),
      accountNumber: Type.String({ pattern: '^[0-9]{4,17}$' }),
      bankName: text(70),
      amount,
      referenceCode: reference,
    },
    'USD by ACH',
  ),
  closed(
    {
      depositType: Type.Literal('PIX'),
      qrCodeString: text(
        512,
        'The BR Code (EMV) with the amount and the reference inside it; passed through unchanged',
      ),
      base64QRCode: Type.String({
        pattern: '^[A-Za-z0-9+/]+={0,2}$',
        maxLength: 200_000,
        description: 'PNG, no prefix',
      }),
    },
    'BRL by PIX',
  ),
  closed(
    {
      depositType: Type.Literal('SPEI'),
      clabe: Type.String({ pattern: '^[0-9]{18}$' }),
      beneficiaryName: text(70),
      bankName: text(70),
      amount,
      referenceCode: reference,
    },
    'MXN by SPEI',
  ),
  closed(
    {
      depositType: Type.Literal('MOBILE_MONEY'),
      networkId: Type.Optional(text(64)),
      phoneNumber: Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', description: 'E.164' }),
      accountName: text(70),
      amount,
      referenceCode: reference,
    },
    'Mobile money (MOBILE_MONEY_* rails)',
  ),
  closed(
    {
      depositType: Type.Literal('BANK_TRANSFER'),
      accountHolder: text(70),
      accountNumber: Type.String({ pattern: '^[A-Za-z0-9 -]{4,34}$' }),
      bankName: text(70),
      amount,
      referenceCode: reference,
    },
    'A local bank transfer (BANK_DEPOSIT_* rails)',
  ),
  closed(
    {
      depositType: Type.Literal('CRYPTO'),
      address: Type.String({ pattern: '^[A-Za-z0-9:_-]{20,128}$' }),
      network: Rail,
    },
    'A crypto rail: the network is the rail (MATIC for POLYGON)',
  ),
]);
