import { open, seal } from '../sealing.js';
import { noteDisclosed, withoutDisclosure } from './disclosure.js';
import type { SecretsKeyring } from './keyring.js';

// The rule for sensitive data at rest (issue #28; docs/decisions/security-and-secrets.md, "Sensitive data at rest"): a full account
// number, IBAN, card-like number, identity document's details, tax id or date of birth is never stored readable.
// Whole values (a banking account's instrument, an identity document's image, a held bank file, a payout file) are
// sealed as one column (sealed-columns.ts). Inside the JSON documents that carry them among other fields (a
// withdrawal's destination, the pay page's payer, a KYC submission, a stored answer, an event), each sensitive
// field's value is sealed where it sits: the document keeps its shape, its ids and statuses stay queryable, and the
// sealed field travels as it is from the row to the answer stored with the key, the event and the payout register.
// It is opened only at an edge that must show or use it: an HTTP answer (open-at-edge.ts), a webhook's body, the
// rail a payout goes to, a payout file, a console page.
//
// A sealed field is the string `$sealed:` followed by a sealed value (platform/sealing.ts) of the field's JSON text;
// the prefix tells it apart from a value a caller sent, and names the key (rotation, reencrypt.ts).

/** Account numbers and what stands for one; where one is shown masked (the audit log, a masked read), its last four. */
export const accountNumberFieldNames = [
  'iban',
  'accountNumber',
  'destinationBankAccount',
  'destinationBankAccountNumber',
  'destinationCCI',
  'clabe',
  'pixKey',
  'destinationPixCode',
  'destinationBreBKey',
  // A mobile-money wallet or a phone-deposit account is addressed by its phone (catalogue/payout-identifiers.ts).
  'destinationPhone',
  'cardNumber',
] as const;

/** Tax ids: a string, or the profile's { number, country }. Masked like an account number where one is shown. */
export const taxIdFieldNames = ['taxId', 'destinationTaxId'] as const;

/** Fields whose value is sealed wherever they appear in a stored JSON document; an object or array value is sealed leaf by leaf. */
export const sensitiveFieldNames: ReadonlySet<string> = new Set([
  ...accountNumberFieldNames,
  ...taxIdFieldNames,
  // Dates of birth.
  'dob',
  'dateOfBirth',
  'birthDate',
  'birthdate',
  // Identity documents: the KYC form's fields and the profile's `document` object.
  'document',
  'documentType',
  'documentNumber',
  'expiryDate',
  'issuingCountry',
]);

export const sealedFieldPrefix = '$sealed:';

const isSealedField = (value: string) => value.startsWith(sealedFieldPrefix);

function sealLeaves(keyring: SecretsKeyring, value: unknown): unknown {
  if (typeof value === 'string') {
    return isSealedField(value) || value === '' ? value : sealedFieldPrefix + seal(keyring, value);
  }
  if (Array.isArray(value)) return value.map((v) => sealLeaves(keyring, v));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sealLeaves(keyring, v)]));
  }
  return value;
}

/**
 * A copy of a JSON document with every sensitive field's string values sealed (numbers, booleans, nulls and empty
 * strings are left: none of them is an account number). A field already sealed is kept, so sealing twice is harmless.
 */
export function sealSensitive<T>(keyring: SecretsKeyring, value: T): T {
  if (Array.isArray(value)) return value.map((v) => sealSensitive(keyring, v)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      sensitiveFieldNames.has(k) ? sealLeaves(keyring, v) : sealSensitive(keyring, v),
    ]),
  ) as T;
}

/** Opens one sealed field; throws UnreadableSealedValueError when no key of the ring opens it. */
export const openSealedField = (keyring: SecretsKeyring, value: string): string =>
  open(keyring, value.slice(sealedFieldPrefix.length));

/**
 * A copy with every sealed field opened, wherever it is: the inverse of sealSensitive. A document stored before
 * sealing (plaintext, until `npm run secrets -- reencrypt` seals it) comes back as it is. Each field opened is noted
 * for the audit log when an operator's request is being served (disclosure.ts).
 */
export function openSensitive<T>(keyring: SecretsKeyring, value: T, field = 'value'): T {
  if (typeof value === 'string') {
    if (!isSealedField(value)) return value;
    noteDisclosed(field);
    return openSealedField(keyring, value) as T;
  }
  if (Array.isArray(value)) return value.map((v) => openSensitive(keyring, v, field)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, openSensitive(keyring, v, k)])) as T;
}

/**
 * A whole value of a sealed column that holds sensitive values (a payout file), opened to be shown: noted for the
 * audit log under `name` as an opened field is.
 */
export function openSealedValue(keyring: SecretsKeyring, sealed: string, name: string): string {
  noteDisclosed(name);
  return open(keyring, sealed);
}

/**
 * openSensitive for a value that is used and not shown (a file built and sealed again, the masked form an audit row
 * keeps, a comparison whose result alone is shown): nothing is noted for the audit log. Every other opening in an
 * operator's request is taken for a value shown, so that forgetting to say which errs on the side of a record.
 */
export function openForUse<T>(keyring: SecretsKeyring, value: T): T {
  return withoutDisclosure(() => openSensitive(keyring, value));
}

/** Where a sealed field's JSON string starts in text: its opening quote and the prefix. */
const sealedFieldStart = `"${sealedFieldPrefix}`;

/** A sealed value's text (platform/sealing.ts): the format, then base64url parts, dots and the key id. */
const sealedValueShape = /^v[12]\.[A-Za-z0-9_.-]+$/;

/** Whether JSON text holds a sealed field: the cheap test before openSensitiveText's work. */
export const holdsSealedField = (text: string): boolean => text.includes(sealedFieldStart);

const isJsonSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\r' || c === '\t';

/**
 * The member name (as written, escapes kept) of the string value whose opening quote is at `valueAt`, or undefined
 * for a value that is not an object's member (an array's element, the whole text). A JSON string's inner quotes are
 * escaped, so walking back from the name's closing quote, the first quote behind an even run of backslashes opens it.
 */
export function memberNameBefore(text: string, valueAt: number): string | undefined {
  let i = valueAt - 1;
  while (isJsonSpace(text[i])) i -= 1;
  if (text[i] !== ':') return undefined;
  i -= 1;
  while (isJsonSpace(text[i])) i -= 1;
  if (text[i] !== '"') return undefined;
  const close = i;
  for (i = close - 1; i >= 0; i -= 1) {
    if (text[i] !== '"') continue;
    let backslashes = 0;
    while (text[i - 1 - backslashes] === '\\') backslashes += 1;
    if (backslashes % 2 === 0) return text.slice(i + 1, close);
  }
  return undefined;
}

/**
 * JSON text with every sealed field opened in place (the same text otherwise, byte for byte): for answers and
 * webhook bodies that are text already (a stored answer, an outbox event's data, a list page). Each opened field is
 * noted as openSensitive's are, under its member name. A substring search finds each field: a regular expression
 * that also captured the name before it tried every quote of the text (5% of a list page's time, issue #32).
 */
export function openSensitiveText(keyring: SecretsKeyring, text: string): string {
  let at = text.indexOf(sealedFieldStart);
  if (at === -1) return text;
  let opened = '';
  let copiedTo = 0;
  while (at !== -1) {
    const valueStart = at + sealedFieldStart.length;
    const valueEnd = text.indexOf('"', valueStart);
    if (valueEnd === -1) break;
    const sealed = text.slice(valueStart, valueEnd);
    // A string that only starts like one (another shape, an escaped quote inside it) is left as it is; its closing
    // quote may open the next field.
    if (!sealedValueShape.test(sealed)) {
      at = text.indexOf(sealedFieldStart, valueEnd);
      continue;
    }
    noteDisclosed(memberNameBefore(text, at) ?? 'value');
    opened += text.slice(copiedTo, at) + JSON.stringify(open(keyring, sealed));
    copiedTo = valueEnd + 1;
    at = text.indexOf(sealedFieldStart, copiedTo);
  }
  return opened + text.slice(copiedTo);
}

/** Whether a document (parsed) holds a sensitive field whose value is still readable: what re-encryption seals. */
export function holdsPlaintextSensitive(value: unknown): boolean {
  const plainLeaf = (v: unknown): boolean =>
    typeof v === 'string'
      ? v !== '' && !isSealedField(v)
      : Array.isArray(v)
        ? v.some(plainLeaf)
        : v !== null && typeof v === 'object' && Object.values(v).some(plainLeaf);
  if (Array.isArray(value)) return value.some(holdsPlaintextSensitive);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) =>
    sensitiveFieldNames.has(k) ? plainLeaf(v) : holdsPlaintextSensitive(v),
  );
}

/**
 * SQL regular expression (PostgreSQL ARE) that a stored document's text matches when it may hold a sensitive field
 * not yet sealed: the name followed by a string not starting with the prefix, by an object one of whose members is
 * such a string or is itself an object or array, or by an array. A pre-filter: it never misses one; it is exact for
 * strings and flat objects (a tax id's `{ number, country }`, an identity document), so `status` counts no sealed
 * document as in the clear; re-encryption writes only what holdsPlaintextSensitive confirms.
 */
export const maybePlaintextPattern = `"(${[...sensitiveFieldNames].join('|')})": ?("(?!\\$sealed:)[^"]|\\[|\\{[^{}]*(: ?"(?!\\$sealed:)[^"]|[{[]))`;
