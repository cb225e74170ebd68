import { Type } from 'typebox';
import { type ItemKind, itemKinds } from '../../domain/ledger/reconciliation-items.js';
import { StringEnum, titled } from '../../platform/schema.js';

const Amount = Type.Number({ description: 'In major units of the currency' });

export const ImportSummary = titled(
  'Import summary',
  Type.Object({
    fileId: Type.String(),
    format: Type.String({ description: 'camt.053, camt.054, mt940, pain.002 or nacha-returns' }),
    status: StringEnum(['imported', 'held'], {
      description:
        "imported: verified whole and applied. held (202): sound and ours, but a statement does not follow its account's previous one; nothing moved until an operator accepts it",
    }),
    reasons: Type.Array(Type.String(), { description: 'Why a held file waits; empty when applied' }),
    credited: Type.Integer({ description: 'Credits matched by their RF reference and credited' }),
    unmatched: Type.Integer({ description: 'Credits that match nothing: GET /admin/v1/bank-entries?status=unmatched' }),
    payoutOutcomes: Type.Integer({ description: 'Payout outcomes applied (accepted, rejected, returned)' }),
    payoutReportsIgnored: Type.Integer({ description: 'Outcomes already applied, or for payouts we do not know' }),
    other: Type.Integer({ description: 'Lines that are neither (fees, interest, own transfers)' }),
    reversals: Type.Integer({ description: 'Booked reversals of earlier lines (RvslInd, MT940 RC/RD)' }),
    alreadyImported: Type.Integer({ description: 'Lines an earlier import recorded: nothing changed for them' }),
    closingBalances: Type.Integer(),
    skipped: Type.Integer({ description: 'Entries not booked: pending, information only, forward-dated' }),
  }),
);

const bankEntryStatuses = ['credited', 'unmatched', 'to_return', 'payout', 'other', 'reversal', 'reversed'] as const;
export const BankEntryStatus = StringEnum([...bankEntryStatuses], {
  description:
    'credited; unmatched (waits for an operator); to_return; payout (a debit or return of our payout); other (fees, interest); reversal (a booked reversal that waits for an operator: it reverses a credit already applied, or one not found); reversed (an unmatched credit and its reversal, netting to nothing)',
});

export const BankFile = titled(
  'Bank file',
  Type.Object({
    fileId: Type.String(),
    format: Type.String({ description: 'camt.053, camt.054, mt940, pain.002, nacha-returns, or unknown (not read)' }),
    sha256: Type.String({ description: 'Of the file as imported' }),
    status: StringEnum(['imported', 'refused', 'held'], {
      description:
        'imported: verified and applied; refused: failed verification (or rejected by an operator), nothing of it acted; held: waits for an operator',
    }),
    reasons: Type.Array(Type.String(), { description: 'Every check the file failed, or why it is held' }),
    accounts: Type.Array(Type.String(), { description: "The brokerage's accounts it reports on, masked" }),
    importedAt: Type.Integer({ description: 'Unix seconds' }),
    decidedAt: Type.Union([Type.Integer({ description: 'Unix seconds' }), Type.Null()], {
      description: 'When an operator accepted or rejected it (held files only)',
    }),
    decisionNote: Type.Union([Type.String(), Type.Null()]),
    summary: Type.Union([Type.Partial(ImportSummary), Type.Null()], {
      description: 'What the import did, for an imported file',
    }),
  }),
);

export const BankEntry = titled(
  'Statement line',
  Type.Object({
    entryId: Type.String(),
    account: Type.String(),
    bankReference: Type.String(),
    direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
    currency: Type.String(),
    amount: Amount,
    bookingDate: Type.Union([Type.String(), Type.Null()]),
    reference: Type.Union([Type.String(), Type.Null()]),
    counterparty: Type.Record(Type.String(), Type.String()),
    status: BankEntryStatus,
    reversesEntryId: Type.Union([Type.String(), Type.Null()], {
      description: 'For a reversal: the entry it takes back, when found',
    }),
    matched: Type.Union([Type.Object({ kind: Type.String(), id: Type.String() }), Type.Null()]),
    note: Type.Union([Type.String(), Type.Null()]),
    fileId: Type.String(),
    createdAt: Type.Integer({ description: 'Unix seconds' }),
  }),
);

/** Each item kind with its sign, from the table the report is computed by (domain/ledger/reconciliation-items.ts). */
const itemKindList = Object.keys(itemKinds) as ItemKind[];
const itemKindDocs = itemKindList
  .map((kind) => `${kind} (${itemKinds[kind].sign}): ${itemKinds[kind].means}`)
  .join('; ');

export const Reconciliation = titled(
  'Reconciliation',
  Type.Object({
    currency: Type.String(),
    reconciledBy: StringEnum(['bank', 'provider-service'], {
      description:
        "bank: the bank's closing balances against the ledger's clearing. provider-service: the currency's money moves " +
        'through the provider service and no bank account of ours, so there is no bank figure: bank, difference and ' +
        "unexplained are null and the currency is reconciled against the provider service's own statement",
    }),
    bank: Type.Union([
      Type.Object({
        closingBalance: Amount,
        accounts: Type.Array(Type.Object({ account: Type.String(), date: Type.String(), closingBalance: Amount })),
      }),
      Type.Null(),
    ]),
    ledger: Type.Object({
      received: Type.Number({ description: 'In through system:clearing:inbound (major units)' }),
      paidOut: Type.Number({ description: 'Out through system:clearing:outbound, net of returns (major units)' }),
      position: Type.Number({ description: 'received − paidOut (major units)' }),
    }),
    difference: Type.Union([Type.Number(), Type.Null()], {
      description:
        "bank − ledger: the sum of the accounts' latest closing balances minus the ledger's position. The ledger's " +
        "clearing starts at zero, so an account's opening balance before its first imported statement stays in it",
    }),
    unexplained: Type.Union([Type.Number(), Type.Null()], {
      description:
        'difference − Σ items[].amount: 0 when every difference is a listed item; otherwise an opening balance or a ' +
        'statement line never imported',
    }),
    items: Type.Array(
      Type.Object({
        kind: StringEnum(itemKindList, { description: `What explains part of the difference. ${itemKindDocs}` }),
        id: Type.String({ description: 'The bank entry, deposit, order or payout it is about' }),
        amount: Type.Number({
          description:
            'What the item contributes to the difference (bank − ledger), in major units: positive, the bank holds ' +
            'more than the ledger because of it; negative, less',
        }),
        detail: Type.String(),
      }),
    ),
    note: Type.Optional(Type.String({ description: 'Why there is no bank figure (reconciledBy provider-service)' })),
  }),
);
