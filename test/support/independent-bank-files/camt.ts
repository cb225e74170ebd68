// camt.053 (BankToCustomerStatement) and camt.054 (BankToCustomerDebitCreditNotification) writers. Every control the
// message carries is computed from the data: balances, TxsSummry counts/sums/net, Btch NbOfTxs/TtlAmt, entry amounts.
import { formatMinor, sumMinor } from './money.js';
import type {
  CamtOptions,
  CamtVersion,
  GenEntry,
  GenNotification,
  GenStatement,
  Minor,
  StatementAccountRef,
} from './types.js';

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function entryAmount(entry: GenEntry): Minor {
  return sumMinor(entry.details.map((d) => d.amountMinor));
}

/** closing = opening + booked credits - booked debits (a reversal counts by the direction of its own booking). */
export function closingMinor(statement: GenStatement): Minor {
  let closing = statement.openingMinor;
  for (const entry of statement.entries) {
    if (entry.status !== 'BOOK') continue;
    closing += entry.direction === 'credit' ? entryAmount(entry) : -entryAmount(entry);
  }
  return closing;
}

class Xml {
  private readonly lines: string[] = [];
  private depth = 0;
  open(tag: string): this {
    this.lines.push(`${'  '.repeat(this.depth)}<${tag}>`);
    this.depth++;
    return this;
  }
  close(tag: string): this {
    this.depth--;
    this.lines.push(`${'  '.repeat(this.depth)}</${tag}>`);
    return this;
  }
  leaf(tag: string, value: string, attributes = ''): this {
    this.lines.push(`${'  '.repeat(this.depth)}<${tag}${attributes}>${xmlEscape(value)}</${tag}>`);
    return this;
  }
  raw(line: string): this {
    this.lines.push(line);
    return this;
  }
  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

function amount(x: Xml, tag: string, minor: Minor, currency: string): void {
  x.leaf(tag, formatMinor(minor, currency), ` Ccy="${currency}"`);
}

function cdtDbt(direction: 'credit' | 'debit'): string {
  return direction === 'credit' ? 'CRDT' : 'DBIT';
}

function writeAccount(x: Xml, account: StatementAccountRef, version: CamtVersion): void {
  x.open('Acct').open('Id');
  if (account.iban !== undefined) x.leaf('IBAN', account.iban);
  else if (account.accountNumber !== undefined) x.open('Othr').leaf('Id', account.accountNumber).close('Othr');
  else throw new Error('an account needs an IBAN or an account number');
  x.close('Id');
  x.leaf('Ccy', account.currency);
  if (account.routing !== undefined) {
    x.open('Svcr').open('FinInstnId');
    x.leaf(version === '02' || version === '04' ? 'BIC' : 'BICFI', account.routing);
    x.close('FinInstnId').close('Svcr');
  }
  x.close('Acct');
}

function writeBalance(x: Xml, code: 'OPBD' | 'CLBD', signed: Minor, currency: string, date: string): void {
  x.open('Bal').open('Tp').open('CdOrPrtry').leaf('Cd', code).close('CdOrPrtry').close('Tp');
  amount(x, 'Amt', signed, currency);
  x.leaf('CdtDbtInd', signed < 0n ? 'DBIT' : 'CRDT');
  x.open('Dt').leaf('Dt', date).close('Dt');
  x.close('Bal');
}

function writeSummary(x: Xml, entries: GenEntry[], currency: string, version: CamtVersion): void {
  // Every entry the report lists, whatever its status, in absolute amounts; the net is credits minus debits.
  const credits = entries.filter((e) => e.direction === 'credit');
  const debits = entries.filter((e) => e.direction === 'debit');
  const creditSum = sumMinor(credits.map(entryAmount));
  const debitSum = sumMinor(debits.map(entryAmount));
  const net = creditSum - debitSum;
  x.open('TxsSummry').open('TtlNtries');
  x.leaf('NbOfNtries', String(entries.length));
  x.leaf('Sum', formatMinor(creditSum + debitSum, currency));
  if (version === '02') {
    x.leaf('TtlNetNtryAmt', formatMinor(net, currency));
    x.leaf('CdtDbtInd', net < 0n ? 'DBIT' : 'CRDT');
  } else {
    x.open('TtlNetNtry')
      .leaf('Amt', formatMinor(net, currency))
      .leaf('CdtDbtInd', net < 0n ? 'DBIT' : 'CRDT');
    x.close('TtlNetNtry');
  }
  x.close('TtlNtries');
  x.open('TtlCdtNtries').leaf('NbOfNtries', String(credits.length)).leaf('Sum', formatMinor(creditSum, currency));
  x.close('TtlCdtNtries');
  x.open('TtlDbtNtries').leaf('NbOfNtries', String(debits.length)).leaf('Sum', formatMinor(debitSum, currency));
  x.close('TtlDbtNtries');
  x.close('TxsSummry');
}

function writeEntry(x: Xml, entry: GenEntry, currency: string, bookingDate: string, version: CamtVersion): void {
  if (entry.details.length === 0) throw new Error(`entry ${entry.bankReference} has no details`);
  const total = entryAmount(entry);
  const ind = cdtDbt(entry.direction);
  x.open('Ntry');
  amount(x, 'Amt', total, currency);
  x.leaf('CdtDbtInd', ind);
  x.leaf('RvslInd', entry.reversal ? 'true' : 'false');
  if (version === '08') x.open('Sts').leaf('Cd', entry.status).close('Sts');
  else x.leaf('Sts', entry.status);
  x.open('BookgDt').leaf('Dt', bookingDate).close('BookgDt');
  x.open('ValDt').leaf('Dt', bookingDate).close('ValDt');
  x.leaf('AcctSvcrRef', entry.bankReference);
  const family = entry.direction === 'credit' ? 'RCDT' : 'ICDT';
  const subFamily = entry.details.some((d) => d.returnReason !== undefined) ? 'RRTN' : 'ESCT';
  x.open('BkTxCd').open('Domn').leaf('Cd', 'PMNT').open('Fmly').leaf('Cd', family).leaf('SubFmlyCd', subFamily);
  x.close('Fmly').close('Domn').close('BkTxCd');
  x.open('NtryDtls');
  if (entry.details.length > 1) {
    x.open('Btch').leaf('NbOfTxs', String(entry.details.length));
    amount(x, 'TtlAmt', total, currency);
    x.leaf('CdtDbtInd', ind).close('Btch');
  }
  entry.details.forEach((detail, index) => {
    x.open('TxDtls');
    x.open('Refs').leaf('AcctSvcrRef', `${entry.bankReference}-${index + 1}`);
    x.leaf('EndToEndId', detail.endToEndId ?? 'NOTPROVIDED').close('Refs');
    if (version === '02') {
      x.open('AmtDtls').open('TxAmt');
      amount(x, 'Amt', detail.amountMinor, currency);
      x.close('TxAmt').close('AmtDtls');
    } else {
      amount(x, 'Amt', detail.amountMinor, currency);
      x.leaf('CdtDbtInd', ind);
    }
    if (detail.payerName !== undefined || detail.payerIban !== undefined) {
      // The counterparty: the debtor of a credit, the creditor of a debit.
      const party = entry.direction === 'credit' ? 'Dbtr' : 'Cdtr';
      x.open('RltdPties');
      if (detail.payerName !== undefined) {
        x.open(party);
        if (version === '08') x.open('Pty').leaf('Nm', detail.payerName).close('Pty');
        else x.leaf('Nm', detail.payerName);
        x.close(party);
      }
      if (detail.payerIban !== undefined)
        x.open(`${party}Acct`).open('Id').leaf('IBAN', detail.payerIban).close('Id').close(`${party}Acct`);
      x.close('RltdPties');
    }
    if (detail.rfReference !== undefined || detail.remittance !== undefined) {
      x.open('RmtInf');
      if (detail.remittance !== undefined) x.leaf('Ustrd', detail.remittance);
      if (detail.rfReference !== undefined) {
        x.open('Strd').open('CdtrRefInf').open('Tp').open('CdOrPrtry').leaf('Cd', 'SCOR').close('CdOrPrtry');
        x.leaf('Issr', 'ISO').close('Tp').leaf('Ref', detail.rfReference).close('CdtrRefInf').close('Strd');
      }
      x.close('RmtInf');
    }
    if (detail.returnReason !== undefined) {
      x.open('RtrInf').open('Rsn').leaf('Cd', detail.returnReason).close('Rsn').close('RtrInf');
    }
    x.close('TxDtls');
  });
  x.close('NtryDtls');
  x.close('Ntry');
}

function header(
  x: Xml,
  root: string,
  messageNumber: string,
  version: CamtVersion,
  messageId: string,
  createdAt: string,
): void {
  x.raw('<?xml version="1.0" encoding="UTF-8"?>');
  x.raw(`<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${messageNumber}.001.${version}">`);
  x.open(root);
  x.open('GrpHdr').leaf('MsgId', messageId).leaf('CreDtTm', createdAt);
  x.open('MsgPgntn').leaf('PgNb', '1').leaf('LastPgInd', 'true').close('MsgPgntn');
  x.close('GrpHdr');
}

function footer(x: Xml, root: string): string {
  x.close(root);
  x.raw('</Document>');
  return x.text();
}

export function camt053(statements: GenStatement[], opts: CamtOptions = {}): string {
  const version = opts.version ?? '02';
  const x = new Xml();
  const createdAt = opts.createdAt ?? '2024-01-01T06:00:00';
  header(x, 'BkToCstmrStmt', 'camt.053', version, opts.messageId ?? 'CAMT053-INDEPENDENT-1', createdAt);
  for (const statement of statements) {
    const currency = statement.account.currency;
    x.open('Stmt').leaf('Id', statement.statementId);
    if (statement.sequence !== undefined) x.leaf('ElctrncSeqNb', String(statement.sequence));
    x.leaf('CreDtTm', createdAt);
    writeAccount(x, statement.account, version);
    writeBalance(x, 'OPBD', statement.openingMinor, currency, statement.openingDate);
    writeBalance(x, 'CLBD', closingMinor(statement), currency, statement.closingDate);
    if (opts.withSummary ?? true) writeSummary(x, statement.entries, currency, version);
    for (const entry of statement.entries) writeEntry(x, entry, currency, statement.closingDate, version);
    x.close('Stmt');
  }
  return footer(x, 'BkToCstmrStmt');
}

export function camt054(notifications: GenNotification[], opts: CamtOptions = {}): string {
  const version = opts.version ?? '02';
  const x = new Xml();
  const createdAt = opts.createdAt ?? '2024-01-01T06:00:00';
  header(x, 'BkToCstmrDbtCdtNtfctn', 'camt.054', version, opts.messageId ?? 'CAMT054-INDEPENDENT-1', createdAt);
  for (const notification of notifications) {
    const currency = notification.account.currency;
    x.open('Ntfctn').leaf('Id', notification.statementId);
    if (notification.sequence !== undefined) x.leaf('ElctrncSeqNb', String(notification.sequence));
    x.leaf('CreDtTm', createdAt);
    writeAccount(x, notification.account, version);
    if (opts.withSummary ?? false) writeSummary(x, notification.entries, currency, version);
    for (const entry of notification.entries) {
      writeEntry(x, entry, currency, notification.bookingDate ?? '2024-01-02', version);
    }
    x.close('Ntfctn');
  }
  return footer(x, 'BkToCstmrDbtCdtNtfctn');
}
