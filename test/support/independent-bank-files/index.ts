// Independent bank-file generator: writers for camt.053, camt.054, MT940, pain.002 and Nacha return files computed
// from data, fast-check arbitraries of valid material, and a catalogue of corruptions a conforming reader must catch.
// Written from the formats' public definitions only; it shares no code with the server's readers.

export type { ChainOptions, EntryOptions } from './arbitraries.js';
export { arb } from './arbitraries.js';
export { camt053, camt054, closingMinor, entryAmount, xmlEscape } from './camt.js';
export type { BankFileFormat, Corruption } from './corruptions.js';
export { bumpDecimal, corruptions, detectFormat, otherValidIban } from './corruptions.js';
export {
  abaCheckDigit,
  isValidAba,
  isValidIban,
  isValidRfReference,
  makeIban,
  makeRfReference,
  mod97,
} from './iban.js';
export { formatMinor, minorDigits, parseMinor, sumMinor } from './money.js';
export { mt940 } from './mt940.js';
export type { NachaBatchTotals } from './nacha.js';
export { nachaBatches, nachaReturns } from './nacha.js';
export { pain002, pain002OriginalTotals } from './pain002.js';
export type * from './types.js';
