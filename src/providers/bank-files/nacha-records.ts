import anyAscii from 'any-ascii';
import { BankFileError } from './bank-file.js';

// NACHA fixed-width records (Nacha Operating Rules, Appendix One): 94 characters each, numeric fields right-justified
// and zero-filled, alphanumeric fields left-justified and space-filled, upper case by convention. Positions below
// are the rules' 1-based inclusive ones, so a field reads as field(record, 4, 13) exactly as the layout tables say.

export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;

/** The characters at 1-based inclusive positions start..end of a record. */
export function field(record: string, start: number, end: number): string {
  return record.slice(start - 1, end);
}

/** A numeric field: the value right-justified and zero-filled, refused when it does not fit. */
export function numeric(value: bigint | number, width: number, what: string): string {
  const digits = value.toString();
  if (!/^\d+$/.test(digits) || digits.length > width) {
    throw new BankFileError(`${what} ${digits} does not fit a ${width}-digit NACHA field`);
  }
  return digits.padStart(width, '0');
}

/**
 * An alphanumeric field: transliterated to ASCII (any-ascii: "Müller" → "Muller"), upper-cased, characters outside
 * the printable ASCII range dropped, then left-justified and cut to the width.
 */
export function alphanumeric(value: string, width: number): string {
  const printable = anyAscii(value)
    .toUpperCase()
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return printable.slice(0, width).padEnd(width, ' ');
}

/** An identifier field that must be carried whole (a payout reference, an account number): refused if it is cut. */
export function exactAlphanumeric(value: string, width: number, what: string): string {
  if (!/^[0-9A-Za-z-]+$/.test(value) || value.length > width) {
    throw new BankFileError(`${what} ${JSON.stringify(value)} is not 1 to ${width} letters, digits or hyphens`);
  }
  return value.toUpperCase().padEnd(width, ' ');
}

/** YYMMDD of a YYYY-MM-DD date. */
export function yymmdd(date: string, what: string): string {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new BankFileError(`${what} ${JSON.stringify(date)} is not a YYYY-MM-DD date`);
  return `${match[1]}${match[2]}${match[3]}`;
}

/** YYYY-MM-DD of a YYMMDD field, or null when blank (NACHA dates are all in this century). */
export function dateOfYymmdd(text: string): string | null {
  if (!/^\d{6}$/.test(text)) return null;
  return `20${text.slice(0, 2)}-${text.slice(2, 4)}-${text.slice(4, 6)}`;
}

/** The records of a NACHA file: lines (LF or CR LF), or an unbroken run of 94-character records. */
export function recordsOf(text: string): string[] {
  const trimmed = text.replace(/^\uFEFF/, '').replace(/[\r\n]+$/, '');
  const lines = /[\r\n]/.test(trimmed)
    ? trimmed.split(/\r?\n/)
    : Array.from({ length: Math.ceil(trimmed.length / RECORD_LENGTH) }, (_, i) =>
        trimmed.slice(i * RECORD_LENGTH, (i + 1) * RECORD_LENGTH),
      );
  return lines.map((line, i) => {
    // Some systems strip the trailing spaces of a record; the blanks they stood for are restored.
    if (line.length > RECORD_LENGTH) {
      throw new BankFileError(`NACHA record ${i + 1} is ${line.length} characters long, not ${RECORD_LENGTH}`);
    }
    return line.padEnd(RECORD_LENGTH, ' ');
  });
}

/** The entry hash: the sum of the receiving DFIs' eight-digit identifications, its rightmost ten digits. */
export function entryHashOf(dfiIdentifications: readonly string[]): bigint {
  const sum = dfiIdentifications.reduce((total, dfi) => total + BigInt(dfi), 0n);
  return sum % 10_000_000_000n;
}
