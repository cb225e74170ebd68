import { Type } from 'typebox';
import { named } from '../../platform/components.js';
import { PageNumber, PageSize } from '../../platform/list-query.js';
import { PartyIdentity } from '../../platform/party.js';
import { CurrencyFilter, Email, Envelope, Obj, titled } from '../../platform/schema.js';
import { DestinationTransferData } from '../withdrawals/schema.js';

export const CreateBankingAccountRequest = Obj({
  currency: Type.String({ pattern: '^[A-Z]{3,5}$', description: 'The currency the destination is paid out in' }),
  destinationTransferData: {
    ...DestinationTransferData,
    description:
      'The payout instrument, checked as an order or withdrawal checks it: a fiat payout rail of the currency and ' +
      'its field set (GET /v1/currencies/{currency}/destination-schema)',
  },
  destinationUserData: Type.Optional({
    ...PartyIdentity,
    description: 'The beneficiary; used by orders to this destination that send none of their own',
  }),
  customerEmail: Type.Optional({
    ...Email,
    description: "Store it for this customer's account (on-behalf) instead of the workspace's own",
  }),
  label: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "The partner's own name for it" })),
});

export const BankingAccount = named(
  'BankingAccount',
  Type.Object(
    {
      bankingAccountId: Type.String({ format: 'uuid' }),
      currency: Type.String(),
      rail: Type.String({ description: 'The payout rail it is paid out by' }),
      label: Type.Optional(Type.String()),
      customerEmail: Type.Optional(
        Type.String({ description: 'The customer it is stored for; absent: the workspace' }),
      ),
      last4: Type.String({
        description:
          'The last four characters of the account identifier (IBAN, account number, CLABE, CCI, Pix key, wallet ' +
          'phone), normalised; fewer when the identifier is shorter than eight',
      }),
      fingerprint: Type.String({
        description: 'Stable: the same account stored twice in this workspace has the same fingerprint',
      }),
      destinationTransferData: Type.Record(Type.String(), Type.String(), {
        description: 'As stored, account identifiers and tax ids masked (****6789)',
      }),
      destinationUserData: Type.Optional(
        Type.Record(Type.String(), Type.String(), { description: 'As stored, the tax id masked' }),
      ),
      createdAt: Type.Integer({ description: 'Unix seconds' }),
    },
    { description: 'A stored payout destination; orders and withdrawals name it as LINKED_BANK_ACCOUNT' },
  ),
);

export const BankingAccountParams = Obj({ bankingAccountId: Type.String({ minLength: 1, maxLength: 64 }) });

export const BankingAccountListQuery = Obj({
  currency: Type.Optional(CurrencyFilter()),
  customerEmail: Type.Optional({ ...Email, description: "Only this customer's" }),
  limit: Type.Optional(PageSize()),
  page: Type.Optional(PageNumber()),
});

export const BankingAccountEnvelope = Envelope(BankingAccount);
export const BankingAccountsEnvelope = Envelope(Type.Array(BankingAccount));
export const DeletedBankingAccountEnvelope = titled(
  'Deletion',
  Envelope(Type.Object({ bankingAccountId: Type.String({ format: 'uuid' }), deleted: Type.Literal(true) })),
);
