import { type Static, Type } from 'typebox';

// The brokerage's own bank accounts that customers pay into, one per currency and rail. Each deposit or order shows
// the account and its own RF creditor reference (ISO 11649), which the imported bank statements are matched on.

const text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });

export const SepaCollectionAccount = Type.Object(
  {
    currency: Type.Literal('EUR'),
    rail: Type.Literal('SEPA'),
    accountHolder: text(70, 'The account holder as the bank knows it (shown to payers)'),
    iban: Type.String({ pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$', description: 'Without spaces' }),
    bic: Type.String({ pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$' }),
    bankName: text(70, 'Shown to payers'),
  },
  { additionalProperties: false },
);

export const AchCollectionAccount = Type.Object(
  {
    currency: Type.Literal('USD'),
    rail: Type.Literal('ACH_US'),
    beneficiaryName: text(70, 'The account holder as the bank knows it (shown to payers)'),
    routingNumber: Type.String({ pattern: '^[0-9]{9}$' }),
    accountNumber: Type.String({ pattern: '^[0-9]{4,17}$' }),
    bankName: text(70, 'Shown to payers'),
  },
  { additionalProperties: false },
);

export const GbpCollectionAccount = Type.Object(
  {
    currency: Type.Literal('GBP'),
    rail: Type.Literal('GBP_BANK_TRANSFER'),
    accountHolder: text(70, 'The account holder as the bank knows it (shown to payers)'),
    sortCode: Type.String({ pattern: '^[0-9]{2}-[0-9]{2}-[0-9]{2}$' }),
    accountNumber: Type.String({ pattern: '^[0-9]{8}$' }),
    bankName: text(70, 'Shown to payers'),
  },
  { additionalProperties: false },
);

export const CollectionAccount = Type.Union([SepaCollectionAccount, AchCollectionAccount, GbpCollectionAccount]);
export type CollectionAccount = Static<typeof CollectionAccount>;
export const CollectionAccounts = Type.Array(CollectionAccount, {
  description: 'One account per currency and rail',
});
