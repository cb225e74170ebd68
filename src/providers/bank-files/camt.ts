import {
  type AccountStatement,
  BankFileError,
  type BankTransactionCode,
  type EntryBatch,
  type EntryStatus,
  type SignedBalance,
  type StatementAccount,
  type StatementEntry,
  type StatementFile,
  type TransactionsSummary,
} from './bank-file.js';
import { creditDebitOf, readTransaction, requiredCreditDebit, transactionReferences } from './camt-transaction.js';
import { checkUniqueReferences } from './unique-references.js';
import { amountAt, dateAt, elementAt, elementsOf, textAt, type XmlElement } from './xml-document.js';

// ISO 20022 camt.053 (BkToCstmrStmt: the end-of-day statement, with balances) and camt.054 (BkToCstmrDbtCdtNtfctn:
// a notification of credits and debits, usually without balances). Both hold, per account, entries (Ntry) that each
// may batch several transaction details (NtryDtls/TxDtls). Versions .001.02 to .001.08 differ where read:
//   entry status  Ntry/Sts (text, up to .001.07) | Ntry/Sts/Cd (.001.08+)
// and in the transaction details (camt-transaction.ts).

export const camtMessages = {
  BkToCstmrStmt: { format: 'camt.053', block: 'Stmt' },
  BkToCstmrDbtCdtNtfctn: { format: 'camt.054', block: 'Ntfctn' },
} as const;

export type CamtMessageName = keyof typeof camtMessages;

const ENTRY_STATUSES: readonly EntryStatus[] = ['BOOK', 'PDNG', 'INFO', 'FUTR'];

function accountOf(block: XmlElement, where: string): StatementAccount {
  const account = elementAt(block, 'Acct');
  const iban = textAt(account, 'Id', 'IBAN');
  const otherId = textAt(account, 'Id', 'Othr', 'Id');
  if (iban === null && otherId === null) throw new BankFileError(`${where} names no account (Acct/Id/IBAN or Othr/Id)`);
  // Acct/Svcr/FinInstnId: BIC (BIC up to .001.04, BICFI later) or a clearing system member id (routing, sort code).
  const institution = elementAt(account, 'Svcr', 'FinInstnId');
  const bic = textAt(institution, 'BICFI') ?? textAt(institution, 'BIC');
  const memberId = textAt(institution, 'ClrSysMmbId', 'MmbId');
  const servicer = bic === null && memberId === null ? null : { bic, memberId };
  return { iban, otherId, servicer, currency: textAt(account, 'Ccy') };
}

/** A DBIT balance is negative; zero stays unsigned. */
const signed = (amount: string, sign: 'CRDT' | 'DBIT') =>
  sign === 'DBIT' && !/^0+(\.0+)?$/.test(amount) ? `-${amount}` : amount;

/** The first balance of one of `codes` (Bal with Tp/CdOrPrtry/Cd), signed by its CdtDbtInd. */
function balanceOf(block: XmlElement, codes: readonly string[], where: string): SignedBalance | null {
  for (const code of codes) {
    const balance = elementsOf(block, 'Bal').find((b) => textAt(b, 'Tp', 'CdOrPrtry', 'Cd') === code);
    if (balance === undefined) continue;
    const amount = amountAt(balance, `${where}, ${code} balance`, 'Amt');
    if (amount === null) throw new BankFileError(`${where} has a ${code} balance without Amt`);
    const sign = requiredCreditDebit(balance, `${where}, ${code} balance`);
    return { signedAmount: signed(amount.amount, sign), currency: amount.currency, date: dateAt(balance, 'Dt') };
  }
  return null;
}

/** TtlNtries, TtlCdtNtries and TtlDbtNtries as written; the net is TtlNetNtryAmt (.001.02) or TtlNetNtry/Amt. */
function summaryOf(block: XmlElement, where: string): TransactionsSummary | null {
  const summary = elementAt(block, 'TxsSummry');
  if (summary === undefined) return null;
  const count = (element: XmlElement | undefined) =>
    element === undefined ? null : { count: textAt(element, 'NbOfNtries'), sum: textAt(element, 'Sum') };
  const all = elementAt(summary, 'TtlNtries');
  const netAmount = textAt(all, 'TtlNetNtryAmt') ?? textAt(all, 'TtlNetNtry', 'Amt');
  const netSign = textAt(all, 'TtlNetNtry', 'CdtDbtInd') ?? textAt(all, 'CdtDbtInd');
  if (netAmount !== null && netSign !== 'CRDT' && netSign !== 'DBIT') {
    throw new BankFileError(`${where} has a TxsSummry net amount without a CRDT or DBIT indicator`);
  }
  return {
    all: count(all),
    credits: count(elementAt(summary, 'TtlCdtNtries')),
    debits: count(elementAt(summary, 'TtlDbtNtries')),
    net: netAmount === null ? null : signed(netAmount, netSign as 'CRDT' | 'DBIT'),
  };
}

function statusOf(entry: XmlElement, where: string): EntryStatus {
  const code = textAt(entry, 'Sts', 'Cd') ?? textAt(entry, 'Sts');
  const status = ENTRY_STATUSES.find((s) => s === code);
  if (status === undefined)
    throw new BankFileError(`${where} has status ${JSON.stringify(code)}, not BOOK/PDNG/INFO/FUTR`);
  return status;
}

function bankTransactionCodeOf(entry: XmlElement): BankTransactionCode | null {
  const code = elementAt(entry, 'BkTxCd');
  if (code === undefined) return null;
  return {
    domain: textAt(code, 'Domn', 'Cd'),
    family: textAt(code, 'Domn', 'Fmly', 'Cd'),
    subFamily: textAt(code, 'Domn', 'Fmly', 'SubFmlyCd'),
    proprietary: textAt(code, 'Prtry', 'Cd'),
  };
}

function batchOf(batch: XmlElement, listedTransactions: number, where: string): EntryBatch {
  const count = textAt(batch, 'NbOfTxs');
  if (count !== null && !/^\d{1,15}$/.test(count)) throw new BankFileError(`${where} has a batch NbOfTxs of ${count}`);
  return {
    messageId: textAt(batch, 'MsgId'),
    paymentInformationId: textAt(batch, 'PmtInfId'),
    numberOfTransactions: count === null ? null : Number(count),
    totalAmount: amountAt(batch, `${where}, batch`, 'TtlAmt'),
    creditDebit: creditDebitOf(batch, `${where}, batch`) ?? null,
    listedTransactions,
  };
}

function readEntry(entry: XmlElement, where: string): StatementEntry {
  const bankReference = textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef');
  // Without the bank's reference a re-import could not be told from a new booking; refuse rather than guess.
  if (bankReference === null) throw new BankFileError(`${where} has neither AcctSvcrRef nor NtryRef`);
  const amount = amountAt(entry, where, 'Amt');
  if (amount === null) throw new BankFileError(`${where} has no Amt`);
  const creditDebit = requiredCreditDebit(entry, where);
  const status = statusOf(entry, where);
  const entryDetails = elementsOf(entry, 'NtryDtls');
  const details = entryDetails.flatMap((d) => elementsOf(d, 'TxDtls'));
  const context = { where, bankReference, creditDebit, amount, transactionCount: details.length };
  const references = transactionReferences(bankReference, details);
  const transactions =
    details.length === 0
      ? [readTransaction(undefined, 0, bankReference, context)]
      : details.map((d, i) => readTransaction(d, i, references[i] ?? bankReference, context));
  return {
    bankReference,
    where,
    creditDebit,
    reversal: textAt(entry, 'RvslInd') === 'true',
    amount,
    status,
    booked: status === 'BOOK',
    bookingDate: dateAt(entry, 'BookgDt'),
    valueDate: dateAt(entry, 'ValDt'),
    bankTransactionCode: bankTransactionCodeOf(entry),
    additionalInfo: textAt(entry, 'AddtlNtryInf'),
    batches: entryDetails.flatMap((d) =>
      elementsOf(d, 'Btch').map((b) => batchOf(b, elementsOf(d, 'TxDtls').length, where)),
    ),
    transactions,
  };
}

function readAccountBlock(block: XmlElement, where: string): AccountStatement {
  const account = accountOf(block, where);
  // Messages name the account by its last four characters, as operators read account numbers everywhere else: a
  // reason is stored and shown, and an account number is not for the log.
  const accountName = `…${(account.iban ?? account.otherId ?? '').slice(-4)}`;
  const entries = elementsOf(block, 'Ntry').map((e, i) => readEntry(e, `${where}, entry ${i + 1} of ${accountName}`));
  const closingBookedBalance = balanceOf(block, ['CLBD'], where);
  const currency = account.currency ?? closingBookedBalance?.currency ?? entries[0]?.amount.currency ?? null;
  const sequenceNumber = textAt(block, 'ElctrncSeqNb') ?? textAt(block, 'LglSeqNb');
  return {
    account: { ...account, currency },
    where,
    statementId: textAt(block, 'Id'),
    sequence: sequenceNumber === null ? null : { number: sequenceNumber, page: textAt(block, 'StmtPgntn', 'PgNb') },
    createdAt: textAt(block, 'CreDtTm'),
    // PRCD (the previous statement's closing) stands for the opening when a bank gives it instead of OPBD.
    openingBookedBalance: balanceOf(block, ['OPBD', 'PRCD'], where),
    closingBookedBalance,
    pageClosingBalance: closingBookedBalance ?? balanceOf(block, ['ITBD'], where),
    summary: summaryOf(block, where),
    entries,
  };
}

/** A camt.053 or camt.054 document whose Document element holds `messageName`. */
export function parseCamt(document: XmlElement, messageName: CamtMessageName, namespace: string | null): StatementFile {
  const { format, block } = camtMessages[messageName];
  const message = elementAt(document, messageName);
  const blocks = elementsOf(message, block);
  if (blocks.length === 0) throw new BankFileError(`the ${format} file holds no ${block}`);
  const accounts = blocks.map((b, i) => readAccountBlock(b, `${format} ${block} ${i + 1}`));
  checkUniqueReferences(accounts);
  return {
    kind: 'statement',
    format,
    messageNamespace: namespace,
    messageId: textAt(message, 'GrpHdr', 'MsgId'),
    groupControls: {
      numberOfTransactions: textAt(message, 'GrpHdr', 'NbOfTxs'),
      controlSum: textAt(message, 'GrpHdr', 'CtrlSum'),
    },
    accounts,
  };
}
