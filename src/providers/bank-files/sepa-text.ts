import anyAscii from 'any-ascii';
import { BankFileError } from './bank-file.js';

// The EPC's SEPA character set (EPC217-08, "SEPA Requirements for an Extended Character Set"): the basic Latin set
// a–z A–Z 0–9 / - ? : ( ) . , ' + and space is the one every SEPA bank must accept. Free text (names, remittance) is
// transliterated into it: letters through any-ascii ("Müller" → "Muller", "Łódź" → "Lodz"), anything still outside
// the set becomes a space ("Smith & Sons" → "Smith Sons"), and the text is cut to the field's length. Identifiers we
// generate (message, payment and end-to-end ids) are never altered: one outside the set is refused.

const OUTSIDE_SET = /[^a-zA-Z0-9/\-?:().,'+ ]/g;

/**
 * Free text in the SEPA set; refused when nothing of it is left. Longer than `maxLength`, a name is cut (the bank
 * would keep only that much) but a remittance is refused: it carries a reference that must arrive whole.
 */
export function sepaText(text: string, maxLength: number, what: string, overflow: 'cut' | 'refuse' = 'cut'): string {
  const converted = anyAscii(text).replace(OUTSIDE_SET, ' ').replace(/\s+/g, ' ').trim();
  if (converted === '') throw new BankFileError(`${what} ${JSON.stringify(text)} has nothing writable in SEPA`);
  if (converted.length > maxLength && overflow === 'refuse') {
    throw new BankFileError(`${what} is longer than ${maxLength} characters`);
  }
  return converted.slice(0, maxLength).trim();
}

/** An identifier as EPC rules allow it: 1 to 35 characters of the set, not starting or ending with "/", no "//". */
export function sepaIdentifier(id: string, what: string): string {
  const valid =
    /^[a-zA-Z0-9/\-?:().,'+ ]{1,35}$/.test(id) && !id.startsWith('/') && !id.endsWith('/') && !id.includes('//');
  if (!valid) throw new BankFileError(`${what} ${JSON.stringify(id)} is not a SEPA identifier (1–35 characters)`);
  return id;
}
