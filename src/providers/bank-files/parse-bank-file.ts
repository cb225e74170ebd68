import { BankFileError, type ParsedBankFile } from './bank-file.js';
import { camtMessages, parseCamt } from './camt.js';
import { parseMt940 } from './mt940.js';
import { parseNachaReturns } from './nacha-returns.js';
import { parsePain002 } from './pain-002.js';
import { firstChildName, readXmlDocument } from './xml-document.js';

// One entry point for every bank file an operator imports; the format is told by the content, never by a file name:
//   XML whose Document holds BkToCstmrStmt (camt.053), BkToCstmrDbtCdtNtfctn (camt.054) or CstmrPmtStsRpt (pain.002);
//   SWIFT MT940, by its :20: and :25: fields (with or without the {1:}{2:}{4: envelope);
//   a NACHA file, by its file header record "101" of 94 characters.

const looksLikeMt940 = (text: string) => /(?:^|\n|\{4:\r?\n?):20:/.test(text) && /(?:^|\n):25:/.test(text);
// File header: "1", priority "01", destination and origin (10 each), date, time, id modifier, record size "094".
const looksLikeNacha = (text: string) => /^101[ \d]{10}[ \dA-Z]{10}\d{10}[A-Z0-9]094/.test(text);

export function parseBankFile(text: string): ParsedBankFile {
  const content = text.replace(/^\uFEFF/, '').trimStart();
  if (content === '') throw new BankFileError('the bank file is empty');
  if (content.startsWith('<')) {
    const { root, rootName, namespace } = readXmlDocument(content);
    if (rootName !== 'Document') throw new BankFileError(`the XML root is ${rootName}, not an ISO 20022 Document`);
    const message = firstChildName(root);
    if (message === 'BkToCstmrStmt' || message === 'BkToCstmrDbtCdtNtfctn') return parseCamt(root, message, namespace);
    if (message === 'CstmrPmtStsRpt') return parsePain002(root, namespace);
    const known = [...Object.keys(camtMessages), 'CstmrPmtStsRpt'].join(', ');
    throw new BankFileError(`the ISO 20022 message ${message ?? '(none)'} is not one read here (${known})`);
  }
  if (looksLikeNacha(content)) return parseNachaReturns(content);
  if (looksLikeMt940(content)) return parseMt940(content);
  throw new BankFileError('the file is neither ISO 20022 XML (camt.053, camt.054, pain.002), MT940 nor NACHA');
}
