import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type BankAmount, BankFileError } from './bank-file.js';

// Reading ISO 20022 XML with fast-xml-parser, namespace-agnostic: prefixes are dropped and the version is read from
// the structure (an element that moved between versions is looked up at both places), so camt.053.001.02 and .08
// read the same. Every element is kept as an array, so one and several occurrences read alike, and no value is
// converted: amounts stay the decimal text the bank wrote.

/** An element: its child elements by name (each an array), its attributes as "@name", its text as "#text". */
export type XmlElement = { readonly [key: string]: unknown };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Numeric character references (&#233;) are XML; fast-xml-parser decodes them with its HTML entities.
  processEntities: true,
  htmlEntities: true,
  isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
});

/** The document's root element (ISO 20022: Document) and its namespace, or a BankFileError saying why not. */
export function readXmlDocument(text: string): { root: XmlElement; rootName: string; namespace: string | null } {
  // A DOCTYPE can declare entities that expand without bound; ISO 20022 messages never carry one.
  if (/<!DOCTYPE/i.test(text)) throw new BankFileError('the XML file declares a DOCTYPE, which bank files never do');
  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    throw new BankFileError(`the XML file is malformed at line ${line}, column ${col}: ${msg}`);
  }
  const parsed = parser.parse(text) as XmlElement;
  const names = Object.keys(parsed).filter((name) => !name.startsWith('?') && !name.startsWith('#'));
  const rootName = names[0];
  if (names.length !== 1 || rootName === undefined) throw new BankFileError('the XML file has no single root element');
  const root = elementsOf(parsed, rootName)[0] ?? {};
  return { root, rootName, namespace: rootNamespaceOf(text) };
}

/**
 * The namespace of the root element: the default one it declares (xmlns="…"), or the one bound to its own prefix
 * (<ns:Document xmlns:ns="…">); never another declaration on it (xmlns:xsi). Null when it declares none.
 */
function rootNamespaceOf(text: string): string | null {
  const start = /<(?!\?|!)(?:([\w.-]+):)?[\w.-]+(\s[^>]*)?>/.exec(text);
  if (start === null) return null;
  const [, prefix, attributes = ''] = start;
  const name = prefix === undefined ? 'xmlns' : `xmlns:${prefix}`;
  const declared = new RegExp(`(?:^|\\s)${name.replace('.', '\\.')}\\s*=\\s*["']([^"']+)["']`).exec(attributes);
  return declared?.[1] ?? null;
}

/** The name of an element's first child element (the message type under Document). */
export function firstChildName(element: XmlElement): string | undefined {
  return Object.keys(element).find((key) => !key.startsWith('@') && !key.startsWith('#'));
}

/** The child elements of that name; text-only children read as elements holding only "#text". */
export function elementsOf(element: XmlElement | undefined, name: string): XmlElement[] {
  const value = element?.[name];
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'object' && item !== null ? (item as XmlElement) : { '#text': item }));
}

/** The first element down a path of names (Refs, EndToEndId), or undefined. */
export function elementAt(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) current = elementsOf(current, name)[0];
  return current;
}

/** The trimmed text down a path, or null when the element is absent or empty. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | null {
  const found = path.length === 0 ? element : elementAt(element, ...path);
  const text = found?.['#text'];
  if (text === undefined || text === null) return null;
  const trimmed = String(text).trim();
  return trimmed === '' ? null : trimmed;
}

/** Every text of the repeated last element of a path (RmtInf/Ustrd, AddtlInf). */
export function textsAt(element: XmlElement | undefined, ...path: string[]): string[] {
  const last = path.at(-1);
  if (last === undefined) return [];
  const parent = path.length === 1 ? element : elementAt(element, ...path.slice(0, -1));
  return elementsOf(parent, last)
    .map((child) => textAt(child))
    .filter((text): text is string => text !== null);
}

/** The text down a path, or a BankFileError naming the element that should be there. */
export function requiredText(element: XmlElement | undefined, where: string, ...path: string[]): string {
  const text = textAt(element, ...path);
  if (text === null) throw new BankFileError(`${where} has no ${path.join('/')}`);
  return text;
}

// ISO 20022 ActiveOrHistoricCurrencyAndAmount: at most 18 digits, 5 of them after the point, never negative.
const ISO_AMOUNT = /^\d{1,18}(\.\d{1,5})?$/;

/** An amount element with its Ccy attribute, checked; null when absent. */
export function amountAt(element: XmlElement | undefined, where: string, ...path: string[]): BankAmount | null {
  const found = elementAt(element, ...path);
  if (found === undefined) return null;
  const amount = textAt(found);
  const currency = found['@Ccy'];
  if (amount === null || !ISO_AMOUNT.test(amount)) {
    throw new BankFileError(`${where} has an amount ${JSON.stringify(amount)} that is not a plain decimal`);
  }
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw new BankFileError(`${where} has an amount without a valid Ccy attribute`);
  }
  return { amount, currency };
}

/** The date part of an ISO 20022 date choice (Dt, or DtTm cut to its date), or null. */
export function dateAt(element: XmlElement | undefined, ...path: string[]): string | null {
  const choice = elementAt(element, ...path);
  const text = textAt(choice, 'Dt') ?? textAt(choice, 'DtTm');
  return text === null ? null : text.slice(0, 10);
}
