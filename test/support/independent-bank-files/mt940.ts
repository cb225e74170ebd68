// SWIFT MT940 customer statement writer: :20: :25: :28C: :60F: (:61: :86:)* :62F: per statement, "-" between
// statements, CRLF lines. Amounts use a decimal comma; :61: is value date YYMMDD, entry date MMDD, D/C/RD/RC mark,
// amount, transaction type (N + 3 characters), reference for the account owner, "//" and the bank's reference.
import { closingMinor, entryAmount } from './camt.js';
import { formatMinor } from './money.js';
import type { GenStatement, Minor, Mt940Options } from './types.js';

function yymmdd(date: string): string {
  return date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
}

function balance(tag: '60F' | '62F', signed: Minor, currency: string, date: string): string {
  return `:${tag}:${signed < 0n ? 'D' : 'C'}${yymmdd(date)}${currency}${formatMinor(signed, currency, ',')}`;
}

/** Wraps text into :86: lines of at most 65 characters, 6 lines at most. */
function narrative(text: string): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > 0 && lines.length < 6) {
    const width = lines.length === 0 ? 61 : 65;
    lines.push(rest.slice(0, width));
    rest = rest.slice(width);
  }
  if (lines.length === 0) return [':86:'];
  lines[0] = `:86:${lines[0]}`;
  return lines;
}

function accountField(statement: GenStatement, style: NonNullable<Mt940Options['accountStyle']>): string {
  const { account } = statement;
  if (style === 'bic-slash-account') {
    if (account.routing === undefined || account.accountNumber === undefined) {
      throw new Error("accountStyle 'bic-slash-account' needs routing (BIC) and accountNumber");
    }
    return `${account.routing}/${account.accountNumber}`;
  }
  const id = account.iban ?? account.accountNumber;
  if (id === undefined) throw new Error('an account needs an IBAN or an account number');
  return style === 'iban-with-currency' ? `${id}${account.currency}` : id;
}

export function mt940(statements: GenStatement[], opts: Mt940Options = {}): string {
  const style = opts.accountStyle ?? 'iban';
  const eol = opts.lineEnding ?? '\r\n';
  const blocks: string[] = [];
  for (const statement of statements) {
    const currency = statement.account.currency;
    const lines: string[] = [];
    lines.push(`:20:${statement.statementId}`);
    lines.push(`:25:${accountField(statement, style)}`);
    lines.push(`:28C:${String(statement.sequence ?? 1).padStart(5, '0')}/001`);
    lines.push(balance('60F', statement.openingMinor, currency, statement.openingDate));
    for (const entry of statement.entries) {
      if (entry.status !== 'BOOK') throw new Error(`MT940 carries booked entries only (${entry.bankReference})`);
      if (entry.bankReference.length > 16) throw new Error(`MT940 bank reference ${entry.bankReference} exceeds 16`);
      const detail = entry.details[0];
      if (detail === undefined) throw new Error(`entry ${entry.bankReference} has no details`);
      // SWIFT: RC is the reversal of a credit (a debit booking), RD the reversal of a debit (a credit booking).
      const mark = entry.reversal
        ? entry.direction === 'credit'
          ? 'RD'
          : 'RC'
        : entry.direction === 'credit'
          ? 'C'
          : 'D';
      const ownerRef = (detail.endToEndId ?? 'NONREF').slice(0, 16);
      const date = statement.closingDate;
      lines.push(
        `:61:${yymmdd(date)}${date.slice(5, 7)}${date.slice(8, 10)}${mark}${formatMinor(entryAmount(entry), currency, ',')}` +
          `N${detail.returnReason !== undefined ? 'RTI' : 'TRF'}${ownerRef}//${entry.bankReference}`,
      );
      const parts: string[] = [];
      for (const d of entry.details) {
        if (d.endToEndId !== undefined) parts.push(`/EREF/${d.endToEndId}`);
        if (d.payerIban !== undefined) parts.push(`/IBAN/${d.payerIban}`);
        if (d.payerName !== undefined) parts.push(`/NAME/${d.payerName}`);
        if (d.returnReason !== undefined) parts.push(`/RTRN/${d.returnReason}`);
        if (d.rfReference !== undefined || d.remittance !== undefined) {
          parts.push(`/REMI/${[d.rfReference, d.remittance].filter((v) => v !== undefined).join(' ')}`);
        }
      }
      lines.push(...narrative(parts.join('')));
    }
    lines.push(balance('62F', closingMinor(statement), currency, statement.closingDate));
    blocks.push(lines.join(eol));
  }
  return `${blocks.join(`${eol}-${eol}`)}${eol}-${eol}`;
}
