import {
  type BankAmount,
  BankFileError,
  type CreditDebit,
  type EntryTransaction,
  type PartyOfTransaction,
  type ReturnInformation,
} from './bank-file.js';
import { amountAt, elementAt, elementsOf, textAt, textsAt, type XmlElement } from './xml-document.js';

// One TxDtls of a camt.053/054 entry. Elements that moved between versions are read at both places:
//   amount      TxDtls/Amt (.001.04+)          | TxDtls/AmtDtls/TxAmt/Amt (.001.02+)
//   party name  RltdPties/Dbtr/Pty/Nm (.001.08+) | RltdPties/Dbtr/Nm (up to .001.07)
// "NOTPROVIDED" is the EPC's placeholder for an end-to-end id the originator did not give.

/** What the entry passes down to its transactions: defaults for what a TxDtls leaves out. */
export interface EntryContext {
  readonly where: string;
  readonly bankReference: string;
  readonly creditDebit: CreditDebit;
  readonly amount: BankAmount;
  readonly transactionCount: number;
}

/** CdtDbtInd of an element: CRDT or DBIT, undefined when absent, a BankFileError for anything else. */
export function creditDebitOf(element: XmlElement | undefined, where: string): CreditDebit | undefined {
  const text = textAt(element, 'CdtDbtInd');
  if (text === null) return undefined;
  if (text === 'CRDT' || text === 'DBIT') return text;
  throw new BankFileError(`${where} has CdtDbtInd ${JSON.stringify(text)}, neither CRDT nor DBIT`);
}

export function requiredCreditDebit(element: XmlElement, where: string): CreditDebit {
  const creditDebit = creditDebitOf(element, where);
  if (creditDebit === undefined) throw new BankFileError(`${where} has no CdtDbtInd`);
  return creditDebit;
}

function partyOf(related: XmlElement | undefined, role: 'Dbtr' | 'Cdtr'): PartyOfTransaction | null {
  const party = elementAt(related, role);
  const account = elementAt(related, `${role}Acct`, 'Id');
  const name = textAt(party, 'Pty', 'Nm') ?? textAt(party, 'Nm');
  const iban = textAt(account, 'IBAN');
  const otherAccountId = textAt(account, 'Othr', 'Id');
  if (name === null && iban === null && otherAccountId === null) return null;
  return { name, iban, otherAccountId };
}

function returnInformationOf(details: XmlElement): ReturnInformation | null {
  const returned = elementAt(details, 'RtrInf');
  if (returned === undefined) return null;
  return {
    reasonCode: textAt(returned, 'Rsn', 'Cd'),
    proprietaryReason: textAt(returned, 'Rsn', 'Prtry'),
    additionalInfo: textsAt(returned, 'AddtlInf'),
  };
}

/** The structured creditor reference: the first RmtInf/Strd/CdtrRefInf/Ref. */
function creditorReferenceOf(details: XmlElement | undefined): string | null {
  for (const structured of elementsOf(elementAt(details, 'RmtInf'), 'Strd')) {
    const reference = textAt(structured, 'CdtrRefInf', 'Ref');
    if (reference !== null) return reference;
  }
  return null;
}

function endToEndIdOf(details: XmlElement | undefined): string | null {
  const id = textAt(details, 'Refs', 'EndToEndId');
  return id === null || id.toUpperCase() === 'NOTPROVIDED' ? null : id;
}

/**
 * The bank references of an entry's transactions: their own AcctSvcrRef when every one has one and they differ,
 * else the entry's reference with the 1-based position ("2024051500017:2"), which a re-import finds again.
 */
export function transactionReferences(entryReference: string, details: XmlElement[]): string[] {
  const own = details.map((d) => textAt(d, 'Refs', 'AcctSvcrRef'));
  const distinct = new Set(own);
  if (own.length > 0 && own.every((r) => r !== null) && distinct.size === own.length) return own as string[];
  return details.map((_, i) => (details.length === 1 ? entryReference : `${entryReference}:${i + 1}`));
}

/** One transaction of an entry; `details` is undefined for an entry without TxDtls. */
export function readTransaction(
  details: XmlElement | undefined,
  index: number,
  bankReference: string,
  entry: EntryContext,
): EntryTransaction {
  const where = `${entry.where}, transaction ${index + 1}`;
  const ownAmount = amountAt(details, where, 'Amt') ?? amountAt(details, where, 'AmtDtls', 'TxAmt', 'Amt');
  const creditDebit = creditDebitOf(details, where) ?? entry.creditDebit;
  const related = elementAt(details, 'RltdPties');
  const debtor = partyOf(related, 'Dbtr');
  const creditor = partyOf(related, 'Cdtr');
  return {
    bankReference,
    amount: ownAmount ?? (entry.transactionCount <= 1 ? entry.amount : null),
    creditDebit,
    creditorReference: creditorReferenceOf(details),
    unstructuredRemittance: textsAt(details, 'RmtInf', 'Ustrd'),
    endToEndId: endToEndIdOf(details),
    instructionId: textAt(details, 'Refs', 'InstrId'),
    debtor,
    creditor,
    counterparty: creditDebit === 'CRDT' ? debtor : creditor,
    returnInformation: details === undefined ? null : returnInformationOf(details),
    additionalInfo: textAt(details, 'AddtlTxInf'),
  };
}
