import { Type } from 'typebox';
import { StringEnum } from '../../platform/schema.js';

const Amount = Type.Number({ description: 'In major units of the currency' });

export const ImportSummary = Type.Object({
  fileId: Type.String(),
  format: Type.String({ description: 'camt.053, camt.054, mt940, pain.002 or nacha-returns' }),
  credited: Type.Integer({ description: 'Credits matched by their RF reference and credited' }),
  unmatched: Type.Integer({ description: 'Credits that match nothing: GET /admin/v1/bank-entries?status=unmatched' }),
  payoutOutcomes: Type.Integer({ description: 'Payout outcomes applied (accepted, rejected, returned)' }),
  payoutReportsIgnored: Type.Integer({ description: 'Outcomes already applied, or for payouts we do not know' }),
  other: Type.Integer({ description: 'Lines that are neither (fees, interest, own transfers)' }),
  alreadyImported: Type.Integer({ description: 'Lines an earlier import recorded: nothing changed for them' }),
  closingBalances: Type.Integer(),
  skipped: Type.Integer({ description: 'Pending or reversed entries, and currencies this server does not hold' }),
});

export const BankEntry = Type.Object({
  entryId: Type.String(),
  account: Type.String(),
  bankReference: Type.String(),
  direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
  currency: Type.String(),
  amount: Amount,
  bookingDate: Type.Union([Type.String(), Type.Null()]),
  reference: Type.Union([Type.String(), Type.Null()]),
  counterparty: Type.Record(Type.String(), Type.String()),
  status: StringEnum(['credited', 'unmatched', 'to_return', 'payout', 'other']),
  matched: Type.Union([Type.Object({ kind: Type.String(), id: Type.String() }), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  fileId: Type.String(),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
});

export const Reconciliation = Type.Object({
  currency: Type.String(),
  bank: Type.Object({
    closingBalance: Amount,
    accounts: Type.Array(Type.Object({ account: Type.String(), date: Type.String(), closingBalance: Amount })),
  }),
  ledger: Type.Object({
    received: Amount,
    paidOut: Amount,
    position: Amount,
  }),
  difference: Type.Number({ description: 'Bank minus ledger' }),
  unexplained: Type.Number({ description: 'The difference the listed items do not explain' }),
  items: Type.Array(
    Type.Object({
      kind: Type.String({
        description: 'unmatched_credit, credit_to_return, other_bank_line or payout_without_bank_debit',
      }),
      id: Type.String(),
      amount: Type.Number({ description: 'Positive: at the bank, not in the ledger; negative: the reverse' }),
      detail: Type.String(),
    }),
  ),
});
