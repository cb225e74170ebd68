import { type Static, Type } from 'typebox';

// What an operator configures to have payout files built for their bank: the SEPA debtor account that pain.001
// credit transfers leave from, and the ACH origination agreement behind NACHA files. Unknown keys are refused, so a
// mistyped setting fails at start-up instead of being ignored. The builders check what a pattern cannot (IBAN and
// routing check digits).

export const SepaDebtorConfig = Type.Object(
  {
    debtorName: Type.String({ minLength: 1, maxLength: 70, description: 'Account holder name (Dbtr/Nm)' }),
    iban: Type.String({ pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$', description: 'Debtor IBAN, no spaces' }),
    bic: Type.String({ pattern: '^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$', description: 'Debtor bank BIC' }),
    initiatingPartyName: Type.Optional(
      Type.String({ minLength: 1, maxLength: 70, description: 'InitgPty/Nm; the debtor name when absent' }),
    ),
  },
  { additionalProperties: false },
);
export type SepaDebtorConfig = Static<typeof SepaDebtorConfig>;

export const AchOriginatorConfig = Type.Object(
  {
    immediateDestination: Type.String({ pattern: '^[0-9]{9}$', description: 'Routing number of the receiving point' }),
    immediateDestinationName: Type.String({ minLength: 1, maxLength: 23 }),
    immediateOrigin: Type.String({
      pattern: '^[0-9]{9,10}$',
      description: 'Routing number (9 digits) or the 10-character origin id the bank assigned',
    }),
    immediateOriginName: Type.String({ minLength: 1, maxLength: 23 }),
    companyName: Type.String({ minLength: 1, maxLength: 16 }),
    companyId: Type.String({ pattern: '^[0-9A-Za-z ]{1,10}$', description: 'Company identification, often 1 + EIN' }),
    originatingDfi: Type.String({ pattern: '^[0-9]{9}$', description: 'Routing number of the ODFI' }),
    secCode: Type.Union([Type.Literal('PPD'), Type.Literal('CCD')]),
    entryDescription: Type.String({ minLength: 1, maxLength: 10, description: 'Shown on statements: PAYOUT' }),
  },
  { additionalProperties: false },
);
export type AchOriginatorConfig = Static<typeof AchOriginatorConfig>;
