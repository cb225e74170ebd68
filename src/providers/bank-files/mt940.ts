import { createHash } from 'node:crypto';
import { normalizeIban } from '../../domain/payments/iban.js';
import { findRfReferences } from '../../domain/payments/rf-reference.js';
import {
  type AccountStatement,
  BankFileError,
  type PartyOfTransaction,
  type StatementEntry,
  type StatementFile,
} from './bank-file.js';
import { readField86 } from './mt940-field86.js';
import {
  informationOf,
  type Mt940Balance,
  type Mt940Field,
  type Mt940StatementLine,
  mt940Fields,
  readBalance,
  readStatementLine,
} from './mt940-fields.js';
import { checkUniqueReferences } from './unique-references.js';

// SWIFT MT940 customer statements into the normalized statement shape. Written here rather than with mt940-js
// (docs/decisions/providers-and-production-evidence.md, "Bank files and payment references"): that package fails to load (it requires tslib without declaring it), reads the
// reversal marks backwards (RC, a reversed credit, is a debit), keeps amounts as floats, and drops a bank reference
// unless it is exactly 16 characters.
//
// MT940 has no reference that is unique per booking in every bank's files, so an entry's bankReference is built
// from what identifies it: its bank (or customer) reference, a digest of its statement line and field 86 within the
// account, and its occurrence among identical lines. Importing the same or an overlapping export finds it again.

interface RawStatement {
  reference: string | null;
  account: string | null;
  /** :28C: statement number and, after "/", the page (sequence number within the statement). */
  statementNumber: string | null;
  opening: Mt940Balance | null;
  closing: Mt940Balance | null;
  /** :62M:, the intermediate balance that closes a page of a statement that continues. */
  pageClosing: Mt940Balance | null;
  lines: { line: Mt940StatementLine; information: string }[];
}

function groupStatements(fields: Mt940Field[]): RawStatement[] {
  const statements: RawStatement[] = [];
  let current: RawStatement | undefined;
  for (const field of fields) {
    if (field.tag === '20') {
      current = {
        reference: field.lines[0]?.trim() || null,
        account: null,
        statementNumber: null,
        opening: null,
        closing: null,
        pageClosing: null,
        lines: [],
      };
      statements.push(current);
      continue;
    }
    if (current === undefined) throw new BankFileError(`the MT940 field :${field.tag}: comes before any :20:`);
    const last = current.lines.at(-1);
    if (field.tag === '25') current.account = field.lines[0]?.trim() || null;
    else if (field.tag === '28C' || field.tag === '28') current.statementNumber = field.lines[0]?.trim() || null;
    else if (field.tag === '60F' || field.tag === '60M') current.opening = readBalance(field);
    // Only :62F: is the closing booked balance; :62M: closes one page of a statement that continues.
    else if (field.tag === '62F') current.closing = readBalance(field);
    else if (field.tag === '62M') current.pageClosing = readBalance(field);
    else if (field.tag === '61') current.lines.push({ line: readStatementLine(field), information: '' });
    else if (field.tag === '86' && last !== undefined && last.information === '')
      last.information = informationOf(field);
  }
  return statements;
}

function counterpartyOf(information: string): PartyOfTransaction | null {
  const { counterpartyName, counterpartyIban } = readField86(information);
  if (counterpartyName === null && counterpartyIban === null) return null;
  return { name: counterpartyName, iban: counterpartyIban, otherAccountId: null };
}

const signedOf = (balance: Mt940Balance) => ({
  signedAmount: `${!balance.credit && !/^0+(\.0+)?$/.test(balance.amount) ? '-' : ''}${balance.amount}`,
  currency: balance.currency,
  date: balance.date,
});

/**
 * :25: names the account as an IBAN (some banks append its currency: "NL91ABNA0417164300EUR"), or as the bank's
 * identifier and the account around a slash ("COBADEFFXXX/0532013000", "021000021/000123456789"). `iban` and
 * `otherId` stay what they always were (entries are recorded under them, so a re-import finds its lines again);
 * the parts around the slash are read apart for the check of whose account the statement is.
 */
function accountIdOf(written: string) {
  const ibanOf = (text: string) => normalizeIban(text) ?? normalizeIban(text.replace(/[A-Z]{3}$/, '')) ?? null;
  const iban = ibanOf(written);
  if (iban !== null) return { iban, otherId: null, parts: null };
  const slash = /^([^/]+)\/(.+)$/.exec(written);
  if (slash === null) return { iban: null, otherId: written, parts: null };
  const [, bank = '', number = ''] = slash;
  const isBic = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bank);
  const servicer = { bic: isBic ? bank : null, memberId: isBic ? null : bank };
  return { iban: null, otherId: written, parts: { iban: ibanOf(number), number, servicer } };
}

function readStatement(raw: RawStatement, occurrences: Map<string, number>, where: string): AccountStatement {
  if (raw.account === null) throw new BankFileError(`${where} has no :25: account`);
  const { iban, otherId, parts } = accountIdOf(raw.account);
  const currency = raw.opening?.currency ?? raw.closing?.currency;
  if (currency === undefined) throw new BankFileError(`${where} has no :60F: or :62F: balance to give its currency`);
  const accountKey = iban ?? raw.account;
  const entries = raw.lines.map(({ line, information }, index): StatementEntry => {
    const digest = createHash('sha256').update(`${accountKey}\n${line.written}\n${information}`).digest('hex');
    const seen = (occurrences.get(digest) ?? 0) + 1;
    occurrences.set(digest, seen);
    const ownReference = line.bankReference ?? line.customerReference ?? 'NONREF';
    const bankReference = `${ownReference}/${digest.slice(0, 12)}${seen > 1 ? `/${seen}` : ''}`;
    const field86 = readField86(information);
    const counterparty = counterpartyOf(information);
    const amount = { amount: line.amount, currency };
    return {
      bankReference,
      where: `${where}, :61: line ${index + 1}`,
      creditDebit: line.creditDebit,
      reversal: line.reversal,
      amount,
      status: 'BOOK',
      booked: true,
      bookingDate: line.entryDate ?? line.valueDate,
      valueDate: line.valueDate,
      bankTransactionCode: { domain: null, family: null, subFamily: null, proprietary: line.transactionType },
      additionalInfo: line.supplementaryDetails,
      batches: [],
      transactions: [
        {
          bankReference,
          amount,
          creditDebit: line.creditDebit,
          // MT940 has no structured remittance: an RF reference quoted in the reference or field 86 stands for it.
          creditorReference: findRfReferences(`${line.customerReference ?? ''} ${information}`)[0] ?? null,
          unstructuredRemittance: information === '' ? [] : [information],
          endToEndId: field86.endToEndId,
          instructionId: line.customerReference,
          debtor: line.creditDebit === 'CRDT' ? counterparty : null,
          creditor: line.creditDebit === 'DBIT' ? counterparty : null,
          counterparty,
          returnInformation:
            field86.returnReasonCode === null
              ? null
              : { reasonCode: field86.returnReasonCode, proprietaryReason: null, additionalInfo: [] },
          additionalInfo: null,
        },
      ],
    };
  });
  const [number = '', page] = (raw.statementNumber ?? '').split('/');
  return {
    account: {
      iban,
      otherId,
      servicer: parts?.servicer ?? null,
      ...(parts === null ? {} : { numberAfterBank: parts.iban ?? parts.number }),
      currency,
    },
    where,
    statementId: raw.reference,
    sequence: raw.statementNumber === null ? null : { number, page: page ?? null },
    createdAt: null,
    openingBookedBalance: raw.opening === null ? null : signedOf(raw.opening),
    closingBookedBalance: raw.closing === null ? null : signedOf(raw.closing),
    pageClosingBalance: raw.closing !== null ? signedOf(raw.closing) : raw.pageClosing && signedOf(raw.pageClosing),
    summary: null,
    entries,
  };
}

export function parseMt940(text: string): StatementFile {
  const statements = groupStatements(mt940Fields(text));
  if (statements.length === 0) throw new BankFileError('the MT940 file holds no statement (:20:)');
  const occurrences = new Map<string, number>();
  const accounts = statements.map((s, i) => readStatement(s, occurrences, `MT940 statement ${i + 1}`));
  checkUniqueReferences(accounts);
  return {
    kind: 'statement',
    format: 'mt940',
    messageNamespace: null,
    messageId: null,
    groupControls: { numberOfTransactions: null, controlSum: null },
    accounts,
  };
}
